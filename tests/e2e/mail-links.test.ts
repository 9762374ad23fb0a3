import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../support/app';
import { type BrowserApp, DESKTOP, startBrowserApp } from '../support/browser';
import { readOutbox } from '../support/outbox';
import { signIn } from './admin/session';

// Every link the server writes into an e-mail opens a real screen. The contact-message alert used
// to point at /admin/messages/edit/<id>, a page that does not exist.

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
});
afterAll(() => app?.close());

/** The admin link of the first mail beyond `from` that mentions `about`, waited for. */
async function linkAbout(from: number, about: string) {
  for (let i = 0; i < 200; i++) {
    const mail = readOutbox(app.config.dataDir)
      .slice(from)
      .find((m) => m.includes(about) && m.includes("Ouvrir dans l'administration"));
    const link = mail && /Ouvrir dans l'administration : (\S+)/.exec(mail)?.[1];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no alert about ${about}`);
}

describe('links in the owner’s alerts', () => {
  it('open the order, the verification request and the contact message in the admin', async () => {
    const before = readOutbox(app.config.dataDir).length;
    const product = (await app.asVisitor.products.list({ pageSize: 1 })).rows[0]!;
    const order = (await app.asVisitor.orders.place({
      customerName: 'Rodrigue Lien',
      phone: '01 97 55 44 33',
      city: 'Cotonou',
      address: 'Haie Vive',
      items: [{ id: product.id, type: 'product', quantity: 1 }],
      idempotencyKey: randomUUID(),
    })) as { number: string };
    await app.asVisitor.cryptoVerifications.submit({
      name: 'Vérification Lien',
      email: 'verif@example.com',
      phone: '01 66 00 00 01',
      cryptoType: 'bitcoin',
      walletAddress: 'bc1qlienlienlienlienlien0000',
    });
    await app.asVisitor.contactMessages.send({
      name: 'Message Lien',
      contact: 'lien@example.com',
      subject: 'Sujet du lien',
      message: 'Bonjour.',
    });

    const page = await app.newPage(DESKTOP);
    await signIn(page);
    for (const [about, shows] of [
      [order.number, order.number],
      ['Vérification Lien', 'Vérification Lien'],
      ['Sujet du lien', 'Sujet du lien'],
    ] as const) {
      const link = await linkAbout(before, about);
      expect(link.startsWith(`${app.url}/admin/`), link).toBe(true);
      await page.goto(link);
      await page.getByText(shows).first().waitFor();
      expect(await page.getByText(/introuvable|n'existe pas/i).count(), link).toBe(0);
    }
    await page.context().close();
  });

  it('the customer’s confirmation and status mails link to the order’s tracking page', async () => {
    const before = readOutbox(app.config.dataDir).length;
    const product = (await app.asVisitor.products.list({ pageSize: 1 })).rows[0]!;
    const order = (await app.asVisitor.orders.place({
      customerName: 'Clarisse Suivi',
      phone: '01 97 55 44 34',
      email: 'clarisse.suivi@example.com',
      city: 'Cotonou',
      address: 'Akpakpa',
      items: [{ id: product.id, type: 'product', quantity: 1 }],
      idempotencyKey: randomUUID(),
    })) as { id: string; number: string };
    await app.asAdmin.orders.transition({ id: order.id, to: 'confirmed' });
    const links: string[] = [];
    for (let i = 0; i < 200 && links.length < 2; i++) {
      links.splice(
        0,
        links.length,
        ...readOutbox(app.config.dataDir)
          .slice(before)
          .filter((m) => m.includes('clarisse.suivi@example.com'))
          .map((m) => /(https?:\/\/\S+\/suivi\/[\w-]+)/.exec(m)?.[1])
          .filter((l): l is string => !!l),
      );
      if (links.length < 2) await new Promise((r) => setTimeout(r, 25));
    }
    expect(links).toHaveLength(2);
    const page = await app.newPage(DESKTOP);
    for (const link of links) {
      expect(link.startsWith(`${app.url}/suivi/`), link).toBe(true);
      await page.goto(link);
      await page.getByText(order.number).first().waitFor();
    }
    await page.context().close();
  });

  it('the reset link opens the screen that sets a new password', async () => {
    const before = readOutbox(app.config.dataDir).length;
    await app.asVisitor.auth.requestPasswordReset({ email: ADMIN.email });
    let link: string | undefined;
    for (let i = 0; i < 200 && !link; i++) {
      link = readOutbox(app.config.dataDir)
        .slice(before)
        .map((m) => /(https?:\/\/\S+reset-password\?token=[\w-]+)/.exec(m)?.[1])
        .find(Boolean);
      if (!link) await new Promise((r) => setTimeout(r, 25));
    }
    const page = await app.newPage(DESKTOP);
    await page.goto(link!);
    await page.getByLabel('Nouveau mot de passe', { exact: true }).waitFor();
    await page.context().close();
  });
});
