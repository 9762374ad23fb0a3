import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, failure, memberClient, startTestApp, type TestApp, newProduct } from '../support/app';
import { createTestDb } from '../support/db';
import { seedIfEmpty } from '../../server/src/seed/seed';

// The stock ledger (issue 56): every change of a product's stock is a movement written with its
// cause, never changed; a tracked product's stock is the sum of its movements.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const product = (stock: number | null, price = 5_000) => newProduct(app, 'Chargeur', price, stock);
const stockOf = async (id: string) => ((await app.asAdmin.products.get({ id })) as { stock: number | null }).stock;
const movements = async (id: string) =>
  (await app.asAdmin.stockMovements.list({ filters: { product: id }, pageSize: 100 })).rows.reverse().map((m) => ({
    kind: m.kind,
    quantity: m.quantity,
    stockAfter: m.stockAfter,
    actor: m.actor,
    orderNumber: m.orderNumber,
    reason: m.reason,
  }));
const placeOnline = (id: string, quantity: number) =>
  app.asVisitor.orders.place({
    customerName: 'Afiavi Dossou',
    phone: '01 97 12 34 56',
    city: 'Cotonou',
    address: 'Fidjrossè',
    items: [{ id, type: 'product', quantity }],
    idempotencyKey: randomUUID(),
  }) as Promise<{ id: string; number: string }>;
const sellAtCounter = (id: string, quantity: number) =>
  app.asAdmin.orders.sellAtCounter({
    items: [{ id, type: 'product', quantity }],
    payment: { method: 'cash', given: 1_000_000 },
    idempotencyKey: randomUUID(),
  } as never) as Promise<{ order: { id: string; number: string } }>;

/** Every product: a tracked stock equals the sum of its movements; an untracked one's sum is zero. */
async function ledgerHolds() {
  const { rows } = await sql<{ id: string; stock: number | null; sum: string }>`
    SELECT p.id, p.stock, coalesce((SELECT sum(quantity) FROM stock_movements m WHERE m.product = p.id), 0) AS sum
    FROM products p`.execute(app.db);
  return rows.filter((r) => Number(r.sum) !== (r.stock ?? 0));
}

describe('the stock ledger', () => {
  it('lists who moved a product’s stock and why, and the stock is their sum', async () => {
    const charger = await product(12);
    const online = await placeOnline(charger.id, 2);
    const { order: counter } = await sellAtCounter(charger.id, 1);
    const cancelled = await placeOnline(charger.id, 3);
    await app.asAdmin.orders.transition({ id: cancelled.id, to: 'cancelled' });
    await app.asAdmin.products.correctStock({ id: charger.id, to: 16, reason: 'received', note: 'Livraison de Tech Import' });
    await app.asAdmin.products.correctStock({ id: charger.id, to: 14, reason: 'damaged' });

    const owner = ADMIN.email;
    expect(await movements(charger.id)).toEqual([
      { kind: 'opening', quantity: 12, stockAfter: 12, actor: owner, orderNumber: null, reason: null },
      { kind: 'order', quantity: -2, stockAfter: 10, actor: 'Boutique en ligne', orderNumber: online.number, reason: null },
      { kind: 'counter', quantity: -1, stockAfter: 9, actor: owner, orderNumber: counter.number, reason: null },
      { kind: 'order', quantity: -3, stockAfter: 6, actor: 'Boutique en ligne', orderNumber: cancelled.number, reason: null },
      { kind: 'cancel', quantity: 3, stockAfter: 9, actor: owner, orderNumber: cancelled.number, reason: null },
      { kind: 'correction', quantity: 7, stockAfter: 16, actor: owner, orderNumber: null, reason: 'received' },
      { kind: 'correction', quantity: -2, stockAfter: 14, actor: owner, orderNumber: null, reason: 'damaged' },
    ]);
    expect(await stockOf(charger.id)).toBe(14);
    expect(await ledgerHolds()).toEqual([]);
  });

  it('holds after a random mix of orders, sales, cancellations, reopenings and corrections', async () => {
    const shelf = await Promise.all([product(30), product(8), product(null), product(0)]);
    const open: string[] = [];
    const cancelled: string[] = [];
    // A fixed sequence of pseudo-random choices: the same run every time, on both databases.
    let seed = 56;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), Math.floor(seed / 65_536) % n);
    for (let step = 0; step < 60; step++) {
      const target = shelf[next(shelf.length)]!;
      const quantity = 1 + next(3);
      const attempt = async () => {
        switch (next(6)) {
          case 0:
            open.push((await placeOnline(target.id, quantity)).id);
            break;
          case 1:
            await sellAtCounter(target.id, quantity);
            break;
          case 2:
            if (open.length) {
              const id = open.splice(next(open.length), 1)[0]!;
              await app.asAdmin.orders.transition({ id, to: 'cancelled' });
              cancelled.push(id);
            }
            break;
          case 3:
            if (cancelled.length) await app.asAdmin.orders.reopen({ id: cancelled.splice(next(cancelled.length), 1)[0]! });
            break;
          case 4:
            await app.asAdmin.products.correctStock({ id: target.id, to: next(20), reason: 'error' });
            break;
          default:
            await app.asAdmin.products.correctStock({ id: target.id, to: next(4) === 0 ? null : next(10), reason: 'found' });
        }
      };
      // Refusals (not enough stock, nothing to correct) are part of the mix: they move nothing.
      await attempt().catch((error: { code?: string }) => {
        if (!['CONFLICT', 'BAD_REQUEST'].includes(String(error.code))) throw error;
      });
    }
    // The mix moved stock every way there is.
    const kinds = await app.db
      .selectFrom('stockMovements')
      .select('kind')
      .distinct()
      .where(
        'product',
        'in',
        shelf.map((p) => p.id),
      )
      .execute();
    expect(kinds.map((k) => k.kind).sort()).toEqual(['cancel', 'correction', 'counter', 'opening', 'order', 'reopen', 'untracked']);
    expect(await ledgerHolds()).toEqual([]);
  });

  it('keeps what sold while the owner was correcting, and refuses a negative stock in French', async () => {
    const cable = await product(10);
    // She read 10 and counted 7 on the shelf; two sold meanwhile.
    await sellAtCounter(cable.id, 2);
    await app.asAdmin.products.correctStock({ id: cable.id, to: 7, seen: 10, reason: 'lost' });
    expect(await stockOf(cable.id)).toBe(5);
    const negative = await failure(app.asAdmin.products.correctStock({ id: cable.id, to: 0, seen: 9, reason: 'lost' }));
    expect(negative.message).toContain('Le stock deviendrait négatif (-4)');
    const why = await failure(app.asAdmin.products.correctStock({ id: cable.id, to: 3, reason: 'other' }));
    expect(why.message).toBe('Dites en quelques mots pourquoi le stock change (motif « Autre »).');
    expect(await stockOf(cable.id)).toBe(5);
    // Stopping and starting to track: a movement each, the sum following.
    await app.asAdmin.products.correctStock({ id: cable.id, to: null, reason: 'other', note: 'Produit à la commande' });
    await app.asAdmin.products.correctStock({ id: cable.id, to: 4, reason: 'received' });
    expect((await movements(cable.id)).slice(-2)).toMatchObject([
      { kind: 'untracked', quantity: -5, stockAfter: null },
      { kind: 'correction', quantity: 4, stockAfter: 4 },
    ]);
    expect(await ledgerHolds()).toEqual([]);
  });

  it('is not overwritten by the product’s form, and only managers correct it', async () => {
    const mouse = await product(5);
    const overwrite = await failure(app.asAdmin.products.update({ id: mouse.id, data: { stock: 50 } as never }));
    expect(overwrite.message).toContain('Champ inconnu : stock');
    const seller = await memberClient(app, 'seller');
    const refused = await failure(seller.client.products.correctStock.mutate({ id: mouse.id, to: 50, reason: 'found' }));
    expect(refused.code).toBe('FORBIDDEN');
    expect(await stockOf(mouse.id)).toBe(5);
  });

  it('never changes a movement; a product deleted leaves its history under its name', async () => {
    const pad = await product(4);
    const [movement] = await app.db.selectFrom('stockMovements').select('id').where('product', '=', pad.id).execute();
    await expect(app.db.updateTable('stockMovements').set({ quantity: 40 }).where('id', '=', movement!.id).execute()).rejects.toThrow(
      'Un mouvement de stock ne se modifie pas',
    );
    await expect(app.db.deleteFrom('stockMovements').where('id', '=', movement!.id).execute()).rejects.toThrow(
      'Un mouvement de stock ne se modifie pas',
    );
    await app.asAdmin.products.delete({ id: pad.id });
    const kept = await app.db
      .selectFrom('stockMovements')
      .select(['product', 'productName', 'quantity'])
      .where('id', '=', movement!.id)
      .execute();
    expect(kept).toEqual([{ product: null, productName: pad.name, quantity: 4 }]);
  });
});

describe('202611300327_stock_movements on a shop that holds stock', () => {
  it('opens each tracked product’s ledger with the stock it holds', async () => {
    const shop = await createTestDb();
    try {
      await seedIfEmpty(shop.db, { demo: true });
      const migration = (await import('../../migrations/202611300327_stock_movements')) as {
        up: (db: unknown) => Promise<void>;
        down: (db: unknown) => Promise<void>;
      };
      await migration.down(shop.db);
      await migration.up(shop.db);
      const { rows } = await sql<{ stock: number | null; kinds: string[] | null; sum: string | null }>`
        SELECT p.stock, (SELECT array_agg(kind) FROM stock_movements m WHERE m.product = p.id) AS kinds,
               (SELECT sum(quantity) FROM stock_movements m WHERE m.product = p.id) AS sum
        FROM products p`.execute(shop.db);
      expect(rows.length).toBeGreaterThan(3);
      for (const row of rows) {
        if (row.stock === null) expect(row.kinds).toBeNull();
        else expect([row.kinds, Number(row.sum)]).toEqual([['opening'], row.stock]);
      }
    } finally {
      await shop.drop();
    }
  });
});
