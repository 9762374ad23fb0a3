import { randomInt } from 'node:crypto';
import { gtinCheckDigit } from '@app/shared/format';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, PHONE, startBrowserApp } from '../support/browser';
import { screenshot } from './admin/screens';
import { expectNoErrors, signIn } from './admin/session';

// A delivery received on the owner's phone by scanning what arrived (a scanner types the code and
// Entrée): the stock and the average cost follow; a shelf counted with the network lost midway
// (issue 56).

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
});
afterAll(() => app?.close());

/** A valid EAN-13 no other test uses. */
const ean = () => {
  const digits = `29${String(randomInt(1e10)).padStart(10, '0')}`;
  return `${digits}${gtinCheckDigit(digits)}`;
};

/** A scanner's code and Entrée; taken once the field is empty again, as the person scanning sees. */
async function scan(field: Locator, code: string) {
  await field.fill(code);
  await field.press('Enter');
  await expect.poll(() => field.inputValue()).toBe('');
}

describe('receiving a purchase order at 360 px', () => {
  it('scans two articles with the scanner, validates, and the stock and average cost change', async () => {
    const supplier = (await app.asAdmin.suppliers.create({ name: 'Tech Import Parakou', whatsapp: '01 96 00 00 02' })) as { id: string };
    const make = async (name: string, stock: number, cost: number, barcode: string) =>
      (await app.asAdmin.products.create({
        name,
        shortDescription: 'x',
        description: '<p>x</p>',
        price: 20_000,
        category: 'accessories',
        stock,
        cost,
        barcode,
        supplier: supplier.id,
      })) as { id: string };
    const [codeA, codeB] = [ean(), ean()];
    const mouse = await make('Souris sans fil M185', 2, 4_000, codeA);
    const hub = await make('Hub USB-C 7 ports', 0, 9_000, codeB);
    const order = (await app.asAdmin.purchaseOrders.create({ supplier: supplier.id })) as { id: string; number: string };
    await app.asAdmin.purchaseOrders.setLines({
      id: order.id,
      lines: [
        { product: mouse.id, ordered: 2, cost: 5_000 },
        { product: hub.id, ordered: 1, cost: 10_000 },
      ],
    });
    await app.asAdmin.purchaseOrders.send({ id: order.id, by: 'whatsapp' });

    const page = await app.newPage(PHONE);
    await signIn(page, `/admin/achats/${order.id}`);
    const field = page.getByLabel('Code-barres ou référence');
    await field.waitFor();
    for (const code of [codeA, codeA, codeB]) {
      await scan(field, code);
    }
    // An unknown code is said in French; nothing is counted for it.
    await field.fill('4006381333931');
    await field.press('Enter');
    await expect.poll(() => page.getByText('Code inconnu : 4006381333931').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Valider la réception (3 articles)' }).isEnabled()).toBe(true);
    await screenshot(page, 'purchase-receive-360', true);
    await page.getByRole('button', { name: 'Valider la réception (3 articles)' }).click();
    await expect.poll(() => page.getByText('Réception enregistrée : 3 articles en stock.').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Imprimer les étiquettes (3)' }).isVisible()).toBe(true);

    // 2 at 4 000 and 2 at 5 000 make 4 at 4 500; the hub had none: its cost is the delivery's.
    await expect.poll(async () => (await app.asAdmin.purchaseOrders.get({ id: order.id })).status).toBe('received');
    expect(await app.asAdmin.products.get({ id: mouse.id })).toMatchObject({ stock: 4, cost: 4_500 });
    expect(await app.asAdmin.products.get({ id: hub.id })).toMatchObject({ stock: 1, cost: 10_000 });
    await screenshot(page, 'purchase-received-360', true);
    expectNoErrors(app.errors);
    await page.close();
  });
});

describe('a stock count at 360 px', () => {
  it('keeps what was scanned while offline, sends it when the network is back, and applies the count', async () => {
    const code = ean();
    const cable = (await app.asAdmin.products.create({
      // Its own name on a retry too (the slug is unique).
      name: `Câble Ethernet Cat6 5 m ${code.slice(-4)}`,
      shortDescription: 'x',
      description: '<p>x</p>',
      price: 3_000,
      category: 'networking',
      stock: 7,
      barcode: code,
    })) as { id: string };
    const count = (await app.asAdmin.stockCounts.create({ name: 'Rayon réseau', scope: 'category', category: 'networking' } as never)) as {
      id: string;
    };
    const page = await app.newPage(PHONE);
    await signIn(page, `/admin/inventaires/${count.id}`);
    const field = page.getByLabel('Code-barres ou référence');
    await field.waitFor();
    await scan(field, code);
    await expect.poll(() => page.getByText('Tout ce que ce téléphone a compté est envoyé.').isVisible()).toBe(true);
    // A sending whose answer is lost (the server counted it): a scan made meanwhile is not folded
    // into it, so neither is counted twice nor lost when the batch is sent again.
    let lost = 0;
    // The lost answer is cut only once the next scan is made: that scan is made while it is pending, always.
    let scannedMeanwhile!: () => void;
    const meanwhile = new Promise<void>((resolve) => (scannedMeanwhile = resolve));
    await page.route('**/trpc/stockCounts.count**', async (route) => {
      if (lost++ === 0) {
        await route.fetch();
        await meanwhile;
        await route.abort('connectionreset');
      } else await route.continue();
    });
    await scan(field, code);
    await expect.poll(() => lost).toBeGreaterThan(0);
    await scan(field, code);
    scannedMeanwhile();
    await expect.poll(() => page.getByText('Tout ce que ce téléphone a compté est envoyé.').isVisible(), { timeout: 20_000 }).toBe(true);
    await page.unroute('**/trpc/stockCounts.count**');
    // « Tout … est envoyé » may still be on screen from before the third scan: the server says when it has all three.
    await expect
      .poll(async () => (await app.asAdmin.stockCounts.get({ id: count.id })).counted.map((c) => c.quantity), { timeout: 20_000 })
      .toEqual([3]);
    // The network goes: two more are counted and kept on the phone.
    await page.context().setOffline(true);
    for (let i = 0; i < 2; i++) {
      await scan(field, code);
    }
    await expect
      .poll(() => page.getByText('2 articles comptés sur ce téléphone, en attente d’envoi', { exact: false }).isVisible())
      .toBe(true);
    await screenshot(page, 'count-offline-360', true);
    await page.context().setOffline(false);
    await expect.poll(() => page.getByText('Tout ce que ce téléphone a compté est envoyé.').isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.getByText('Écart -2').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Appliquer l’inventaire' }).click();
    await page.getByRole('button', { name: 'Appliquer', exact: true }).click();
    await expect.poll(() => page.getByText('Inventaire appliqué : le stock est à jour.').isVisible()).toBe(true);
    expect((await app.asAdmin.products.get({ id: cable.id })).stock).toBe(5);
    await screenshot(page, 'count-applied-360', true);
    // A code no product has: the product's form opens with it filled in.
    const unknown = ean();
    await page.goto(`/admin/inventaires/${(await app.asAdmin.stockCounts.create({ name: 'Réserve' } as never)).id}`);
    await scan(field, unknown);
    await page.getByRole('link', { name: 'Créer le produit' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/products/add');
    await expect.poll(() => page.locator('#barcode').inputValue()).toBe(unknown);
    expectNoErrors(app.errors);
    await page.close();
  });
});
