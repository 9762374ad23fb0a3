import { randomUUID } from 'node:crypto';
import { adminPath, EXPORTS, formatXOF, orders } from '@app/shared';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../support/app';
import { type BrowserApp, PHONE, startBrowserApp } from '../support/browser';
import { type EmcfStandIn, startEmcfStandIn } from '../support/emcf-stand-in';
import { pdfText } from '../support/pdf';
import { expectNotification, signIn } from './admin/session';
import { screenshot } from './admin/screens';

// Issue 57 at 360 px: a counter sale of three articles; one comes back and is paid back in cash:
// its stock is back, the drawer expects that much less, the Z report lists the refund with who made
// it, and the e-MCF stand-in received one credit note of that line only, citing the sale's invoice.

const TOKEN = 'jeton-emcf-retour';
const IFU = '0202212345678';
let dgi: EmcfStandIn;
let app: BrowserApp;
let page: Page;
beforeAll(async () => {
  dgi = await startEmcfStandIn({ token: TOKEN, ifu: IFU });
  app = await startBrowserApp({ env: { EMECEF_TOKEN: TOKEN, EMECEF_API_BASE: dgi.url, OUTBOX_RETRY_SECONDS: '1' } });
  await app.db.updateTable('settings').set({ ifu: IFU }).execute();
  page = await app.newPage(PHONE);
  await signIn(page);
});
afterAll(async () => {
  await app?.close();
  await dgi?.close();
});

const product = async (name: string, price: number) =>
  (await app.asAdmin.products.create({
    name,
    shortDescription: 'x',
    description: '<p>x</p>',
    price,
    category: 'accessories',
    stock: 6,
  })) as {
    id: string;
  };
const stockOf = async (id: string) => ((await app.asAdmin.products.get({ id })) as { stock: number | null }).stock;

describe('a return at the counter, on a phone', () => {
  it('pays one of three articles back from the drawer, puts it back on the shelf, and sends the DGI its credit note', async () => {
    const tag = randomUUID().slice(0, 5);
    const [charger, cable, case_] = [
      await product(`Chargeur ${tag}`, 4_500),
      await product(`Câble ${tag}`, 2_000),
      await product(`Coque ${tag}`, 3_000),
    ];
    const day = (await app.asAdmin.cashSessions.current())?.session ?? (await app.asAdmin.cashSessions.open({ openingFloat: 10_000 }));
    await page.goto('/admin/comptoir');
    const search = page.getByLabel('Code-barres, référence ou nom');
    for (const name of [`Chargeur ${tag}`, `Câble ${tag}`, `Coque ${tag}`]) {
      await search.fill(name);
      await page.getByRole('button', { name: `Ajouter ${name}` }).click();
    }
    await expect.poll(() => page.getByTestId('total').textContent()).toBe(`Total : ${formatXOF(9_500)}`);
    await page.getByLabel('Montant reçu').fill('10000');
    await page.getByRole('button', { name: /^Encaisser/ }).click();
    await page.getByText(/^Vente CMD-\d+ enregistrée$/).waitFor();
    await expect
      .poll(() => dgi.confirmed().filter((i) => i.request.items.some((l) => l.name === `Chargeur ${tag}`)).length, { timeout: 20_000 })
      .toBe(1);

    const expected = (await app.asAdmin.cashSessions.current())!.figures.expectedCash;
    // The customer comes back with the charger: from the sale's screen, « Retour d’articles ».
    await page.getByRole('link', { name: 'Voir la vente' }).click();
    await page.getByRole('button', { name: 'Retour d’articles' }).click();
    const dialog = page.getByRole('dialog', { name: 'Retour d’articles' });
    await dialog.getByLabel(`Quantité rendue : Chargeur ${tag}`).fill('1');
    await dialog.getByRole('combobox', { name: 'Motif du retour' }).click();
    await page.getByTitle('Défectueux').click();
    await screenshot(page, 'return-360');
    await dialog.getByRole('button', { name: `Rembourser ${formatXOF(4_500)}` }).click();
    await expectNotification(page, new RegExp(`Retour CMD-\\d+-R1 enregistré : ${formatXOF(4_500)} remboursés\\.`));
    await page.getByText(new RegExp(`CMD-\\d+-R1 · ${formatXOF(4_500)} · Espèces \\(de la caisse\\)`)).waitFor();
    await screenshot(page, 'order-returned-360');

    expect([await stockOf(charger.id), await stockOf(cable.id), await stockOf(case_.id)]).toEqual([6, 5, 5]);
    expect((await app.asAdmin.cashSessions.current())!.figures.expectedCash).toBe(expected - 4_500);
    // One credit note, of the charger alone, citing the sale's invoice.
    const sale = dgi.confirmed().find((i) => i.request.type === 'FV' && i.request.items.some((l) => l.name === `Chargeur ${tag}`))!;
    await expect.poll(() => dgi.confirmed().filter((i) => i.request.type === 'FA').length, { timeout: 20_000 }).toBe(1);
    const credit = dgi.confirmed().find((i) => i.request.type === 'FA')!;
    expect(credit.request.items.map((l) => [l.name, l.price, l.quantity])).toEqual([[`Chargeur ${tag}`, 4_500, 1]]);
    expect(credit.request.reference).toBe(sale.security!.codeMECeFDGI.replace(/-/g, ''));

    // The day's report lists the refund, with who made it.
    const { displayName } = await app.db
      .selectFrom('admins')
      .select('displayName')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    const res = await page.request.get(`${EXPORTS.drawerReport}?session=${day.id}`);
    const text = pdfText(Buffer.from(await res.body()), { layout: true }).replace(/\s+/g, ' ');
    expect(text).toMatch(new RegExp(`RETOURS REMBOURSÉS \\d\\d:\\d\\d CMD-\\d+-R1 par ${displayName} −4 500 F CFA`));
    expect(text).toContain('Remboursements −4 500 F CFA');
  });

  it('exchanges an article for a dearer one: the return as credit, the new sale pays the difference with it', async () => {
    const tag = randomUUID().slice(0, 5);
    const [black, blue] = [await product(`Coque noire ${tag}`, 3_000), await product(`Coque bleue ${tag}`, 5_000)];
    const search = page.getByLabel('Code-barres, référence ou nom');
    await page.goto('/admin/comptoir');
    await search.fill(`Coque noire ${tag}`);
    await page.getByRole('button', { name: `Ajouter Coque noire ${tag}` }).click();
    await page.getByLabel('Montant reçu').fill('3000');
    await page.getByRole('button', { name: /^Encaisser/ }).click();
    await page.getByText(/^Vente CMD-\d+ enregistrée$/).waitFor();
    await page.getByRole('link', { name: 'Voir la vente' }).click();
    await page.getByRole('button', { name: 'Retour d’articles' }).click();
    const dialog = page.getByRole('dialog', { name: 'Retour d’articles' });
    await dialog.getByLabel(`Quantité rendue : Coque noire ${tag}`).fill('1');
    await dialog.getByRole('combobox', { name: 'Motif du retour' }).click();
    await page.getByTitle('Ne convient pas').click();
    await dialog.getByText('Avoir client').click();
    await dialog.getByRole('button', { name: `Rembourser ${formatXOF(3_000)}` }).click();
    const notice = page.locator('.ant-notification-notice').filter({ hasText: 'Avoir à utiliser au comptoir avec le numéro' }).last();
    await notice.waitFor();
    const voucher = /numéro (CMD-\d+-R1)/.exec((await notice.textContent()) ?? '')![1]!;

    // At the counter: the dearer case, the credit of the return's number, the difference in cash.
    await page.goto('/admin/comptoir');
    await search.fill(`Coque bleue ${tag}`);
    await page.getByRole('button', { name: `Ajouter Coque bleue ${tag}` }).click();
    await page.getByText('Avoir (retour)').click();
    await page.getByLabel('Avoir : téléphone du client ou numéro du retour').fill(voucher);
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await page.getByRole('button', { name: `Utiliser ${formatXOF(3_000)} (avoir de ${formatXOF(3_000)})` }).click();
    await page.getByText(`Avoir utilisé : ${formatXOF(3_000)} — reste à payer ${formatXOF(2_000)}`).waitFor();
    await page.getByLabel('Montant reçu').fill('2000');
    await screenshot(page, 'counter-exchange-360', true);
    await page.getByRole('button', { name: `Encaisser ${formatXOF(2_000)}` }).click();
    await page.getByText(/^Vente CMD-\d+ enregistrée$/).waitFor();
    expect(await app.asAdmin.returns.credit({ from: voucher })).toEqual({ balance: 0 });
    expect([await stockOf(black.id), await stockOf(blue.id)]).toEqual([6, 5]);
  });
});

describe('a return asked online, on two phones', () => {
  it('the shopper asks with a photo from the tracking page, the owner accepts, then refunds it once the article is back', async () => {
    const tag = randomUUID().slice(0, 5);
    const headset = await product(`Casque ${tag}`, 4_500);
    await app.db.updateTable('settings').set({ returnDays: 7 }).execute();
    const order = (await app.asVisitor.orders.place({
      customerName: 'Rachida Dossou',
      phone: '01 97 12 34 56',
      email: 'rachida@example.com',
      city: 'Cotonou',
      address: 'Cadjehoun',
      items: [{ id: headset.id, type: 'product', quantity: 1 }],
      idempotencyKey: randomUUID(),
    })) as { id: string; number: string; trackingToken: string };
    await app.asAdmin.orders.setPayment({ id: order.id, to: 'paid' });
    for (const to of ['confirmed', 'shipped', 'delivered'] as const) await app.asAdmin.orders.transition({ id: order.id, to });

    const shopper = await app.newPage(PHONE);
    await shopper.goto(`/suivi/${order.trackingToken}`);
    await shopper.getByRole('button', { name: 'Demander un retour' }).click();
    const form = shopper.getByRole('form', { name: 'Demander un retour' });
    // The one article bought once is already chosen.
    expect(await form.getByLabel(`Casque ${tag} : combien à retourner ?`).inputValue()).toBe('1');
    await form.getByRole('button', { name: 'Envoyer la demande' }).click();
    await form.getByRole('alert').filter({ hasText: 'Choisissez un motif.' }).waitFor();
    await form.getByLabel('Motif').selectOption({ label: 'Défectueux' });
    await form.getByLabel('Votre message').fill('Le côté gauche ne marche plus.');
    const photo = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: { r: 30, g: 90, b: 160 } } })
      .jpeg()
      .toBuffer();
    await form.getByLabel('Photo de l’article').setInputFiles({ name: 'casque.jpg', mimeType: 'image/jpeg', buffer: photo });
    await screenshot(shopper, 'return-request-form-360');
    await form.getByRole('button', { name: 'Envoyer la demande' }).click();
    const asked = shopper.getByTestId('return-request');
    await asked.getByText('À traiter').waitFor();
    await screenshot(shopper, 'return-request-sent-360', true);

    // The owner, on her phone: the request on the order's screen, with the photo; accepted.
    await page.goto(adminPath(orders, order.id));
    const request = page.getByTestId('return-request');
    await request.getByText('« Le côté gauche ne marche plus. »').waitFor();
    await request.getByRole('img', { name: /Photo envoyée par le client/ }).waitFor();
    await request.getByRole('button', { name: 'Accepter' }).click();
    await page.getByRole('button', { name: 'Accepter et prévenir le client' }).click();
    await expectNotification(page, 'Demande acceptée : le client est prévenu.');
    await request.getByText('Acceptée').waitFor();
    await screenshot(page, 'return-request-accepted-360');
    // The headset is back: its lines and reason already filled in, paid back by Mobile Money.
    await request.getByRole('button', { name: 'Articles reçus : rembourser' }).click();
    const dialog = page.getByRole('dialog', { name: 'Retour d’articles' });
    await dialog.getByText('Mobile Money').click();
    await dialog.getByLabel('Référence du transfert Mobile Money').fill('MTN-778899');
    await dialog.getByRole('button', { name: `Rembourser ${formatXOF(4_500)}` }).click();
    await expectNotification(page, new RegExp(`Retour ${order.number}-R1 enregistré`));
    await request.getByText('Remboursée').waitFor();

    // The shopper sees the refund and its credit note.
    await shopper.reload();
    await asked.getByText('Remboursée').waitFor();
    await shopper.getByRole('link', { name: 'Facture d’avoir (PDF)' }).waitFor();
    expect(
      await app.db.selectFrom('outbox').select('subject').where('recipient', '=', 'rachida@example.com').orderBy('createdAt').execute(),
    ).toContainEqual({ subject: `Votre demande de retour (commande ${order.number}) est acceptée` });
  });
});
