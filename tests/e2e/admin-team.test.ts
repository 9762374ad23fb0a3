import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, DESKTOP, PHONE, startBrowserApp } from '../support/browser';
import { expectNotification, signIn } from './admin/session';
import { screenshot } from './admin/screens';

// A small team: the owner invites a courier from Équipe; he joins from the link on his phone, sees
// only the delivery given to him, is refused what is not his (the server says 403), marks it
// delivered and collected; the owner reads both in the audit log, fields before and after, and
// removing him ends his session at his next request.

let app: BrowserApp;
let owner: Page;
beforeAll(async () => {
  app = await startBrowserApp();
  // Passkeys belong to a domain, never to an IP address: the shop is at localhost here.
  app.config.publicUrl = app.url.replace('127.0.0.1', 'localhost');
  owner = await app.newPage(DESKTOP);
  await signIn(owner);
});
afterAll(() => app?.close());

async function placeDelivery(name: string) {
  const products = (await app.asAdmin.products.list({ pageSize: 50 })) as { rows: { id: string; stock: number | null }[] };
  const product = products.rows.find((p) => p.stock === null || p.stock > 2)!;
  return (await app.asVisitor.orders.place({
    customerName: name,
    phone: '01 97 12 34 56',
    city: 'Cotonou',
    address: `Rue ${randomUUID().slice(0, 4)}, Akpakpa`,
    items: [{ id: product.id, type: 'product', quantity: 1 }],
    idempotencyKey: randomUUID(),
  })) as { id: string; number: string };
}

describe('the team', () => {
  it('invites a courier who joins, delivers his own order only, and leaves', async () => {
    await owner.goto('/admin/equipe');
    await owner.getByRole('button', { name: 'Inviter une personne' }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByLabel('Nom').fill('Koffi Livreur');
    await dialog.getByLabel('E-mail').fill('koffi@example.com');
    await dialog.getByLabel('Téléphone WhatsApp (facultatif)').fill('01 97 00 00 02');
    await dialog.locator('.ant-form-item').filter({ hasText: 'Rôle' }).locator('.ant-select-selector').click();
    await owner.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Livreur' }).click();
    await dialog.getByRole('button', { name: 'Envoyer l’invitation' }).click();
    const link = await dialog.getByLabel('Lien d’invitation').inputValue();
    expect(await dialog.getByRole('link', { name: /Envoyer par WhatsApp/ }).getAttribute('href')).toContain(encodeURIComponent(link));
    await screenshot(owner, 'team-invited');
    await dialog.getByRole('button', { name: 'Terminé' }).click();

    const mine = await placeDelivery('Afi Mensah');
    const theirs = await placeDelivery('Codjo Ahouandjinou');

    // His phone: the link, a password, and he is in, on his round.
    const courier = await app.newPage(PHONE);
    expect(link.startsWith(app.config.publicUrl)).toBe(true);
    await courier.goto(link);
    await courier.getByText('Livreur').first().waitFor();
    await courier.getByLabel('Mot de passe', { exact: true }).fill('un mot de passe de livreur');
    await courier.getByLabel('Confirmez le mot de passe').fill('un mot de passe de livreur');
    await courier.getByRole('button', { name: 'Rejoindre l’équipe' }).click();
    await courier.getByText('Ma tournée du jour').waitFor();
    await courier.getByText('Aucune livraison en attente.').waitFor();

    // He adds a passkey (Chromium's virtual authenticator stands for the phone's fingerprint), and
    // signs in with it, no password typed.
    const cdp = await courier.context().newCDPSession(courier);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await courier.goto(`${app.config.publicUrl}/admin/account`);
    await courier.getByRole('button', { name: 'Ajouter une clé d’accès sur cet appareil' }).click();
    await expectNotification(courier, 'Clé d’accès ajoutée');
    await courier.locator('.ant-list-item').filter({ hasText: 'Chrome sur Linux' }).first().waitFor();
    // A second key from the same kind of phone (another authenticator) is told apart by its name.
    const second = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'usb',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await courier.getByRole('button', { name: 'Ajouter une clé d’accès sur cet appareil' }).click();
    await courier.locator('.ant-list-item').filter({ hasText: 'Chrome sur Linux (2)' }).waitFor();
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: second.authenticatorId });
    await screenshot(courier, 'passkeys');
    await courier.context().clearCookies();
    await courier.goto(`${app.config.publicUrl}/admin/login`);
    await courier.getByRole('button', { name: 'Utiliser une clé d’accès' }).click();
    await courier.getByText('Ma tournée du jour').waitFor();

    // The owner gives him one order (from the order's screen); the other stays unassigned.
    await owner.goto(`/admin/orders/${mine.id}`);
    await owner.locator('.ant-select:has([aria-label="Livreur de la commande"]) .ant-select-selector').click();
    await owner.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Koffi Livreur' }).click();
    await expectNotification(owner, 'Livraison confiée');

    await courier.reload();
    const card = courier.locator('.ant-card').filter({ hasText: mine.number });
    await card.waitFor();
    expect(await courier.locator('.ant-card').filter({ hasText: theirs.number }).count()).toBe(0);
    await expect.poll(() => card.getByRole('link', { name: /Appeler/ }).getAttribute('href')).toBe('tel:+2290197123456');
    expect(await card.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toContain('wa.me/2290197123456');
    await screenshot(courier, 'courier-round');
    // His menu has his round and his account only; the server refuses what is not his.
    expect(await courier.evaluate(() => document.body.innerText.includes('Produits'))).toBe(false);
    const refused = await courier.evaluate(async (id) => {
      const response = await fetch('/trpc/products.update', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id, data: { price: 1 } }),
      });
      return { status: response.status, text: await response.text() };
    }, randomUUID());
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Livreur');
    const other = await courier.evaluate(
      async (id) =>
        (
          await fetch('/trpc/rounds.deliver', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ id }),
          })
        ).status,
      theirs.id,
    );
    // Not his (given to nobody, or to another): refused, without saying which.
    expect(other).toBe(403);

    await card.getByRole('button', { name: 'Livrée' }).click();
    await expectNotification(courier, `${mine.number} livrée`);
    await courier.locator('.ant-card').filter({ hasText: mine.number }).getByRole('button', { name: 'Encaissé en espèces' }).click();
    await expectNotification(courier, `${mine.number} encaissée en espèces`);
    await courier.getByText(/Espèces à remettre : 2?\d/).waitFor();

    // The owner reads both in the audit log, with what changed.
    await owner.goto('/admin/journal');
    await owner.getByText('Commande — livrée').first().waitFor();
    const rows = await owner.locator('.ant-table-row, .ant-card').allInnerTexts();
    expect(rows.some((r) => r.includes('Commande — livrée') && r.includes('koffi@example.com') && r.includes('Nouvelle → Livrée'))).toBe(
      true,
    );
    expect(rows.some((r) => r.includes('Commande — encaissée') && r.includes('À encaisser → Payée'))).toBe(true);
    await screenshot(owner, 'audit-log');
    // « Par »: the members found in the journal; picking Koffi leaves his actions only.
    await owner.locator('.ant-select:has([aria-label="Filtrer par par"]) .ant-select-selector').click();
    await owner.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'koffi@example.com' }).click();
    await expect
      .poll(async () => {
        const shown = await owner.locator('.ant-table-row').allInnerTexts();
        return shown.length > 0 && shown.every((r) => r.includes('koffi@example.com'));
      })
      .toBe(true);
    await screenshot(owner, 'audit-log-member');

    // Holding the cash he collected, he cannot be removed; once handed over, he can, and his next
    // request finds no session.
    await owner.goto('/admin/equipe');
    const remove = async () => {
      await owner.locator('.ant-table-row').filter({ hasText: 'koffi@example.com' }).getByRole('button', { name: 'Retirer' }).click();
      await owner.getByRole('button', { name: 'Retirer', exact: true }).last().click();
    };
    await remove();
    await expectNotification(owner, /détient encore .* d’espèces encaissées/);
    const koffi = await app.db.selectFrom('admins').select('id').where('email', '=', 'koffi@example.com').executeTakeFirstOrThrow();
    const { cashToHandOver } = await app.asAdmin.rounds.today({ courierId: koffi.id });
    await app.asAdmin.rounds.handover({ courierId: koffi.id, received: cashToHandOver!.total });
    await remove();
    await expectNotification(owner, 'ne fait plus partie de l’équipe');
    const after = await courier.evaluate(async () => (await fetch('/trpc/rounds.today?input=%7B%7D')).status);
    expect(after).toBe(401);
  }, 120_000);
});
