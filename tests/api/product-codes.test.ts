import { randomUUID } from 'node:crypto';
import { gtinCheckDigit } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, startTestApp, type TestApp } from '../support/app';

// Products carry the owner's reference (SKU) and their barcode, found by either at the counter.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const ean = () => {
  const body = `20${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
};
const product = (extra: Record<string, unknown>) =>
  app.asAdmin.products.create({
    name: `Clé USB ${randomUUID().slice(0, 6)}`,
    shortDescription: 'x',
    description: '<p>x</p>',
    price: 3500,
    category: 'accessories',
    ...extra,
  }) as Promise<{ id: string; sku: string | null; barcode: string | null }>;

describe('product codes', () => {
  it('stores a barcode as its digits, and finds the product by it or by its reference', async () => {
    const code = ean();
    const sku = `USB-${randomUUID().slice(0, 4)}`;
    const made = await product({ sku, barcode: `${code.slice(0, 1)} ${code.slice(1, 7)} ${code.slice(7)}` });
    expect(made).toMatchObject({ sku, barcode: code });
    expect((await app.asAdmin.products.list({ search: code })).rows.map((r) => r.id)).toEqual([made.id]);
    expect((await app.asAdmin.products.list({ search: sku.toLowerCase() })).rows.map((r) => r.id)).toEqual([made.id]);
  });

  it('refuses a mistyped barcode and a code another product has, in French, on the field', async () => {
    const code = ean();
    const wrong = `${code.slice(0, -1)}${(Number(code.at(-1)) + 1) % 10}`;
    expect((await failure(product({ barcode: wrong }))).fieldErrors?.barcode).toMatch(/mal recopié/);
    await product({ barcode: code, sku: `A-${code}` });
    const twin = await failure(product({ barcode: code }));
    expect(twin).toMatchObject({ code: 'CONFLICT', fieldErrors: { barcode: 'Ce code-barres est déjà celui d’un autre produit.' } });
    const sameSku = await failure(product({ sku: `A-${code}` }));
    expect(sameSku.fieldErrors?.sku).toBe('Cette référence est déjà celle d’un autre produit.');
  });
});
