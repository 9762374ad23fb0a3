import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
