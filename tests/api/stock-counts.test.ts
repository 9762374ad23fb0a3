import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, failure, memberClient, startTestApp, type TestApp } from '../support/app';

// Stock counts (issue 56): shelves counted by scanning from several phones, the differences shown,
// then applied as movements of the ledger, what sold meanwhile kept.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const product = async (stock: number | null, category = 'audio', supplier: string | null = null) =>
  (await app.asAdmin.products.create({
    name: `Enceinte ${randomUUID().slice(0, 6)}`,
    shortDescription: 'x',
    description: '<p>x</p>',
    price: 10_000,
    category,
    stock,
    supplier,
  } as never)) as { id: string; name: string };
const stockOf = async (id: string) => (await app.asAdmin.products.get({ id })).stock;
const sell = (id: string, quantity: number) =>
  app.asAdmin.orders.sellAtCounter({
    items: [{ id, type: 'product', quantity }],
    payment: { method: 'cash', given: 1_000_000 },
    idempotencyKey: randomUUID(),
  } as never) as Promise<{ order: { number: string } }>;
const startCount = (scope: Record<string, unknown> = {}) =>
  app.asAdmin.stockCounts.create({ name: `Inventaire ${randomUUID().slice(0, 4)}`, ...scope } as never) as Promise<{
    id: string;
    name: string;
  }>;

describe('the stock ledger through a product’s life', () => {
  it('lists six movements with who and why — online, counter, cancelled, received, counted 2 short — and the stock is their sum', async () => {
    const supplier = (await app.asAdmin.suppliers.create({ name: `Grossiste ${randomUUID().slice(0, 4)}` })) as { id: string };
    const speaker = await product(5, 'audio', supplier.id);
    const web = (await app.asVisitor.orders.place({
      customerName: 'Sèna Agbo',
      phone: '01 97 55 44 33',
      city: 'Cotonou',
      address: 'Akpakpa',
      items: [{ id: speaker.id, type: 'product', quantity: 1 }],
      idempotencyKey: randomUUID(),
    })) as { id: string; number: string };
    const { order: counter } = await sell(speaker.id, 1);
    await app.asAdmin.orders.transition({ id: web.id, to: 'cancelled' });
    const purchase = (await app.asAdmin.purchaseOrders.create({ supplier: supplier.id })) as { id: string; number: string };
    await app.asAdmin.purchaseOrders.setLines({ id: purchase.id, lines: [{ product: speaker.id, ordered: 10, cost: 6_000 }] });
    await app.asAdmin.purchaseOrders.receive({ id: purchase.id, key: randomUUID(), items: [{ product: speaker.id, quantity: 10 }] });
    expect(await stockOf(speaker.id)).toBe(14);
    const count = await startCount();
    await app.asAdmin.stockCounts.count({ id: count.id, key: randomUUID(), items: [{ product: speaker.id, quantity: 12 }] });
    await app.asAdmin.stockCounts.validate({ id: count.id });

    const history = (await app.asAdmin.stockMovements.list({ filters: { product: speaker.id }, pageSize: 20 })).rows.reverse();
    expect(history.map((m) => [m.kind, m.quantity, m.stockAfter, m.actor, m.orderNumber ?? m.note])).toEqual([
      ['opening', 5, 5, ADMIN.email, null],
      ['order', -1, 4, 'Boutique en ligne', web.number],
      ['counter', -1, 3, ADMIN.email, counter.number],
      ['cancel', 1, 4, ADMIN.email, web.number],
      ['purchase', 10, 14, ADMIN.email, purchase.number],
      ['count', -2, 12, ADMIN.email, `« ${count.name} » : compté 12, 14 attendus`],
    ]);
    expect(history.reduce((n, m) => n + m.quantity, 0)).toBe(await stockOf(speaker.id));
  });
});

describe('a stock count', () => {
  it('adds two phones’ counts, keeps a sale made after an article was counted, and leaves the uncounted alone', async () => {
    const [counted, soldAfter, untouched, untracked] = await Promise.all([product(10), product(6), product(3), product(null)]);
    const count = await startCount({ scope: 'category', category: 'audio' });
    const seller = await memberClient(app, 'seller');
    // Two phones count the same shelf's two halves; one of them sends its batch twice.
    const key = randomUUID();
    await app.asAdmin.stockCounts.count({ id: count.id, key: randomUUID(), items: [{ product: counted.id, quantity: 4 }] });
    const batch = {
      id: count.id,
      key,
      items: [
        { product: counted.id, quantity: 3 },
        { product: soldAfter.id, quantity: 6 },
        { product: untracked.id, quantity: 2 },
      ],
    };
    await seller.client.stockCounts.count.mutate(batch);
    expect((await seller.client.stockCounts.count.mutate(batch)).repeated).toBe(true);
    // Counted 6 on the shelf, then one sold while the count goes on.
    await sell(soldAfter.id, 1);

    const lines = await app.asAdmin.stockCounts.lines({ id: count.id });
    const line = (id: string) => lines.find((l) => l.product === id);
    expect(line(counted.id)).toMatchObject({ expected: 10, counted: 7, difference: -3 });
    expect(line(soldAfter.id)).toMatchObject({ expected: 6, now: 5, counted: 6, difference: 0 });
    expect(line(untouched.id)).toMatchObject({ expected: 3, counted: null, difference: null });
    // Differences first.
    expect(lines[0]!.product).toBe(counted.id);

    // A seller counts; only the managers apply.
    expect((await failure(seller.client.stockCounts.validate.mutate({ id: count.id }))).code).toBe('FORBIDDEN');
    expect(await app.asAdmin.stockCounts.validate({ id: count.id })).toEqual({ adjusted: 2, units: -3 + 2 });
    expect(await Promise.all([counted, soldAfter, untouched, untracked].map((p) => stockOf(p.id)))).toEqual([7, 5, 3, 2]);
    expect((await app.asAdmin.stockCounts.get({ id: count.id })).status).toBe('applied');
    const again = await failure(
      app.asAdmin.stockCounts.count({ id: count.id, key: randomUUID(), items: [{ product: counted.id, quantity: 1 }] }),
    );
    expect(again.message).toBe('Cet inventaire est déjà appliqué.');
  });

  it('says what is missing in French: the category of a category count, something counted before applying', async () => {
    const refused = await failure(app.asAdmin.stockCounts.create({ name: 'Rayon', scope: 'category' } as never));
    expect(refused.fieldErrors).toMatchObject({ category: 'Choisissez la catégorie à compter.' });
    const empty = await startCount();
    expect((await failure(app.asAdmin.stockCounts.validate({ id: empty.id }))).message).toContain('Rien n’a été compté');
    await app.asAdmin.stockCounts.cancel({ id: empty.id });
    expect((await app.asAdmin.stockCounts.get({ id: empty.id })).status).toBe('cancelled');
  });
});
