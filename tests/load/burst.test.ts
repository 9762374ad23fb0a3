import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { readsUnderAttack, shopperFigures } from '../support/attack';

// A burst of orders, searches and logins at once: each order drops the cached catalogue, and on
// PGlite (one connection) the next reads of the home page and the product list used to wait
// behind every statement of the burst (list p95 2.2 s, home 2.7 s).

let app: TestApp;
let products: { id: string }[] = [];
beforeAll(async () => {
  app = await startTestApp({ demo: true, env: { RATE_LIMIT: 'off' } });
  products = (await app.asVisitor.products.list({ pageSize: 20 })).rows.filter((p) => p.stock === null || (p.stock ?? 0) > 20);
});
afterAll(() => app?.close());

const order = (i: number) => ({
  path: '/trpc/orders.place',
  body: {
    customerName: `Client ${i}`,
    phone: `01 96 ${String(i)
      .padStart(6, '0')
      .replace(/(\d\d)(\d\d)(\d\d)/, '$1 $2 $3')}`,
    city: 'Cotonou',
    address: 'Akpakpa',
    items: [{ id: products[i % products.length]!.id, type: 'product', quantity: 1 }],
    idempotencyKey: randomUUID(),
  },
});
const search = (i: number) => ({
  path: `/trpc/products.list?input=${encodeURIComponent(JSON.stringify({ search: `routeur ${i}`, pageSize: 12 }))}`,
});
const login = (i: number) => ({ path: '/trpc/auth.login', body: { email: `inconnu${i}@example.com`, password: `devine ${i}` } });

describe('100 orders, 100 searches and 100 logins at once', () => {
  it('leave the cached home page and product list at p95 ≤ 300 ms and within 3x of their p95 without them', async () => {
    expect(products.length).toBeGreaterThan(2);
    const requests = Array.from({ length: 100 }, (_, i) => [order(i), search(i), login(i)]).flat();
    const report = await readsUnderAttack(app.url, { requests, connections: requests.length, once: true }, 3);
    const figures = shopperFigures(report);
    console.log('burst: shopper p95 (ms) before / during', figures, report.statuses);
    expect(report.statuses['200']).toBeGreaterThan(100);
    for (const f of figures) expect(f.during, `${f.path}: ${f.before} → ${f.during} ms`).toBeLessThanOrEqual(f.limit);
  }, 90_000);
});
