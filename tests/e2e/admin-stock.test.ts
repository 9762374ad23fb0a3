import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, PHONE, startBrowserApp } from '../support/browser';
import { screenshot } from './admin/screens';
import { expectNoErrors, signIn } from './admin/session';

// The stock ledger on the owner's phone: a product's stock, corrected with a reason, and its
// movements with who and why (issue 56).

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
});
afterAll(() => app?.close());

describe('a product’s stock on the owner’s phone', () => {
  it('is corrected with a reason under the form; a sale made meanwhile is kept; the movements say who and why', async () => {
    const row = (await app.asAdmin.products.create({
      name: `Chargeur USB-C 65 W ${randomUUID().slice(0, 4)}`,
      shortDescription: 'Charge rapide',
      description: '<p>Chargeur</p>',
      price: 12_000,
      category: 'accessories',
      stock: 12,
    })) as { id: string };
    const page = await app.newPage(PHONE);
    await signIn(page, `/admin/products/edit/${row.id}`);
    const card = page.locator('.ant-card').filter({ has: page.getByText('Derniers mouvements') });
    await expect.poll(() => card.getByText('12 unités en stock.').isVisible()).toBe(true);
    await expect.poll(() => card.getByText('Stock initial').isVisible()).toBe(true);

    // She counts 9 on the shelf; a sale at the counter happens while the dialog is open.
    await card.getByRole('button', { name: 'Corriger le stock' }).click();
    const dialog = page.getByRole('dialog', { name: 'Corriger le stock' });
    await dialog.getByLabel('Stock en rayon').fill('9');
    await app.asAdmin.orders.sellAtCounter({
      items: [{ id: row.id, type: 'product', quantity: 1 }],
      payment: { method: 'cash', given: 12_000 },
      idempotencyKey: randomUUID(),
    } as never);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    // The reason is asked for, in French, and what she typed stays.
    await expect.poll(() => dialog.getByText('Choisissez un motif.').isVisible()).toBe(true);
    expect(await dialog.getByLabel('Stock en rayon').inputValue()).toBe('9');
    await dialog.locator('.ant-form-item').filter({ hasText: 'Motif' }).locator('.ant-select-selector').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Casse ou défaut' }).click();
    await screenshot(page, 'stock-correct-360');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();

    await expect.poll(() => card.getByText('8 unités en stock.').isVisible()).toBe(true);
    await expect.poll(() => card.getByText('Correction manuelle').isVisible()).toBe(true);
    await expect.poll(() => card.getByText('-3 → 8').isVisible()).toBe(true);
    await expect.poll(() => card.getByText('Vente au comptoir', { exact: false }).isVisible()).toBe(true);
    expect(await card.getByText('Casse ou défaut', { exact: false }).isVisible()).toBe(true);
    // The form's stock field follows, read-only.
    await expect.poll(() => page.locator('#stock').inputValue()).toBe('8');
    expect(await page.locator('#stock').isDisabled()).toBe(true);
    await screenshot(page, 'stock-history-360', true);
    expect((await app.asAdmin.products.get({ id: row.id })).stock).toBe(8);
    expectNoErrors(app.errors);
    await page.close();
  });
});
