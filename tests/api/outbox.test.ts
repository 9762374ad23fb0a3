import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../server/src/db/index';
import { mailDelivery } from '../../server/src/platform/mail-delivery';
import { enqueueMail } from '../../server/src/platform/outbox';
import { claimDue, runDue } from '../../server/src/platform/outbox-worker';
import { until } from '../support/until';
import { ADMIN, httpClient, memberClient, startTestApp, type TestApp } from '../support/app';
import { SEALED_MARK } from '../../server/src/platform/sealed';
import { startSmtpStandIn } from '../support/smtp-stand-in';

// Every side effect is written with the write that causes it and carried out by a worker: a mail
// server that refuses for a while, or a restart in between, loses nothing and sends nothing twice.

let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
let app: TestApp;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  app = await startTestApp({ env: { SMTP_URL: smtp.url, OUTBOX_RETRY_SECONDS: '1' } });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const envois = async (search: string) =>
  (await app.asAdmin.outbox.list({ page: 1, pageSize: 50, search })).rows as unknown as {
    id: string;
    channel: string;
    recipient: string;
    subject: string;
    status: string;
    attempts: number;
    lastError: string | null;
  }[];

describe('the outbox', () => {
  it('keeps an order’s mails while the mail server refuses, across a restart, and sends each exactly once', async () => {
    const product = (await app.asAdmin.products.create({
      name: `Routeur ${randomUUID().slice(0, 6)}`,
      shortDescription: 'Wi-Fi 6',
      description: '<p>Routeur</p>',
      price: 25_000,
      category: 'accessories',
      stock: 10,
    })) as { id: string };
    const shopper = httpClient(app.url);
    const order = (await shopper.client.orders.place.mutate({
      customerName: 'Awa Houngbo',
      phone: '01 97 12 34 56',
      email: 'awa@example.com',
      city: 'Cotonou',
      address: 'Fidjrossè, von de la plage',
      items: [{ id: product.id, type: 'product', quantity: 1 }],
      idempotencyKey: randomUUID(),
    })) as { number: string };

    // The "Envois" screen's list: both mails wait, with the server's refusal in French.
    const waiting = await until('two refused attempts', async () => {
      const rows = await envois(order.number);
      return rows.length === 2 && rows.every((r) => r.attempts >= 1 && r.lastError) && rows;
    });
    expect(waiting.map((r) => r.status)).toEqual(['pending', 'pending']);
    expect(waiting.map((r) => r.recipient).sort()).toEqual(['awa@example.com', ADMIN.email]);
    for (const row of waiting) {
      expect(row.channel).toBe('mail');
      expect(row.lastError).toMatch(/^Le serveur d’e-mail a refusé le message pour le moment \(451 .*\) ; nouvel essai automatique\.$/);
    }
    expect(smtp.received).toHaveLength(0);

    // A deploy: the process goes, another starts on the same database; the server accepts again.
    await app.restart();
    smtp.accept();
    await until('both mails sent', async () => (await envois(order.number)).every((r) => r.status === 'sent'));
    const mails = smtp.received.filter((m) => m.subject.includes(order.number));
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['awa@example.com', ADMIN.email]);
    const alert = mails.find((m) => m.to[0] === ADMIN.email)?.text;
    expect(alert).toContain('/admin/orders/');
    // The customer's phone as people read it, and one tap to write to them.
    expect(alert).toContain(`de Awa Houngbo (+229 01 97 12 34 56).`);
    expect(alert).toContain('WhatsApp : https://wa.me/2290197123456');
    expect(mails.find((m) => m.to[0] === 'awa@example.com')?.subject).toBe(`Votre commande ${order.number} est bien reçue`);
    // Nothing is left to send: another pass sends nothing more.
    expect(
      await runDue(
        app.db,
        {
          mail: mailDelivery(app.db, app.config),
          letter: async () => undefined,
          push: async () => undefined,
          invoice: async () => undefined,
          whatsapp: async () => undefined,
          whatsappEvent: async () => undefined,
          whatsappMedia: async () => undefined,
        },
        1,
        silent,
      ),
    ).toBe(0);
    expect(smtp.received.filter((m) => m.subject.includes(order.number))).toHaveLength(2);
    const rows = await envois(order.number);
    expect(rows.every((r) => r.lastError === null)).toBe(true);
  });

  it('sends again under the same Message-ID when a server died between sending and noting it', async () => {
    smtp.accept();
    const subject = `Alerte ${randomUUID()}`;
    // This server takes the row (written and taken in one transaction, so the app's own worker
    // cannot take it first), sends it, and dies before writing that it was sent.
    const [claimed] = await app.db.transaction().execute(async (tx) => {
      await enqueueMail(tx, { to: 'owner@example.com', subject, text: 'Bonjour' });
      await sql`update outbox set next_attempt_at = '2000-01-01' where subject = ${subject}`.execute(tx);
      return claimDue(tx, 1);
    });
    expect(claimed?.payload).toMatchObject({ subject });
    await mailDelivery(app.db, app.config)(claimed!);
    // Its lease runs out; another server takes the row over.
    await sql`update outbox set locked_until = now() - interval '1 second' where id = ${claimed!.id}`.execute(app.db);
    await until('taken over and sent', async () => (await envois(subject))[0]?.status === 'sent');
    const copies = smtp.received.filter((m) => m.subject === subject);
    expect(copies).toHaveLength(2);
    // One message for the reader: both copies carry the row's Message-ID (mail clients show it once).
    expect(new Set(copies.map((m) => m.messageId))).toEqual(new Set([`<${claimed!.id}@${new URL(app.config.publicUrl).hostname}>`]));
  });

  it('gives up on an address the server refuses for good, says why in French, and sends it on "Réessayer"', async () => {
    smtp.accept();
    smtp.unknown.add('inconnu@example.com');
    const subject = `Refus ${randomUUID()}`;
    await enqueueMail(app.db, { to: 'inconnu@example.com', subject, text: 'Bonjour' });
    const [failed] = await until('failed', async () => {
      const rows = await envois(subject);
      return rows[0]?.status === 'failed' && rows;
    });
    expect(failed!.attempts).toBe(1);
    expect(failed!.lastError).toMatch(
      /^Le serveur d’e-mail a refusé définitivement ce message \(550 .*inconnu@example\.com\)\. Vérifiez l’adresse, puis « Réessayer »\.$/,
    );
    // The mailbox is created; the owner retries.
    smtp.unknown.delete('inconnu@example.com');
    await app.asAdmin.outbox.retry({ id: failed!.id });
    await until('sent after retry', async () => (await envois(subject))[0]?.status === 'sent');
    expect(smtp.received.filter((m) => m.subject === subject)).toHaveLength(1);
    await expect(app.asAdmin.outbox.retry({ id: failed!.id })).rejects.toThrow(
      'Cet envoi est déjà parti ou a été abandonné : rien à réessayer.',
    );
  });

  it('drops a reset link that could not leave within its hour, and keeps no copy of one that left', async () => {
    smtp.accept();
    const shopper = httpClient(app.url);
    await shopper.client.auth.requestPasswordReset.mutate({ email: ADMIN.email });
    const [sent] = await until('reset mail sent', async () => {
      const rows = await envois('Réinitialisation');
      return rows[0]?.status === 'sent' && rows;
    });
    const stored = await app.db.selectFrom('outbox').select('payload').where('id', '=', sent!.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.payload)).not.toContain('token=');

    // A link that could not leave within its hour (written as such in one go: no worker sends it before).
    await app.db.transaction().execute(async (tx) => {
      await enqueueMail(tx, { to: ADMIN.email, subject: 'Lien périmé', text: 'https://x/reset?token=abc', expiresInMinutes: 60 });
      await sql`update outbox set expires_at = now() - interval '1 minute' where subject = 'Lien périmé'`.execute(tx);
    });
    await until('expired', async () => (await envois('Lien périmé'))[0]?.status === 'cancelled');
    expect((await envois('Lien périmé'))[0]?.lastError).toBe('Expiré avant de pouvoir partir : il ne servait plus à rien de l’envoyer.');
    expect(smtp.received.some((m) => m.subject === 'Lien périmé')).toBe(false);
  });

  it('never shows a staff member a reset link, in any state of its mail, nor copies it into the audit log', async () => {
    const manager = await memberClient(app, 'manager');
    const links = (text: string) => text.match(/\S*token=\S+/g) ?? [];
    // The mail server refuses the owner's address for good: the mail stays, failed, in the "Envois".
    smtp.accept();
    smtp.unknown.add(ADMIN.email);
    await httpClient(app.url).client.auth.requestPasswordReset.mutate({ email: ADMIN.email });
    const failed = await until('reset refused', async () => {
      const rows = (await manager.client.outbox.list.query({ page: 1, pageSize: 50, search: 'Réinitialisation' })).rows;
      return rows.find((r) => r.status === 'failed');
    });
    const read = await manager.client.outbox.get.query({ id: failed.id });
    expect(JSON.stringify(read)).not.toMatch(/token=/);
    expect(JSON.stringify(read)).toContain(SEALED_MARK);
    // Deleting it copies the row into the audit log: masked there too.
    await manager.client.outbox.delete.mutate({ id: failed.id });
    const journal = await app.db.selectFrom('auditLog').selectAll().where('actor', '=', manager.email).execute();
    expect(journal.length).toBeGreaterThan(0);
    expect(JSON.stringify(journal)).not.toMatch(/token=/);

    // The owner's own box gets the real link, which works once, and the journal says both steps.
    smtp.unknown.delete(ADMIN.email);
    await httpClient(app.url).client.auth.requestPasswordReset.mutate({ email: ADMIN.email });
    const mail = await until('reset mail received', async () =>
      smtp.received.find((m) => m.subject.startsWith('Réinitialisation') && links(m.text).length),
    );
    expect(mail.text).not.toContain(SEALED_MARK);
    const sent = await until('sent', async () => {
      const rows = (await manager.client.outbox.list.query({ page: 1, pageSize: 50, search: 'Réinitialisation' })).rows;
      return rows.find((r) => r.status === 'sent');
    });
    expect(JSON.stringify(await manager.client.outbox.get.query({ id: sent.id }))).not.toMatch(/token=|"sealed"/);
    const token = new URL(links(mail.text)[0]!).searchParams.get('token')!;
    await httpClient(app.url).client.auth.resetPassword.mutate({ token, password: ADMIN.password });
    const actions = (await app.db.selectFrom('auditLog').select('action').where('actor', '=', ADMIN.email).execute()).map((r) => r.action);
    expect(actions).toContain('Réinitialisation du mot de passe demandée');
    expect(actions).toContain('Mot de passe réinitialisé par le lien reçu');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('shares the work between servers: each message leaves once', async () => {
    smtp.accept();
    const tag = randomUUID().slice(0, 8);
    for (let i = 0; i < 30; i++) await enqueueMail(app.db, { to: 'owner@example.com', subject: `Lot ${tag} n° ${i}`, text: '…' });
    // Two more servers' workers, each on its own connection pool, race the app's own.
    const others = [createDb({ databaseUrl: app.databaseUrl! }), createDb({ databaseUrl: app.databaseUrl! })];
    const deliver = {
      mail: mailDelivery(app.db, app.config),
      letter: async () => undefined,
      push: async () => undefined,
      invoice: async () => undefined,
      whatsapp: async () => undefined,
      whatsappEvent: async () => undefined,
      whatsappMedia: async () => undefined,
    };
    await Promise.all(others.map((db) => runDue(db, deliver, 1, silent)));
    await until('all sent', async () => (await envois(`Lot ${tag}`)).filter((r) => r.status === 'sent').length === 30);
    await Promise.all(others.map((db) => db.destroy()));
    const subjects = smtp.received.filter((m) => m.subject.startsWith(`Lot ${tag}`)).map((m) => m.subject);
    expect(subjects).toHaveLength(30);
    expect(new Set(subjects).size).toBe(30);
  });
});
