import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, DESKTOP, PHONE, startBrowserApp } from '../support/browser';
import { type FedaPayStandIn, startFedaPayStandIn } from '../support/fedapay-stand-in';
import { signIn } from './admin/session';
import { checkoutWithMobileMoney, screenshot } from './storefront/browser';

// Paying by Mobile Money in a real browser: checkout, FedaPay's page (the local stand-in),
// a refusal, a retry, the return page that follows the payment, and the owner's order screen.

const KEYS = { secretKey: 'sk_sandbox_e2e', webhookSecret: 'wh_sandbox_e2e' };
let fedapay: FedaPayStandIn;
let app: BrowserApp;

beforeAll(async () => {
  fedapay = await startFedaPayStandIn(KEYS);
  app = await startBrowserApp({
    env: { FEDAPAY_SECRET_KEY: KEYS.secretKey, FEDAPAY_WEBHOOK_SECRET: KEYS.webhookSecret, FEDAPAY_API_BASE: fedapay.url },
  });
  fedapay.state.webhookUrl = `${app.url}/webhooks/fedapay`;
});
afterAll(async () => {
  await app?.close();
  await fedapay?.close();
});

describe('Mobile Money at checkout', () => {
  it('pays an order on FedaPay after a refusal, and the shop and the owner see it paid', async () => {
    const product = (await app.asAdmin.products.create({
      name: 'Power bank 20 000 mAh',
      shortDescription: 'Charge rapide',
      description: '<p>Batterie</p>',
      price: 18_000,
      category: 'accessories',
      stock: 4,
    })) as { id: string; name: string };
    const delivery = (await app.asVisitor.deliveryOptions.list({ pageSize: 1 })).rows[0]!;

    const page = await app.newPage(PHONE);
    const where = { id: delivery.id, name: delivery.name, price: Number(delivery.price) };
    await checkoutWithMobileMoney(page, { ...product, price: 18_000, stock: 4 }, where, fedapay.url);

    // FedaPay's page, for the server's total.
    expect(await page.getByTestId('amount').textContent()).toBe(`${18_000 + Number(delivery.price)} XOF`);
    await page.getByRole('button', { name: 'Simuler un refus' }).click();

    // Back on the shop: refused, the order waits, the shopper may retry or pay on delivery.
    await page.waitForURL(/\/suivi\/[0-9a-f]{64}/);
    const panel = page.getByTestId('payment-panel');
    await panel.getByText('Le paiement a été refusé.').waitFor();
    expect(await panel.getByRole('button', { name: 'Payer plutôt à la livraison' }).isVisible()).toBe(true);
    await screenshot(page, 'payment-declined-360');
    await panel.getByRole('button', { name: 'Réessayer le paiement' }).click();

    await page.waitForURL(`${fedapay.url}/pay/**`);
    await page.getByRole('button', { name: 'Payer avec MTN Mobile Money' }).click();
    await page.waitForURL(/\/suivi\/[0-9a-f]{64}/);
    await page.getByTestId('payment-panel').getByText('Paiement reçu. Merci !').waitFor();
    await page
      .getByTestId('tracked-order')
      .getByText(/Statut : Nouvelle · Paiement : Payée/)
      .waitFor();
    await screenshot(page, 'payment-paid-360');
    expect(app.errors).toEqual([]);

    // The owner's order screen: paid, with the FedaPay transactions and their outcome.
    const number = (await page.getByRole('heading', { name: /Commande CMD-/ }).textContent())!.replace('Commande ', '');
    const order = (await app.asAdmin.orders.list({ search: number })).rows[0]!;
    const admin = await app.newPage(DESKTOP);
    await signIn(admin, `/admin/orders/${order.id}`);
    const payments = admin.locator('.ant-card').filter({ hasText: 'Paiements Mobile Money (FedaPay)' });
    await payments.waitFor();
    expect(await payments.textContent()).toMatch(/Refusé.*Réussi|Réussi.*Refusé/);
    expect(await admin.getByText('Paiement : Payée').count()).toBeGreaterThan(0);
    await admin.screenshot({ path: '.tmp/screens/admin-order-mobile-money.png', fullPage: true });
    await admin.close();
    await page.close();
  });
});
