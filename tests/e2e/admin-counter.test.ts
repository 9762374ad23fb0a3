import { randomUUID } from 'node:crypto';
import { formatXOF, gtinCheckDigit } from '@app/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, PHONE, startBrowserApp } from '../support/browser';
import { type EmcfStandIn, startEmcfStandIn } from '../support/emcf-stand-in';
import { pdfText } from '../support/pdf';
import { signIn } from './admin/session';
import { screenshot } from './admin/screens';

// "Vente au comptoir" on the owner's phone: an article found by its barcode (as a scanner types it:
// the digits, then Entrée), another by its name, paid in cash with the change shown, is one paid
// order of channel "comptoir", its stock down at once; a discount within the owner's limit; a
// business buyer's IFU on the normalized invoice, confirmed at the e-MCF stand-in, and the 80 mm
// ticket carrying its MECeF/DGI code.

const TOKEN = 'jeton-emcf-comptoir';
const IFU = '0202212345678';
const BUYER_IFU = '3201900123456';
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

const product = async (name: string, price: number, stock: number, barcode?: string) =>
  (await app.asAdmin.products.create({
    name,
    shortDescription: 'x',
    description: '<p>x</p>',
    price,
    category: 'accessories',
    stock,
    ...(barcode ? { barcode } : {}),
  })) as { id: string };
const stockOf = async (id: string) => ((await app.asAdmin.products.get({ id })) as { stock: number | null }).stock;

describe('the counter at 360 px', () => {
  it('sells an article scanned and one found by name, in cash, with the change to give back', async () => {
    const body = `20${String(Date.now()).slice(-10)}`;
    const code = `${body}${gtinCheckDigit(body)}`;
    const tag = randomUUID().slice(0, 5);
    const scanned = await product(`Chargeur rapide ${tag}`, 6_500, 4, code);
    const named = await product(`Câble tressé ${tag}`, 2_000, 9);

    await page.goto('/admin/comptoir');
    const search = page.getByLabel('Code-barres, référence ou nom');
    // The ways to pay, whole at 360 px (« Mobile Money » was cut to « Mobile Mo… »).
    await page.getByText('Mobile Money', { exact: true }).first().waitFor();
    const cut = await page
      .locator('.ant-segmented-item-label')
      .evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent));
    expect(cut).toEqual([]);
    // As a scanner does: the digits one by one, then Entrée at once (the list for them still loading).
    await search.pressSequentially(code);
    await search.press('Enter');
    const ticket = page.locator('.ant-card').filter({ hasText: 'Ticket' });
    await ticket.getByText(`Chargeur rapide ${tag}`).waitFor();

    await search.fill(`tresse ${tag}`);
    await page.getByRole('button', { name: `Ajouter Câble tressé ${tag}` }).click();
    await ticket.getByText(`Câble tressé ${tag}`).waitFor();
    await page.getByRole('button', { name: `Un Câble tressé ${tag} de plus` }).click();
    await expect.poll(() => page.getByTestId('total').textContent()).toBe(`Total : ${formatXOF(10_500)}`);
    // A discount within the owner's limit (10 % by default: 1 050 F here).
    await page.getByText(`${formatXOF(1_050)} au maximum (10 %)`).waitFor();
    await page.getByLabel('Remise', { exact: true }).fill('500');
    await expect.poll(() => page.getByTestId('total').textContent()).toBe(`Total : ${formatXOF(10_000)}`);

    // A business buyer: its IFU goes on the normalized invoice.
    await page.getByText('Client (facultatif)').click();
    await page.getByLabel('IFU de l’acheteur').fill(BUYER_IFU);
    await page.getByLabel('Montant reçu').fill('12000');
    await page.getByText(`Monnaie à rendre : ${formatXOF(2_000)}`).waitFor();
    await screenshot(page, 'counter-ticket-360', true);
    await page.getByRole('button', { name: /^Encaisser/ }).click();
    await page.getByText(/^Vente CMD-\d+ enregistrée$/).waitFor();
    expect(await page.getByTestId('change').textContent()).toBe(`Monnaie à rendre : ${formatXOF(2_000)}`);
    await screenshot(page, 'counter-sold-360');
    // The 80 mm ticket, printable from the phone: once the DGI answered, with the invoice's code.
    const ticketUrl = await page.getByRole('link', { name: 'Ticket (PDF)' }).getAttribute('href');
    const invoice = () => dgi.confirmed().find((i) => i.request.items.some((l) => l.name === `Chargeur rapide ${tag}`));
    await expect.poll(invoice, { timeout: 20_000 }).toBeDefined();
    expect(invoice()!.request.client).toMatchObject({ ifu: BUYER_IFU });
    const ticketText = async () => pdfText(Buffer.from(await (await page.request.get(ticketUrl!)).body())).replace(/\s+/g, ' ');
    await expect.poll(ticketText, { timeout: 20_000 }).toContain(`Code MECeF/DGI : ${invoice()!.security!.codeMECeFDGI}`);

    expect([await stockOf(scanned.id), await stockOf(named.id)]).toEqual([3, 7]);
    const sold = (await app.asAdmin.orders.list({ filters: { channel: 'counter' }, pageSize: 100 })).rows.find((o) =>
      (o.items as { name: string }[]).some((l) => l.name === `Chargeur rapide ${tag}`),
    );
    expect(sold).toMatchObject({ status: 'delivered', paymentStatus: 'paid', paymentMethod: 'cash', discount: 500, total: 10_000 });

    // The order's screen says where it was sold.
    await page.goto(`/admin/orders/${sold!.id}`);
    const details = page.locator('.ant-descriptions').first();
    await details.getByText('Comptoir', { exact: true }).waitFor();
    expect(await details.textContent()).toContain('Espèces (comptoir)');

    // An unknown barcode is said, and the ticket starts again empty.
    await page.goto('/admin/comptoir');
    const unknown = `29${body.slice(2)}`;
    await search.pressSequentially(`${unknown}${gtinCheckDigit(unknown)}`);
    await search.press('Enter');
    await page.getByText('Code-barres inconnu').waitFor();
    expect(app.errors).toEqual([]);
  });

  it('opens the drawer with a float, sells, and closes the day 500 F short: the screen and the Z report say so', async () => {
    const tag = randomUUID().slice(0, 5);
    await product(`Écouteurs ${tag}`, 7_000, 5);
    // The sales above opened a day (a sale always belongs to one): it is closed first.
    const open = await app.asAdmin.cashSessions.current();
    if (open)
      await app.asAdmin.cashSessions.close({
        countedCash: open.figures.expectedCash,
        countedMobileMoney: open.figures.expectedMobileMoney,
      });
    // While the drawer's state is on its way, its bar already says so in its own place (a seller
    // does not start selling under a screen that is about to say « Caisse fermée »).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/trpc\/[^?]*cashSessions\.current/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin/comptoir');
    await page.getByText('Caisse : lecture de la journée en cours…').waitFor();
    const bar = await page.locator('.ant-alert', { hasText: 'Caisse : lecture de la journée en cours…' }).boundingBox();
    release();
    await page.getByText('Caisse fermée', { exact: false }).waitFor();
    await page.unroute(/\/trpc\/[^?]*cashSessions\.current/);
    // The closed day's bar takes the place the waiting one held.
    expect((await page.locator('.ant-alert', { hasText: 'Caisse fermée' }).boundingBox())!.y).toBeCloseTo(bar!.y, 0);
    await page.getByLabel('Fond de caisse').fill('10000');
    await page.getByRole('button', { name: 'Ouvrir la caisse' }).click();
    await page.getByText(`Caisse ouverte · ${formatXOF(10_000)} en espèces attendues`).waitFor();

    await page.getByLabel('Code-barres, référence ou nom').fill(`Écouteurs ${tag}`);
    await page.getByRole('button', { name: `Ajouter Écouteurs ${tag}` }).click();
    await page.getByLabel('Montant reçu').fill('10000');
    await page.getByRole('button', { name: /^Encaisser/ }).click();
    await page.getByText(/^Vente CMD-\d+ enregistrée$/).waitFor();
    await page.getByRole('button', { name: 'Nouvelle vente' }).click();
    await page.getByText(`Caisse ouverte · ${formatXOF(17_000)} en espèces attendues`).waitFor();

    await page.getByRole('link', { name: 'Caisse', exact: true }).click();
    await page.getByText('Clôture de caisse').waitFor();
    await page.getByLabel('Espèces comptées').fill('16500');
    await page.getByLabel('Mobile Money constaté').fill('0');
    await page.getByText(`Écart espèces : −${formatXOF(500)} (manque)`).waitFor();
    await screenshot(page, 'cash-closing-360', true);
    await page.getByRole('button', { name: 'Clôturer la caisse' }).click();
    await page.getByRole('button', { name: 'Clôturer', exact: true }).click();
    await expect.poll(() => page.getByTestId('cash-difference').textContent()).toBe(`−${formatXOF(500)} (manque)`);
    await screenshot(page, 'cash-closed-360');
    const zUrl = await page.getByRole('link', { name: 'Rapport Z (PDF)' }).getAttribute('href');
    const z = pdfText(Buffer.from(await (await page.request.get(zUrl!)).body()), { layout: true }).replace(/\s+/g, ' ');
    expect(z).toContain('RAPPORT Z');
    expect(z).toContain(`Écart −${formatXOF(500)} (manque)`.replace(/\s+/g, ' '));
    expect(app.errors).toEqual([]);
  });

  it('sells twice with the network cut; both sales are sent exactly once when it returns', async () => {
    const body = `21${String(Date.now()).slice(-10)}`;
    const code = `${body}${gtinCheckDigit(body)}`;
    const tag = randomUUID().slice(0, 5);
    const battery = await product(`Batterie externe ${tag}`, 9_000, 5, code);
    const sleeve = await product(`Housse ${tag}`, 1_500, 4);
    const counterOrders = async () =>
      (await app.asAdmin.orders.list({ filters: { channel: 'counter' }, pageSize: 100 })).rows.filter((o) =>
        (o.items as { name: string }[]).some((l) => l.name.endsWith(tag)),
      );

    await page.goto('/admin/comptoir');
    const search = page.getByLabel('Code-barres, référence ou nom');
    // The articles are on the phone once a search answers from them.
    await search.fill(`housse ${tag}`);
    await page.getByRole('button', { name: `Ajouter Housse ${tag}` }).waitFor();
    await search.fill('');
    await page.context().setOffline(true);

    // First sale: the battery scanned twice, in cash.
    for (let i = 0; i < 2; i++) {
      await search.pressSequentially(code);
      await search.press('Enter');
    }
    await page.getByText(`2 × ${formatXOF(9_000)}`).waitFor();
    await page.getByLabel('Montant reçu').fill('20000');
    await page.getByRole('button', { name: /^Encaisser/ }).click();
    await page.getByText('Vente gardée sur ce téléphone').waitFor();
    expect(await page.getByTestId('change').textContent()).toBe(`Monnaie à rendre : ${formatXOF(2_000)}`);
    await page.getByRole('button', { name: 'Nouvelle vente' }).click();

    // Second sale: the sleeve found by name, by Mobile Money.
    await search.fill(`housse ${tag}`);
    await page.getByRole('button', { name: `Ajouter Housse ${tag}` }).click();
    await page.getByText('Mobile Money', { exact: true }).click();
    await page.getByLabel('Référence Mobile Money').fill('MTN-OFFLINE-1');
    await page.getByRole('button', { name: /^Encaisser/ }).click();
    await page.getByText('Vente gardée sur ce téléphone').waitFor();
    await page.getByRole('button', { name: 'Nouvelle vente' }).click();
    await page.getByText('Ventes gardées sur ce téléphone (2)').waitFor();
    expect(await page.getByText('En attente d’envoi').count()).toBe(2);
    await screenshot(page, 'counter-offline-360', true);
    expect(await counterOrders()).toEqual([]);
    expect([await stockOf(battery.id), await stockOf(sleeve.id)]).toEqual([5, 4]);

    // The network is back: both leave; asked again at once, nothing is recorded twice.
    await page.context().setOffline(false);
    await page.getByText('Ventes gardées sur ce téléphone').waitFor({ state: 'detached', timeout: 30_000 });
    const sent = await counterOrders();
    expect(sent).toHaveLength(2);
    expect([await stockOf(battery.id), await stockOf(sleeve.id)]).toEqual([3, 3]);
    expect(sent.map((o) => o.paymentMethod).sort()).toEqual(['cash', 'mobile_money']);
    await page.reload();
    await page.getByLabel('Code-barres, référence ou nom').waitFor();
    expect(await counterOrders()).toHaveLength(2);
    expect(app.errors.filter((e) => !e.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  });

  it('books a training at the counter on the session the cashier picks', async () => {
    const tag = randomUUID().slice(0, 5);
    const training = (await app.asAdmin.cryptoCourses.create({
      title: `Atelier Bitcoin ${tag}`,
      duration: '1 jour',
      price: 20_000,
      description: 'Les bases',
      image: 'https://exemple.bj/bitcoin.jpg',
    })) as { id: string };
    const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
    await app.asAdmin.courseSessions.create({ course: training.id, startsAt: inDays(3), place: 'Cotonou', seats: 5 });
    const later = (await app.asAdmin.courseSessions.create({ course: training.id, startsAt: inDays(10), place: 'Parakou', seats: 5 })) as {
      id: string;
    };
    await page.goto('/admin/comptoir');
    await page.getByLabel('Code-barres, référence ou nom').fill(`atelier ${tag}`);
    await page.getByRole('button', { name: `Ajouter Atelier Bitcoin ${tag}` }).click();
    await page.getByRole('button', { name: /Parakou · 5 place\(s\)/ }).click();
    const ticket = page.locator('.ant-card').filter({ hasText: 'Ticket' });
    await ticket.getByText(/Parakou · 1 × /).waitFor();
    // A discount on this line alone.
    await page.getByRole('button', { name: `Remise sur la ligne Atelier Bitcoin ${tag}` }).click();
    await page.getByLabel(`Remise sur Atelier Bitcoin ${tag}`).fill('1000');
    await expect.poll(() => page.getByTestId('total').textContent()).toBe(`Total : ${formatXOF(19_000)}`);
    await screenshot(page, 'counter-training-360');
    await page.getByLabel('Montant reçu').fill('20000');
    await page.getByRole('button', { name: /^Encaisser/ }).click();
    await page.getByText(/^Vente CMD-\d+ enregistrée$/).waitFor();
    expect(((await app.asAdmin.courseSessions.get({ id: later.id })) as { seatsTaken: number }).seatsTaken).toBe(1);
    expect(await page.getByTestId('change').textContent()).toBe(`Monnaie à rendre : ${formatXOF(1_000)}`);
  });
});
