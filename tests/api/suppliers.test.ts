import { FEEDS } from '@app/shared';
import { productPath } from '@app/shared/ssr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, memberClient, startTestApp, type TestApp } from '../support/app';

// Suppliers, and each product's usual supplier, reference there and cost (issue 56): the owner's
// and the manager's, never a shopper's, a seller's, a catalogue's or a search engine's.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
});
afterAll(() => app?.close());

describe('a product’s supplier and cost', () => {
  it('are the managers’ only: no public answer, feed, page or counter screen carries them', async () => {
    const laptop = (await app.asAdmin.products.list({ search: 'Core i5 – 16 Go', pageSize: 1 })).rows[0]!;
    const full = await app.asAdmin.products.get({ id: laptop.id });
    const supplier = await app.asAdmin.suppliers.get({ id: full.supplier! });
    expect(full).toMatchObject({ cost: 269_500, supplierReference: 'F-TCB-001' });
    expect(supplier.name).toBe('Tech Import Cotonou');

    // The traces each would leave: the cost as any answer writes a number, the reference, the supplier.
    const secrets = ['269500', '269 500', '269\u202f500', 'F-TCB-001', 'Tech Import', supplier.id];
    const seller = await memberClient(app, 'seller');
    const answers: Array<[string, string]> = [
      ['products.list (visiteur)', JSON.stringify(await app.asVisitor.products.list({ pageSize: 100 }))],
      ['products.get (visiteur)', JSON.stringify(await app.asVisitor.products.get({ id: laptop.id }))],
      ['products.bySlug (visiteur)', JSON.stringify(await app.asVisitor.products.bySlug({ slug: laptop.slug }))],
      ['products.get (vendeur)', JSON.stringify(await seller.client.products.get.query({ id: laptop.id }))],
      ['orders.counterCatalogue (vendeur)', JSON.stringify(await seller.client.orders.counterCatalogue.query({}))],
    ];
    for (const path of [productPath(laptop), '/products', '/', FEEDS.google, FEEDS.meta, '/sitemap.xml'])
      answers.push([path, await (await fetch(`${app.url}${path}`)).text()]);
    for (const [where, text] of answers) {
      expect(text.length, where).toBeGreaterThan(100);
      for (const secret of secrets) expect(text.includes(secret), `${where} montre « ${secret} »`).toBe(false);
    }
    // A seller reads no supplier at all.
    expect((await failure(seller.client.suppliers.list.query({}))).code).toBe('FORBIDDEN');
  });

  it('give the dashboard the stock’s value at cost, and say how many articles have no cost', async () => {
    const all = (await app.asAdmin.products.list({ pageSize: 100 })).rows as Array<{ stock: number | null; cost: number | null }>;
    const inStock = all.filter((p) => (p.stock ?? 0) > 0);
    const expected = {
      units: inStock.reduce((n, p) => n + p.stock!, 0),
      atCost: inStock.reduce((n, p) => n + p.stock! * (p.cost ?? 0), 0),
      uncosted: inStock.filter((p) => p.cost === null).length,
    };
    // The demo's wallets have no supplier and no cost: said, not counted as free.
    expect(expected.uncosted).toBeGreaterThan(0);
    expect((await app.asAdmin.dashboard.stats()).stockValue).toEqual(expected);
  });

  it('keeps a supplier that products name from being deleted, and says which', async () => {
    const supplier = (await app.asAdmin.suppliers.list({ search: 'Accessoires Pro', pageSize: 1 })).rows[0]!;
    const refused = await failure(app.asAdmin.suppliers.delete({ id: supplier.id }));
    expect(refused.message).toMatch(/produit/i);
    expect((await app.asAdmin.suppliers.get({ id: supplier.id })).name).toBe('Accessoires Pro Cotonou');
  });
});
