import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../server/src/db/index';
import { purgeExpired } from '../../server/src/jobs/housekeeping';
import { LETTER_BATCH, LETTERS_PER_MINUTE, queueLetter, queueUnfinishedLetters } from '../../server/src/newsletter/letters';
import { ADMIN, failure, httpClient, startTestApp, type TestApp } from '../support/app';
import { startSmtpStandIn } from '../support/smtp-stand-in';
import { until } from '../support/until';

// The owner's letter to the newsletter: previewed, tried on herself, sent once to every confirmed
// subscriber through the outbox (nobody unconfirmed, nobody who left), each mail with the mail app's
// one-click unsubscribe; what became of it is counted.

let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
let app: TestApp;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
  smtp.accept();
  app = await startTestApp({ demo: true, env: { SMTP_URL: smtp.url, OUTBOX_RETRY_SECONDS: '1' } });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** A header of a received message, unfolded. */
const header = (raw: string, name: string) =>
  new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n\s+/g, ' '))?.[1]?.trim();

describe('a letter to the newsletter', () => {
  it('is previewed, tested, sent once to the confirmed subscribers with one-click unsubscribe, and counted', async () => {
    // Besides the demo's confirmed subscribers: one who never confirmed, one who left.
    await httpClient(app.url).client.newsletterSubscribers.subscribe.mutate({ email: 'pas-confirme@example.com' });
    await app.db
      .insertInto('newsletterSubscribers')
      .values({ email: 'partie@example.com', confirmedAt: new Date().toISOString(), unsubscribedAt: new Date().toISOString() })
      .execute();
    const confirmed = (
      await app.db
        .selectFrom('newsletterSubscribers')
        .select('email')
        .where('confirmedAt', 'is not', null)
        .where('unsubscribedAt', 'is', null)
        .execute()
    ).map((r) => r.email);
    expect(confirmed.length).toBeGreaterThanOrEqual(2);

    const product = (await app.asAdmin.products.list({ pageSize: 1 })).rows[0]! as { id: string; name: string };
    const letter = (await app.asAdmin.newsletters.create({
      subject: 'Les nouveautés de décembre',
      body: '<p>Bonjour,</p><p>Voici nos <strong>nouveautés</strong> : <a href="https://exemple.bj/offre">l’offre</a>, <a href="/products">nos produits</a>.</p>',
      featuredProduct: product.id,
    })) as { id: string };

    const preview = await app.asAdmin.newsletters.preview({ id: letter.id });
    expect(preview.audience).toBe(confirmed.length);
    expect(preview.html).toContain('<strong>nouveautés</strong>');
    expect(preview.html).toContain(product.name);
    // Read in a mail app, far from the shop: its own links carry its address.
    expect(preview.html).toContain(`<a href="${app.config.publicUrl}/products">nos produits</a>`);
    expect(preview.text).toContain(
      `Voici nos nouveautés : l’offre (https://exemple.bj/offre), nos produits (${app.config.publicUrl}/products).`,
    );

    await app.asAdmin.newsletters.sendTest({ id: letter.id });
    const test = await until('the test', () => smtp.received.find((m) => m.subject === '[Test] Les nouveautés de décembre'));
    expect(test.to).toEqual([ADMIN.email]);

    expect(await app.asAdmin.newsletters.send({ id: letter.id })).toEqual({ recipients: confirmed.length });
    expect((await failure(app.asAdmin.newsletters.send({ id: letter.id }))).message).toBe('Cette lettre est déjà partie.');
    expect((await failure(app.asAdmin.newsletters.update({ id: letter.id, data: { subject: 'Autre' } }))).code).toBe('BAD_REQUEST');

    const letters = () => smtp.received.filter((m) => m.subject === 'Les nouveautés de décembre');
    await until('every letter', () => letters().length === confirmed.length);
    expect(
      letters()
        .flatMap((m) => m.to)
        .sort(),
    ).toEqual([...confirmed].sort());
    for (const mail of letters()) {
      expect(header(mail.raw, 'List-Unsubscribe')).toMatch(/^<http:\/\/[^>]+\/api\/newsletter\/desinscription\?id=[\w-]+&t=[\w-]+>$/);
      expect(header(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(mail.html).toContain('Se désinscrire</a>');
      expect(mail.text).toMatch(/Se désinscrire : http:\/\/\S+\/newsletter\?action=desinscrire/);
    }
    await until('counted as sent', async () => (await app.asAdmin.newsletters.stats({ id: letter.id })).sent === confirmed.length);

    // One subscriber leaves from her mail app, in one click.
    const url = new URL(header(letters()[0]!.raw, 'List-Unsubscribe')!.slice(1, -1));
    const left = await fetch(`${app.url}${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(left.status).toBe(200);
    expect(await app.asAdmin.newsletters.stats({ id: letter.id })).toMatchObject({
      recipients: confirmed.length,
      sent: confirmed.length,
      failed: 0,
      unsubscribed: 1,
    });
    const next = (await app.asAdmin.newsletters.create({ subject: 'Suivante', body: '<p>x</p>' })) as { id: string };
    expect((await app.asAdmin.newsletters.preview({ id: next.id })).audience).toBe(confirmed.length - 1);
  });

  it('is queued a batch at a time, each subscriber once, at its pace, even by two servers or after a stop', async () => {
    // 2,600 more confirmed subscribers: three batches.
    await sql`INSERT INTO newsletter_subscribers (email, confirmed_at)
              SELECT 'lot' || g || '@exemple.bj', now() FROM generate_series(1, 2600) g`.execute(app.db);
    const audience = Number(
      (
        await app.db
          .selectFrom('newsletterSubscribers')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('confirmedAt', 'is not', null)
          .where('unsubscribedAt', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(audience).toBeGreaterThan(2 * LETTER_BATCH);
    const rows = (id: string) =>
      app.db
        .selectFrom('outbox')
        .select(['channel', 'recipient', 'payload', 'nextAttemptAt', 'status'])
        .where(sql<string>`payload->>'newsletterId'`, '=', id)
        .execute();

    const letter = (await app.asAdmin.newsletters.create({ subject: 'Grande lettre', body: '<p>Bonjour à tous</p>' })) as { id: string };
    expect(await app.asAdmin.newsletters.send({ id: letter.id })).toEqual({ recipients: audience });
    const queued = await rows(letter.id);
    expect(queued).toHaveLength(audience);
    expect(new Set(queued.map((r) => (r.payload as { subscriberId: string }).subscriberId)).size).toBe(audience);
    expect(queued.every((r) => r.channel === 'letter')).toBe(true);
    // Its pace: LETTERS_PER_MINUTE a minute from its departure, the last one about 45 minutes later.
    const times = queued.map((r) => new Date(r.nextAttemptAt).getTime()).sort((a, b) => a - b);
    const minutes = (times.at(-1)! - times[0]!) / 60_000;
    expect(Math.round(minutes)).toBe(Math.floor((audience - 1) / LETTERS_PER_MINUTE));
    const perMinute = new Map<number, number>();
    for (const t of times)
      perMinute.set(Math.floor((t - times[0]!) / 60_000), (perMinute.get(Math.floor((t - times[0]!) / 60_000)) ?? 0) + 1);
    expect(Math.max(...perMinute.values())).toBe(LETTERS_PER_MINUTE);
    expect(await app.asAdmin.newsletters.stats({ id: letter.id })).toMatchObject({ recipients: audience, queuing: false });
    // The first minute leaves at once (a slow run may reach the second minute meanwhile: it is not counted).
    const firstMinute = new Set(queued.filter((r) => new Date(r.nextAttemptAt).getTime() === times[0]).map((r) => r.recipient));
    expect(firstMinute.size).toBe(LETTERS_PER_MINUTE);
    const received = () => smtp.received.filter((m) => m.subject === 'Grande lettre' && firstMinute.has(m.to[0]!));
    await until('the first minute received', () => received().length === LETTERS_PER_MINUTE);
    expect(received().every((m) => m.html.includes('Bonjour à tous'))).toBe(true);
    // Composed as it leaves: a subscriber of the last minute who left since gets nothing when its time comes.
    const last = queued.find((r) => new Date(r.nextAttemptAt).getTime() === times.at(-1))!;
    await app.db
      .updateTable('newsletterSubscribers')
      .set({ unsubscribedAt: new Date().toISOString() })
      .where('email', '=', last.recipient)
      .execute();
    await app.db
      .updateTable('outbox')
      .set({ nextAttemptAt: new Date().toISOString() })
      .where('recipient', '=', last.recipient)
      .where(sql<string>`payload->>'newsletterId'`, '=', letter.id)
      .execute();
    const left = await until('the last one settled', async () =>
      (await rows(letter.id)).find((r) => r.recipient === last.recipient && r.status !== 'pending'),
    );
    expect(left.status).toBe('cancelled');
    expect(smtp.received.some((m) => m.subject === 'Grande lettre' && m.to.includes(last.recipient))).toBe(false);

    // A server stopped right after marking the letter as leaving: two servers' jobs take it up, and
    // each subscriber is queued once.
    const next = (await app.asAdmin.newsletters.create({ subject: 'Reprise', body: '<p>x</p>' })) as { id: string };
    await app.db.updateTable('newsletters').set({ sentAt: new Date().toISOString() }).where('id', '=', next.id).execute();
    await app.db.insertInto('newsletterSendings').values({ newsletterId: next.id }).execute();
    expect((await app.asAdmin.newsletters.stats({ id: next.id })).queuing).toBe(true);
    const other = app.engine === 'postgresql' ? createDb({ databaseUrl: app.databaseUrl! }) : app.db;
    try {
      await Promise.all([queueUnfinishedLetters(app.db), queueLetter(other, next.id)]);
    } finally {
      if (other !== app.db) await other.destroy();
    }
    const resumed = await rows(next.id);
    expect(resumed).toHaveLength(audience - 1);
    expect(new Set(resumed.map((r) => (r.payload as { subscriberId: string }).subscriberId)).size).toBe(audience - 1);
    expect(await app.asAdmin.newsletters.stats({ id: next.id })).toMatchObject({ recipients: audience - 1, queuing: false });
    expect(await queueUnfinishedLetters(app.db)).toBe(0);
  });

  it('leaves the "Envois" after the days set, keeping what waits, failed, belongs to a letter under way, and every letter’s figures', async () => {
    const days = (n: number) => sql<string>`now() - make_interval(days => ${n})`;
    const letters = await app.db.selectFrom('newsletters').select(['id', 'subject']).execute();
    const done = letters.find((l) => l.subject === 'Les nouveautés de décembre')!;
    const underWay = letters.find((l) => l.subject === 'Grande lettre')!;
    const before = {
      done: await app.asAdmin.newsletters.stats({ id: done.id }),
      underWay: await app.asAdmin.newsletters.stats({ id: underWay.id }),
    };
    expect(before.done.sent).toBeGreaterThan(0);
    // Everything settled is made 100 days old, and a few others besides.
    await app.db
      .updateTable('outbox')
      .set({ updatedAt: days(100) })
      .execute();
    const message = (status: 'sent' | 'failed' | 'pending' | 'cancelled', subject: string, age = 100) =>
      sql`INSERT INTO outbox (channel, recipient, subject, status, payload, updated_at)
          VALUES ('mail', 'x@exemple.bj', ${subject}, ${status}, '{"to":"x","subject":"x","text":"x"}', ${days(age)})`.execute(app.db);
    await message('sent', 'Vieux message envoyé');
    await message('cancelled', 'Vieux message abandonné');
    await message('failed', 'Vieux message en échec');
    await message('pending', 'Vieux message qui attend');
    await message('sent', 'Message récent', 80);
    await app.db
      .insertInto('auditLog')
      .values([
        { actor: 'ancien@exemple.bj', action: 'Entrée de l’an dernier', createdAt: days(400) },
        { actor: 'ancien@exemple.bj', action: 'Entrée de ce mois', createdAt: days(20) },
      ])
      .execute();
    const subjects = async () => (await app.db.selectFrom('outbox').select('subject').execute()).map((r) => r.subject);
    const letterRows = async (id: string) =>
      (
        await app.db
          .selectFrom('outbox')
          .select('id')
          .where(sql<string>`payload->>'newsletterId'`, '=', id)
          .execute()
      ).length;
    const underWayRows = await letterRows(underWay.id);

    const purged = await purgeExpired(app.db, app.config);
    expect(purged.outbox).toBeGreaterThan(0);
    const kept = await subjects();
    expect(kept).not.toContain('Vieux message envoyé');
    expect(kept).not.toContain('Vieux message abandonné');
    expect(kept).toEqual(expect.arrayContaining(['Vieux message en échec', 'Vieux message qui attend', 'Message récent']));
    // The finished letter's rows are gone, its figures are not; the letter under way keeps all its rows.
    expect(await letterRows(done.id)).toBe(0);
    expect(await app.asAdmin.newsletters.stats({ id: done.id })).toEqual(before.done);
    expect(await letterRows(underWay.id)).toBe(underWayRows);
    expect(await app.asAdmin.newsletters.stats({ id: underWay.id })).toEqual(before.underWay);
    // The audit keeps its year (Paramètres), then what the owner sets.
    const audit = async () =>
      (await app.db.selectFrom('auditLog').select('action').where('actor', '=', 'ancien@exemple.bj').execute()).map((r) => r.action);
    expect(await audit()).toEqual(['Entrée de ce mois']);
    await app.asAdmin.settings.update({ outboxKeepDays: 60 });
    expect((await failure(app.asAdmin.settings.update({ auditKeepDays: 10 }))).code).toBe('BAD_REQUEST');
    await purgeExpired(app.db, app.config);
    expect(await subjects()).not.toContain('Message récent');
    expect(await audit()).toEqual(['Entrée de ce mois']);
  });
});
