import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, httpClient, startTestApp, type TestApp } from '../support/app';
import { startSmtpStandIn } from '../support/smtp-stand-in';
import { until } from '../support/until';
import { oneClickLink, subscriptionLink } from '../../server/src/newsletter/subscription';

// What leaves by mail, at the SMTP stand-in: the contact alert answers the visitor, and every mail
// has an HTML part beside its text.

let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
let app: TestApp;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
  smtp.accept();
  app = await startTestApp({ env: { SMTP_URL: smtp.url, OUTBOX_RETRY_SECONDS: '1' } });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const contact = (subject: string, from: string) =>
  httpClient(app.url).client.contactMessages.send.mutate({
    name: 'Sèna Hounkpè',
    contact: from,
    subject,
    message: 'Bonjour,\n\nUn devis ?',
  });

describe('mails', () => {
  it('the contact alert has Reply-To the visitor who left an e-mail, none for a phone', async () => {
    await contact('Devis par e-mail', 'sena@example.com');
    await contact('Devis par téléphone', '01 97 00 00 09');
    const byMail = await until('the first alert', () => smtp.received.find((m) => m.subject.includes('Devis par e-mail')));
    const byPhone = await until('the second alert', () => smtp.received.find((m) => m.subject.includes('Devis par téléphone')));
    expect(byMail.replyTo).toBe('sena@example.com');
    expect(byPhone.replyTo).toBe('');
  });

  it('every mail has a plain text part and a simple HTML part in French, its addresses as links', async () => {
    await contact('Avec un lien', 'lien@example.com');
    const mail = await until('the alert', () => smtp.received.find((m) => m.subject.includes('Avec un lien')));
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(mail.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html; charset=utf-8/i);
    expect(mail.text).toMatch(/^De Sèna Hounkpè \(lien@example\.com\) :\r?\n\r?\nBonjour,/);
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain('<p style="margin:0 0 16px">De Sèna Hounkpè (lien@example.com) :</p>');
    expect(mail.html).toContain(`<a href="${app.config.publicUrl}/admin/messages/`);
  });

  it('a newsletter subscription is confirmed by the mail it receives (once an hour at most), and a forged link confirms nothing', async () => {
    const visitor = httpClient(app.url).client;
    await visitor.newsletterSubscribers.subscribe.mutate({ email: 'lectrice@example.com' });
    await visitor.newsletterSubscribers.subscribe.mutate({ email: 'Lectrice@example.com' });
    const mail = await until('the confirmation mail', () => smtp.received.find((m) => m.to.includes('lectrice@example.com')));
    expect(mail.subject).toBe('Confirmez votre inscription à la newsletter');
    const row = () =>
      app.db
        .selectFrom('newsletterSubscribers')
        .select(['id', 'confirmedAt', 'unsubscribedAt'])
        .where('email', '=', 'lectrice@example.com')
        .executeTakeFirstOrThrow();
    expect((await row()).confirmedAt).toBeNull();
    const link = new URL(/https?:\/\/\S+\/newsletter\?action=confirmer\S+/.exec(mail.text)![0]);
    const id = link.searchParams.get('id')!;
    const token = link.searchParams.get('t')!;
    // The link's page asks for a click: opening it changes nothing.
    expect((await fetch(`${app.url}${link.pathname}${link.search}`)).status).toBe(200);
    expect((await row()).confirmedAt).toBeNull();
    expect((await failure(visitor.newsletterSubscribers.confirm.mutate({ id, token: `${token.slice(0, -2)}xx` }))).status).toBe(400);
    expect((await row()).confirmedAt).toBeNull();
    await visitor.newsletterSubscribers.confirm.mutate({ id, token });
    expect((await row()).confirmedAt).not.toBeNull();
    // Sent twice within the hour, and once confirmed: one mail only (the outbox holds what will ever leave).
    await visitor.newsletterSubscribers.subscribe.mutate({ email: 'lectrice@example.com' });
    const queued = await app.db.selectFrom('outbox').select('id').where('recipient', '=', 'lectrice@example.com').execute();
    expect(queued).toHaveLength(1);
  });

  it('one inbox gets one confirmation an hour, whatever the « +tag » or the dots at Gmail', async () => {
    const visitor = httpClient(app.url).client;
    const addresses = [
      ...Array.from({ length: 20 }, (_, i) => `victime+${i}@gmail.com`),
      'v.i.c.t.i.m.e@gmail.com',
      'Victime@googlemail.com',
    ];
    for (const email of addresses) await visitor.newsletterSubscribers.subscribe.mutate({ email });
    const queued = await app.db
      .selectFrom('outbox')
      .select('recipient')
      .where('subject', '=', 'Confirmez votre inscription à la newsletter')
      .where('recipient', 'like', '%victime%')
      .execute();
    expect(queued.map((r) => r.recipient)).toEqual(['victime+0@gmail.com']);
    // Another person's inbox is not held back.
    await visitor.newsletterSubscribers.subscribe.mutate({ email: 'autre.lectrice@gmail.com' });
    expect(await app.db.selectFrom('outbox').select('id').where('recipient', '=', 'autre.lectrice@gmail.com').execute()).toHaveLength(1);
  });

  it('« Se désinscrire » opens a page that says so from the server, and works without JavaScript', async () => {
    const { id } = await app.db
      .insertInto('newsletterSubscribers')
      .values({ email: 'sans-script@example.com', confirmedAt: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const link = new URL(await subscriptionLink(app.db, app.config, id, 'unsubscribe'));
    const html = await (await fetch(`${app.url}${link.pathname}${link.search}`)).text();
    expect(html).toContain('Se désinscrire de la newsletter');
    expect(html).toContain('Me désinscrire');
    expect(html).not.toContain('Confirmer mon inscription');
    expect(html).toContain(`<form action="/formulaires/newsletter-lien" method="post">`);
    const post = (t: string) =>
      fetch(`${app.url}/formulaires/newsletter-lien`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ action: 'desinscrire', id, t }).toString(),
      });
    const forged = await post('forge-forge-forge-forge-forge');
    expect(forged.status).toBe(400);
    const left = () => app.db.selectFrom('newsletterSubscribers').select('unsubscribedAt').where('id', '=', id).executeTakeFirstOrThrow();
    expect((await left()).unsubscribedAt).toBeNull();
    const done = await post(link.searchParams.get('t')!);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Vous êtes désinscrit(e) : vous ne recevrez plus la newsletter.');
    expect((await left()).unsubscribedAt).not.toBeNull();
  });

  it('the one-click unsubscribe address (RFC 8058) takes the mail app’s POST, and refuses a forged one', async () => {
    const { id } = await app.db
      .insertInto('newsletterSubscribers')
      .values({ email: 'partante@example.com', confirmedAt: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const link = new URL(await oneClickLink(app.db, app.config, id));
    const post = (search: string) =>
      fetch(`${app.url}${link.pathname}${search}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    expect((await post(link.search.replace(/t=[^&]+/, 't=forge-forge-forge-forge-forge'))).status).toBe(400);
    const gone = () => app.db.selectFrom('newsletterSubscribers').select('unsubscribedAt').where('id', '=', id).executeTakeFirstOrThrow();
    expect((await gone()).unsubscribedAt).toBeNull();
    // Opened in a browser, the address leads to the page that asks for the click, and changes nothing.
    const opened = await fetch(`${app.url}${link.pathname}${link.search}`, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/newsletter?action=desinscrire&id=${id}&t=${link.searchParams.get('t')}`);
    expect((await gone()).unsubscribedAt).toBeNull();
    const answer = await post(link.search);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('Désinscription enregistrée.');
    expect((await gone()).unsubscribedAt).not.toBeNull();
  });
});
