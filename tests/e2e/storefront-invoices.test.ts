import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, DESKTOP, PHONE, startBrowserApp } from '../support/browser';
import { type EmcfStandIn, startEmcfStandIn } from '../support/emcf-stand-in';
import { type FedaPayStandIn, startFedaPayStandIn } from '../support/fedapay-stand-in';
import { pdfQrCode, pdfText } from '../support/pdf';
import { until } from '../support/until';
import { signIn } from './admin/session';
import { checkoutWithMobileMoney, screenshot } from './storefront/browser';

// A shopper pays by Mobile Money; the order gets its normalized invoice from the DGI (the local
// e-MCF), which the tracking page offers as a PDF whose QR code reads as the DGI's, and which the
// owner sees on the order screen.

const KEYS = { secretKey: 'sk_sandbox_mecef', webhookSecret: 'wh_sandbox_mecef' };
const TOKEN = 'jeton-emcf-e2e';
const IFU = '0202212345678';
let fedapay: FedaPayStandIn;
let dgi: EmcfStandIn;
let app: BrowserApp;

beforeAll(async () => {
  fedapay = await startFedaPayStandIn(KEYS);
  dgi = await startEmcfStandIn({ token: TOKEN, ifu: IFU });
  app = await startBrowserApp({
    env: {
      FEDAPAY_SECRET_KEY: KEYS.secretKey,
      FEDAPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
      FEDAPAY_API_BASE: fedapay.url,
      EMECEF_TOKEN: TOKEN,
      EMECEF_API_BASE: dgi.url,
    },
  });
  fedapay.state.webhookUrl = `${app.url}/webhooks/fedapay`;
  await app.db.updateTable('settings').set({ ifu: IFU }).execute();
});
afterAll(async () => {
  await app?.close();
  await fedapay?.close();
  await dgi?.close();
});

describe('normalized invoice of an order paid by Mobile Money', () => {
  it('is offered on the tracking page as a PDF with the MECeF code, NIM, counters and the DGI’s QR code', async () => {
    const product = (await app.asAdmin.products.create({
      name: 'Clé Ledger Nano S Plus',
      shortDescription: 'Portefeuille matériel',
      description: '<p>Portefeuille</p>',
      price: 45_000,
      category: 'wallets',
      stock: 3,
    })) as { id: string; name: string };
    const delivery = (await app.asVisitor.deliveryOptions.list({ pageSize: 1 })).rows[0]!;
    const page = await app.newPage(PHONE);
    const where = { id: delivery.id, name: delivery.name, price: Number(delivery.price) };
    await checkoutWithMobileMoney(page, { ...product, price: 45_000, stock: 3 }, where, fedapay.url);
    await page.getByRole('button', { name: 'Payer avec MTN Mobile Money' }).click();
    await page.waitForURL(/\/suivi\/[0-9a-f]{64}/);
    await page.getByTestId('payment-panel').getByText('Paiement reçu. Merci !').waitFor();

    const number = (await page.getByRole('heading', { name: /Commande CMD-/ }).textContent())!.replace('Commande ', '');
    const order = (await app.asAdmin.orders.list({ search: number })).rows[0]!;
    const [invoice] = await until('the invoice normalized', async () => {
      const rows = await app.asAdmin.orders.invoices({ id: String(order.id) });
      return rows[0]?.status === 'confirmed' && rows;
    });
    const issued = dgi.confirmed().at(-1)!;
    expect(issued.request.payment).toEqual([{ name: 'MOBILEMONEY', amount: 45_000 + Number(delivery.price) }]);

    // The shopper opens the tracking page again: the receipt is now the normalized invoice.
    await page.reload();
    const link = page.getByRole('link', { name: 'Télécharger la facture normalisée (PDF)' });
    await link.waitFor();
    await page.getByText(`Code MECeF/DGI : ${invoice!.codeMecef}`).waitFor();
    await screenshot(page, 'tracking-normalized-invoice-360');
    const pdf = Buffer.from(await (await page.request.get((await link.getAttribute('href'))!)).body());
    const text = pdfText(pdf);
    expect(text).toContain(`Facture normalisée – commande ${number}`);
    expect(text).toContain(`Code MECeF/DGI : ${invoice!.codeMecef}`);
    expect(text).toContain(`NIM : ${invoice!.nim}`);
    expect(text).toContain(`Compteurs : ${invoice!.counters}`);
    expect(await pdfQrCode(pdf)).toBe(issued.security!.qrCode);
    expect(app.errors).toEqual([]);

    // The owner's order screen shows it, with its document.
    const admin = await app.newPage(DESKTOP);
    await signIn(admin, `/admin/orders/${order.id}`);
    const card = admin.getByTestId('invoice-FV');
    await card.getByText(`Code MECeF/DGI : ${invoice!.codeMecef}`).waitFor();
    expect(await card.getByRole('link', { name: 'Ouvrir la facture (PDF)' }).getAttribute('href')).toMatch(
      /\/suivi\/[0-9a-f]{64}\/recu\.pdf$/,
    );
    await admin.screenshot({ path: '.tmp/screens/admin-order-invoice.png', fullPage: true });
    await admin.close();
    await page.close();
  });
});
