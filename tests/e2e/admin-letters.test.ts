import { newsletters } from '@app/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, DESKTOP, PHONE, startBrowserApp } from '../support/browser';
import { startSmtpStandIn } from '../support/smtp-stand-in';
import { until } from '../support/until';
import { FormPage } from './admin/form-page';
import { expectNotification, signIn } from './admin/session';
import { screenshot } from './admin/screens';

// The owner writes a letter, sends it; two confirmed subscribers receive it at the SMTP stand-in
// with the mail app's one-click unsubscribe; one leaves from the visible link and is no longer counted.

let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
let app: BrowserApp;
let owner: Page;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
  smtp.accept();
  app = await startBrowserApp({ env: { SMTP_URL: smtp.url, OUTBOX_RETRY_SECONDS: '1' } });
  owner = await app.newPage(DESKTOP);
  await signIn(owner);
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

describe('the newsletter', () => {
  it('the owner sends a letter; both confirmed subscribers get it with one-click unsubscribe; one leaves and is counted', async () => {
    // Exactly two confirmed subscribers and one who never confirmed, set here so a retry starts alike.
    await app.db.deleteFrom('newsletters').execute();
    await app.db.deleteFrom('newsletterSubscribers').execute();
    await app.db
      .insertInto('newsletterSubscribers')
      .values([
        { email: 'afi@example.com', confirmedAt: new Date().toISOString() },
        { email: 'codjo@example.com', confirmedAt: new Date().toISOString() },
        { email: 'jamais@example.com' },
      ])
      .execute();
    smtp.received.length = 0;
    await owner.goto('/admin/lettres/add');
    const form = new FormPage(owner, newsletters);
    await form.fill('subject', 'Nos nouveautés de décembre');
    await form.fill('body', 'Bonjour ! Découvrez nos nouveaux portefeuilles matériels.');
    await form.submit();
    await expectNotification(owner, 'Lettre ajoutée');
    // Back on the list: the letter opens on its own screen (preview, test, sending).
    await owner.locator('.ant-table-row').filter({ hasText: 'Nos nouveautés de décembre' }).getByRole('link', { name: 'Voir' }).click();
    await owner.getByRole('button', { name: 'Envoyer aux abonnés' }).waitFor();
    await owner.frameLocator('iframe[title="Aperçu de la lettre"]').getByText('Découvrez nos nouveaux portefeuilles').waitFor();
    await screenshot(owner, 'letter-preview');
    await owner.getByRole('button', { name: 'Envoyer aux abonnés' }).click();
    await owner.getByText('Envoyer à 2 abonnés confirmés ?').waitFor();
    await owner.getByRole('button', { name: 'Envoyer', exact: true }).click();
    await expectNotification(owner, 'Lettre en route vers 2 abonnés');

    const letters = () => smtp.received.filter((m) => m.subject === 'Nos nouveautés de décembre');
    await until('both letters', () => letters().length === 2);
    expect(
      letters()
        .flatMap((m) => m.to)
        .sort(),
    ).toEqual(['afi@example.com', 'codjo@example.com']);
    // Headers unfolded (a long one goes on over the next line).
    for (const mail of letters())
      expect(mail.raw.replace(/\r?\n[ \t]+/g, ' ')).toMatch(/^List-Unsubscribe: <http:\/\/[^>]+\/api\/newsletter\/desinscription\?/m);

    // Codjo leaves from the link at the bottom of his letter, on his phone.
    const codjo = letters().find((m) => m.to.includes('codjo@example.com'))!;
    const leave = /Se désinscrire : (\S+)/.exec(codjo.text)![1]!;
    const phone = await app.newPage(PHONE);
    await phone.goto(leave.replace(app.config.publicUrl, ''));
    await phone.getByRole('button', { name: 'Me désinscrire' }).click();
    await phone.getByText('Vous êtes désinscrit(e)').waitFor();

    await owner.reload();
    const sending = owner.locator('.ant-card').filter({ hasText: 'Envoi' });
    await expect
      .poll(async () => sending.locator('.ant-descriptions-item').filter({ hasText: 'Désinscriptions depuis' }).innerText())
      .toMatch(/1$/);
    expect(await sending.locator('.ant-descriptions-item').filter({ hasText: 'Envoyées' }).innerText()).toMatch(/2$/);
    await screenshot(owner, 'letter-sent');
    const next = await app.asAdmin.newsletters.create({ subject: 'Suivante', body: '<p>x</p>' });
    expect((await app.asAdmin.newsletters.preview({ id: (next as { id: string }).id })).audience).toBe(1);
  }, 120_000);
});
