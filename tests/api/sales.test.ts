import { randomUUID } from 'node:crypto';
import type { SalesReport } from '@app/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, startTestApp, type TestApp } from '../support/app';
import { exportFile } from '../support/export';

// The dashboard's sales: revenue per day, week or month (Benin days, none missing), best sellers
// after discounts, orders by status, sales by payment method and the share of Mobile Money, and the
// same figures in a CSV. Orders are moved into March 2024, a month no other test writes to.

let app: TestApp;
let laptop: { id: string; name: string };
let mouse: { id: string; name: string };
beforeAll(async () => {
  app = await startTestApp();
  const product = async (name: string, price: number) =>
    (await app.asAdmin.products.create({
      name,
      shortDescription: 'x',
      description: '<p>x</p>',
      price,
      category: 'computers',
      stock: null,
    })) as {
      id: string;
      name: string;
    };
  laptop = await product(`Portable ${randomUUID().slice(0, 6)}`, 300_000);
  mouse = await product(`Souris ${randomUUID().slice(0, 6)}`, 5_000);
  await app.asAdmin.promoCodes.create({ code: 'MARS10', label: 'Mars -10 %', kind: 'percent', value: 10 });

  // [placed at (UTC), items, payment method, where it ends, promo]
  const plan: [string, [typeof laptop, number][], string, string[], string | null][] = [
    ['2024-03-04T10:00:00Z', [[laptop, 1]], 'cash_on_delivery', ['confirmed', 'shipped', 'delivered'], null], // Monday
    ['2024-03-04T23:30:00Z', [[mouse, 2]], 'mobile_money_on_delivery', ['confirmed', 'shipped', 'delivered'], 'MARS10'], // Tuesday 00:30 in Benin
    ['2024-03-06T09:00:00Z', [[mouse, 1]], 'mobile_money_on_delivery', ['paid'], null], // paid, not yet delivered
    ['2024-03-06T12:00:00Z', [[laptop, 1]], 'cash_on_delivery', ['cancelled'], null],
    [
      '2024-03-12T08:00:00Z',
      [
        [laptop, 1],
        [mouse, 1],
      ],
      'cash_on_delivery',
      [],
      null,
    ], // placed, not a sale yet
    ['2024-03-13T08:00:00Z', [[mouse, 3]], 'mobile_money_on_delivery', ['paid', 'refunded'], null],
  ];
  for (const [at, items, paymentMethod, steps, promoCode] of plan) {
    const order = await app.asVisitor.orders.place({
      customerName: 'Client Ventes',
      phone: `01 97 ${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
      city: 'Cotonou',
      address: 'Akpakpa',
      paymentMethod: paymentMethod as 'cash_on_delivery',
      items: items.map(([p, quantity]) => ({ id: p.id, type: 'product' as const, quantity })),
      promoCode,
      idempotencyKey: randomUUID(),
    });
    for (const step of steps) {
      if (step === 'paid' || step === 'refunded') await app.asAdmin.orders.setPayment({ id: order.id, to: step });
      else await app.asAdmin.orders.transition({ id: order.id, to: step as 'confirmed' });
    }
    await sql`UPDATE orders SET created_at = ${at}::timestamptz WHERE id = ${order.id}`.execute(app.db);
  }
});
afterAll(() => app?.close());

const report = (input: { from: string; to: string; by?: 'day' | 'week' | 'month' }) =>
  app.asAdmin.dashboard.sales(input) as Promise<SalesReport>;

describe('the sales charts', () => {
  it('give revenue per Benin day with none missing, counting only sales', async () => {
    const { series, totals } = await report({ from: '2024-03-03', to: '2024-03-07' });
    expect(series.every((p) => p.costed === 0 && p.margin === 0)).toBe(true);
    expect(series.map(({ period, revenue, sales, placed }) => ({ period, revenue, sales, placed }))).toEqual([
      { period: '2024-03-03', revenue: 0, sales: 0, placed: 0 },
      { period: '2024-03-04', revenue: 300_000, sales: 1, placed: 1 },
      // 23:30 UTC on the 4th is 00:30 on the 5th in Cotonou; 10,000 less its 10 % code.
      { period: '2024-03-05', revenue: 9_000, sales: 1, placed: 1 },
      { period: '2024-03-06', revenue: 5_000, sales: 1, placed: 2 },
      { period: '2024-03-07', revenue: 0, sales: 0, placed: 0 },
    ]);
    // These products have no cost: no margin is claimed on them.
    expect(totals).toEqual({
      revenue: 314_000,
      returns: 0,
      returned: 0,
      sales: 3,
      placed: 4,
      averageSale: 104_667,
      mobileMoneyShare: 14_000 / 314_000,
      margin: 0,
      costed: 0,
      marginRate: 0,
      costedShare: 0,
    });
  });

  it('group by week from Monday and by month, with best sellers, statuses and payment methods', async () => {
    const weeks = await report({ from: '2024-03-01', to: '2024-03-17', by: 'week' });
    expect(weeks.series.map((p) => [p.period, p.revenue, p.placed])).toEqual([
      ['2024-02-26', 0, 0],
      ['2024-03-04', 314_000, 4],
      ['2024-03-11', 0, 2],
    ]);
    const month = await report({ from: '2024-03-01', to: '2024-03-31', by: 'month' });
    expect(month.series).toEqual([{ period: '2024-03-01', revenue: 314_000, sales: 3, placed: 6, costed: 0, margin: 0 }]);
    expect(month.bestSellers.map((b) => [b.name, b.quantity, b.revenue])).toEqual([
      [laptop.name, 1, 300_000],
      [mouse.name, 3, 14_000],
    ]);
    expect(month.statuses).toEqual([
      { status: 'new', orders: 3 },
      { status: 'confirmed', orders: 0 },
      { status: 'shipped', orders: 0 },
      { status: 'delivered', orders: 2 },
      { status: 'cancelled', orders: 1 },
    ]);
    expect(month.payments).toEqual([
      { method: 'cash_on_delivery', sales: 1, revenue: 300_000 },
      { method: 'mobile_money_on_delivery', sales: 2, revenue: 14_000 },
      { method: 'mobile_money_online', sales: 0, revenue: 0 },
      { method: 'cash', sales: 0, revenue: 0 },
      { method: 'mobile_money', sales: 0, revenue: 0 },
      { method: 'cash_mobile_money', sales: 0, revenue: 0 },
    ]);
  });

  it('equal a direct SQL computation of the same orders', async () => {
    const { rows } = await sql<{ revenue: string; sales: string }>`
      SELECT coalesce(sum(total), 0) AS revenue, count(*) AS sales FROM orders
      WHERE status <> 'cancelled' AND payment_status NOT IN ('to_refund', 'refunded') AND (status = 'delivered' OR payment_status = 'paid')
        AND (created_at AT TIME ZONE 'Africa/Porto-Novo')::date BETWEEN '2024-03-01' AND '2024-03-31'`.execute(app.db);
    const { totals } = await report({ from: '2024-03-01', to: '2024-03-31', by: 'week' });
    expect([totals.revenue, totals.sales]).toEqual([Number(rows[0]!.revenue), Number(rows[0]!.sales)]);
  });

  it('are kept by every write, even many at once: what was added up equals the orders summed again', async () => {
    const phone = () => `01 96 ${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    const placeOne = () =>
      app.asVisitor.orders.place({
        customerName: 'Client Simultané',
        phone: phone(),
        city: 'Cotonou',
        address: 'Akpakpa',
        items: [{ id: mouse.id, type: 'product', quantity: 2 }],
        idempotencyKey: randomUUID(),
      });
    const placed = await Promise.all(Array.from({ length: 12 }, placeOne));
    await Promise.all([
      ...placed.slice(0, 4).map((o) => app.asAdmin.orders.setPayment({ id: o.id, to: 'paid' })),
      ...placed.slice(4, 8).map((o) => app.asAdmin.orders.transition({ id: o.id, to: 'cancelled' })),
      ...Array.from({ length: 6 }, placeOne),
    ]);
    // An edit that moves no figure, and a rename of the customer: nothing to add.
    await app.asAdmin.orders.update({ id: placed[9]!.id, data: { customerName: 'Client Renommé' } });
    type Fact = {
      day: string;
      fact: string;
      orders: number;
      sales: number;
      quantity: number;
      revenue: string;
      cost: string;
      costed: string;
    };
    const summed = await sql<Fact>`
      SELECT day::text, fact, orders, sales, quantity, revenue::text, cost::text, costed::text FROM sales_facts
      WHERE orders <> 0 OR sales <> 0 OR quantity <> 0 OR revenue <> 0 OR cost <> 0 OR costed <> 0 ORDER BY day, fact`.execute(app.db);
    const again = await sql<Fact>`
      SELECT day::text, fact, orders::int, coalesce(sales, 0)::int AS sales, quantity::int, revenue::numeric(14,2)::text AS revenue,
             cost::numeric(14,2)::text AS cost, costed::numeric(14,2)::text AS costed
      FROM order_facts('{}', ARRAY(SELECT o FROM orders o))
      WHERE orders <> 0 OR coalesce(sales, 0) <> 0 OR quantity <> 0 OR revenue <> 0 OR cost <> 0 OR costed <> 0 ORDER BY day, fact`.execute(
      app.db,
    );
    expect(summed.rows).toEqual(again.rows);
    expect(summed.rows.length).toBeGreaterThan(10);
    // The months a year's figures read follow the days: each is its days summed.
    const months = await sql<Fact>`
      SELECT month::text AS day, fact, orders, sales, quantity, revenue::text, cost::text, costed::text FROM sales_months
      WHERE orders <> 0 OR sales <> 0 OR quantity <> 0 OR revenue <> 0 OR cost <> 0 OR costed <> 0 ORDER BY month, fact`.execute(app.db);
    const byMonth = await sql<Fact>`
      SELECT date_trunc('month', day)::date::text AS day, fact, sum(orders)::int AS orders, sum(sales)::int AS sales,
             sum(quantity)::int AS quantity, sum(revenue)::text AS revenue, sum(cost)::text AS cost, sum(costed)::text AS costed
      FROM sales_facts GROUP BY 1, 2
      HAVING sum(orders) <> 0 OR sum(sales) <> 0 OR sum(quantity) <> 0 OR sum(revenue) <> 0 OR sum(cost) <> 0 OR sum(costed) <> 0
      ORDER BY 1, 2`.execute(app.db);
    expect(months.rows).toEqual(byMonth.rows);
  });

  it('read whole months from the months and the days around them from the days: the same figures', async () => {
    const march = await report({ from: '2024-03-01', to: '2024-03-31', by: 'month' });
    const around = await report({ from: '2024-02-15', to: '2024-04-14', by: 'week' });
    for (const key of ['bestSellers', 'statuses', 'payments', 'channels', 'categories'] as const) expect(around[key]).toEqual(march[key]);
    expect(around.totals).toEqual(march.totals);
    // A day of March alone (no whole month) reads the days only.
    const day = await report({ from: '2024-03-05', to: '2024-03-05', by: 'day' });
    expect(day.bestSellers.map((b) => [b.name, b.quantity])).toEqual([[mouse.name, 2]]);
  });

  it('refuse a period that cannot be drawn, in French', async () => {
    expect((await failure(report({ from: '2024-03-10', to: '2024-03-01' }))).fieldErrors?.to).toBe(
      'La date de début doit précéder la date de fin.',
    );
    expect((await failure(report({ from: '2023-01-01', to: '2024-03-01' }))).fieldErrors?.by).toBe(
      'Par jour, un an au plus : groupez par semaine ou par mois.',
    );
    expect((await failure(report({ from: '2020-01-01', to: '2024-03-01', by: 'month' }))).fieldErrors?.from).toBe(
      'Deux ans au plus : choisissez une période plus courte.',
    );
    expect((await failure(app.asVisitor.dashboard.sales({ from: '2024-03-01', to: '2024-03-31' }))).code).toBe('UNAUTHORIZED');
  });

  it('tell the web shop and the counter apart', async () => {
    const { order } = await app.asAdmin.orders.sellAtCounter({
      idempotencyKey: randomUUID(),
      items: [{ id: mouse.id, type: 'product', quantity: 2 }],
      payment: { method: 'mobile_money', reference: 'MTN-4455' },
    });
    await sql`UPDATE orders SET created_at = '2024-04-10T10:00:00Z'::timestamptz WHERE id = ${order.id}`.execute(app.db);
    const april = await report({ from: '2024-04-01', to: '2024-04-30', by: 'month' });
    expect(april.channels).toEqual([
      { channel: 'web', sales: 0, revenue: 0, costed: 0, margin: 0 },
      { channel: 'counter', sales: 1, revenue: 10_000, costed: 0, margin: 0 },
    ]);
    // Mobile Money at the counter counts in the Mobile Money share.
    expect(april.totals.mobileMoneyShare).toBe(1);
    expect((await report({ from: '2024-03-01', to: '2024-03-31', by: 'month' })).channels[0]).toEqual({
      channel: 'web',
      sales: 3,
      revenue: 314_000,
      costed: 0,
      margin: 0,
    });
    const file = await exportFile(app.url, 'ventes.csv', { from: '2024-04-01', to: '2024-04-30', by: 'month' });
    expect(file.csv.split('\r\n')).toContain('"Comptoir";"1";"10000,00";"100,0 %";"0,00";"";""');
  });

  it('come as a CSV for French Excel', async () => {
    const file = await exportFile(app.url, 'ventes.csv', { from: '2024-03-01', to: '2024-03-31', by: 'month' });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="ventes-2024-03-01-2024-03-31-month.csv"');
    const lines = file.csv.split('\r\n');
    expect(lines.slice(0, 3)).toEqual([
      '\uFEFF"Mois";"Chiffre d’affaires (F CFA)";"Ventes";"Commandes passées";"CA au coût connu (F CFA)";"Marge brute (F CFA)";"Taux de marge"',
      '"2024-03-01";"314000,00";"3";"6";"0,00";"";""',
      '"Total";"314000,00";"3";"6";"0,00";"";""',
    ]);
    expect(lines).toContain(`"${laptop.name}";"Produit";"1";"300000,00";"0,00";"";""`);
    expect(lines).toContain('"Mobile money à la livraison";"2";"14000,00";"4,5 %"');
    expect((await exportFile(app.url, 'ventes.csv', { from: '2024-03-31', to: '2024-03-01' })).status).toBe(400);
    expect((await exportFile(app.url, 'ventes.csv', { from: '2024-03-01', to: '2024-03-31' }, 'x=y')).status).toBe(401);
  });
});
