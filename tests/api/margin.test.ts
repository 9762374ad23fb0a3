import { randomUUID } from 'node:crypto';
import type { SalesReport } from '@app/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberClient, startTestApp, type TestApp } from '../support/app';
import { exportFile, exportOrders } from '../support/export';

// Cost and gross margin (issue 56): each sold line keeps its product's cost at the time of sale, and
// the margin of a known day is the same to the franc in the dashboard, its CSV and the orders' CSV.
// A line whose product had no cost is in the revenue, never in the margin. The managers' alone.

let app: TestApp;
const DAY = '2024-05-15';
let ssd: { id: string; name: string };
let usb: { id: string; name: string };
let cable: { id: string; name: string };
const numbers: Record<string, string> = {};

const product = async (name: string, price: number, category: string, cost: number | null) =>
  (await app.asAdmin.products.create({
    name: `${name} ${randomUUID().slice(0, 4)}`,
    shortDescription: 'x',
    description: '<p>x</p>',
    price,
    category: category as 'computers',
    stock: 50,
    cost,
  })) as { id: string; name: string };

const place = (items: [{ id: string }, number][], promoCode?: string) =>
  app.asVisitor.orders.place({
    customerName: 'Client Mai',
    phone: `01 96 ${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
    city: 'Cotonou',
    address: 'Fidjrossè',
    items: items.map(([p, quantity]) => ({ id: p.id, type: 'product' as const, quantity })),
    promoCode,
    idempotencyKey: randomUUID(),
  });

beforeAll(async () => {
  app = await startTestApp();
  ssd = await product('Disque SSD 1 To', 60_000, 'computers', 42_000);
  usb = await product('Clé USB 64 Go', 8_000, 'accessories', 5_500);
  cable = await product('Câble HDMI 2 m', 3_000, 'accessories', null);
  await app.asAdmin.promoCodes.create({ code: 'MARGE10', label: 'Mai -10 %', kind: 'percent', value: 10 });

  // Delivered: 2 disks (120,000 at 42,000 each) and a cable of no known cost.
  const first = await place([
    [ssd, 2],
    [cable, 1],
  ]);
  for (const to of ['confirmed', 'shipped', 'delivered'] as const) await app.asAdmin.orders.transition({ id: first.id, to });
  // Paid, with 10 % off each line: a key (7,200 at 5,500) and a disk (54,000 at 42,000).
  const second = await place(
    [
      [usb, 1],
      [ssd, 1],
    ],
    'MARGE10',
  );
  await app.asAdmin.orders.setPayment({ id: second.id, to: 'paid' });
  // Cancelled: no sale, no margin.
  const third = await place([[ssd, 1]]);
  await app.asAdmin.orders.transition({ id: third.id, to: 'cancelled' });
  // At the counter: 3 keys less 1,200 (22,800 at 5,500 each).
  const { order: counter } = await app.asAdmin.orders.sellAtCounter({
    idempotencyKey: randomUUID(),
    items: [{ id: usb.id, type: 'product', quantity: 3, discount: 1_200 }],
    payment: { method: 'cash', given: 25_000 },
  });
  Object.assign(numbers, { first: first.number, second: second.number, third: third.number, counter: counter.number });
  // Moved to a day no other order is on (the facts follow the update).
  await sql`UPDATE orders SET created_at = ${`${DAY}T10:00:00Z`}::timestamptz WHERE number IN (${sql.join(Object.values(numbers))})`.execute(
    app.db,
  );
  // The disk's cost changes after these sales: their margin does not.
  await app.asAdmin.products.update({ id: ssd.id, data: { cost: 50_000 } });
});
afterAll(() => app?.close());

const report = () => app.asAdmin.dashboard.sales({ from: DAY, to: DAY }) as Promise<SalesReport>;

describe('the gross margin of a known day', () => {
  it('is right to the franc in the dashboard: by day, product, category and channel', async () => {
    const { series, totals, bestSellers, categories, channels } = await report();
    // Revenue 123,000 + 61,200 + 22,800; costed: all but the cable's 3,000; cost 84,000 + 47,500 + 16,500.
    expect(series).toEqual([{ period: DAY, revenue: 207_000, sales: 3, placed: 4, costed: 204_000, margin: 56_000 }]);
    expect(totals).toMatchObject({ revenue: 207_000, costed: 204_000, margin: 56_000 });
    expect(totals.marginRate).toBeCloseTo(56_000 / 204_000, 10);
    expect(totals.costedShare).toBeCloseTo(204_000 / 207_000, 10);
    const byName = Object.fromEntries(bestSellers.map((b) => [b.name, [b.quantity, b.revenue, b.costed, b.margin]]));
    expect(byName).toEqual({
      [ssd.name]: [3, 174_000, 174_000, 48_000],
      [usb.name]: [4, 30_000, 30_000, 8_000],
      [cable.name]: [1, 3_000, 0, 0],
    });
    expect(categories).toEqual([
      { key: 'computers', label: 'Ordinateurs', revenue: 174_000, costed: 174_000, margin: 48_000 },
      { key: 'accessories', label: 'Accessoires', revenue: 33_000, costed: 30_000, margin: 8_000 },
    ]);
    expect(channels).toEqual([
      { channel: 'web', sales: 2, revenue: 184_200, costed: 181_200, margin: 49_700 },
      { channel: 'counter', sales: 1, revenue: 22_800, costed: 22_800, margin: 6_300 },
    ]);
  });

  it('is the same in the sales CSV and, order by order, in the orders’ CSV', async () => {
    const sales = (await exportFile(app.url, 'ventes.csv', { from: DAY, to: DAY, by: 'day' })).csv.split('\r\n');
    expect(sales[1]).toBe(`"${DAY}";"207000,00";"3";"4";"204000,00";"56000,00";"27,5 %"`);
    expect(sales).toContain(`"${ssd.name}";"Produit";"3";"174000,00";"174000,00";"48000,00";"27,6 %"`);
    expect(sales).toContain(`"${cable.name}";"Produit";"1";"3000,00";"0,00";"";""`);
    expect(sales).toContain('"Accessoires";"33000,00";"15,9 %";"30000,00";"8000,00";"26,7 %"');
    expect(sales).toContain('"Comptoir";"1";"22800,00";"11,0 %";"22800,00";"6300,00";"27,6 %"');

    const file = await exportOrders(app.url, DAY, DAY);
    const rows = file.csv.split('\r\n').map((line) => line.split(';').map((c) => c.replace(/^"|"$/g, '')));
    expect(rows[0]!.slice(-2)).toEqual(['Coût d’achat des articles (F CFA)', 'Marge brute (F CFA)']);
    const byNumber = Object.fromEntries(rows.slice(1).map((r) => [r[0], r.slice(-2)]));
    expect(byNumber[numbers.first!]).toEqual(['84000,00', '36000,00']);
    expect(byNumber[numbers.second!]).toEqual(['47500,00', '13700,00']);
    expect(byNumber[numbers.counter!]).toEqual(['16500,00', '6300,00']);
    // The cancelled order says what it would have earned; its status says it did not.
    expect(byNumber[numbers.third!]).toEqual(['42000,00', '18000,00']);
  });
});

describe('cost and margin', () => {
  it('reach the managers only: never a seller, nor the shopper who placed the order', async () => {
    const id = (await app.asAdmin.orders.list({ search: numbers.first!, pageSize: 1 })).rows[0]!.id;
    const manager = await memberClient(app, 'manager');
    expect((await manager.client.orders.get.query({ id })).lineCosts).toEqual({ [ssd.id]: 42_000 });
    const seller = await memberClient(app, 'seller');
    // The costs as any answer would write them: the field, or the amounts standing alone (not inside an id or a phone).
    const costs = [/lineCosts/, /(?<![\w.])(42000|5500)(?![\w])/, /Marge|margin/];
    const sale = await seller.client.orders.sellAtCounter.mutate({
      idempotencyKey: randomUUID(),
      items: [{ id: usb.id, type: 'product', quantity: 1 }],
      payment: { method: 'cash', given: 8_000 },
    });
    const placed = await place([[usb, 1]]);
    const answers: Array<[string, unknown]> = [
      ['orders.get (vendeur)', await seller.client.orders.get.query({ id })],
      ['orders.list (vendeur)', await seller.client.orders.list.query({ pageSize: 100 })],
      ['orders.update (vendeur)', await seller.client.orders.update.mutate({ id, data: { note: 'Rappeler avant 18 h' } })],
      ['orders.sellAtCounter (vendeur)', sale],
      ['orders.place (client)', placed],
      ['orders.track (client)', await app.asVisitor.orders.track({ token: placed.trackingToken })],
    ];
    for (const [where, answer] of answers) {
      const text = JSON.stringify(answer);
      expect(text.length, where).toBeGreaterThan(100);
      for (const secret of costs) expect(secret.exec(text)?.[0], `${where} montre un coût`).toBeUndefined();
    }
    // The order's own sale kept the key's cost.
    expect((await app.asAdmin.orders.get({ id: sale.order.id })).lineCosts).toEqual({ [usb.id]: 5_500 });
  });
});
