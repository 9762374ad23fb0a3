import {
  csvAmount,
  csvLine,
  csvStart,
  itemTypes,
  labelOf,
  MOBILE_MONEY_METHODS,
  orderChannels,
  orderStatuses,
  paymentMethods,
  type SalesQuery,
  type SalesReport,
  salesGroupings,
  salesQuerySchema,
} from '@app/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

// The sales charts of the dashboard and their CSV, read from the sales summed by Benin day as
// orders are written (sales_facts, migrations/202611290101_order_summaries.ts): a year is a few
// thousand rows. A sale is what order_is_sale() says (the same rule as a customer's "total
// dépensé", defined in the same migration).
export const isSale = sql<boolean>`order_is_sale(status, payment_status)`;

export async function salesReport(db: Db, query: SalesQuery): Promise<SalesReport> {
  const { from, to, by } = salesQuerySchema.parse(query);
  const unit = sql.lit(by);
  const step = sql.lit(`1 ${by}`);
  /** The facts of the period whose name starts with this ('total', 'status:', …), summed by name. */
  const facts = (prefix: string) =>
    db
      .selectFrom('salesFacts')
      .where('day', '>=', from)
      .where('day', '<=', to)
      .where('fact', prefix.endsWith(':') ? 'like' : '=', prefix.endsWith(':') ? `${prefix}%` : prefix);
  /** Sales and revenue of the period by the fact's key ('payment:cash' → 'cash'). */
  const split = (prefix: 'payment:' | 'channel:') =>
    facts(prefix)
      .select([
        sql<string>`substr(fact, ${prefix.length + 1})`.as('key'),
        sql<string>`sum(sales)`.as('sales'),
        sql<string>`sum(revenue)`.as('revenue'),
      ])
      .groupBy('fact')
      .execute()
      .then((rows) => new Map(rows.map((r) => [r.key, { sales: Number(r.sales), revenue: Number(r.revenue) }])));
  const [series, bestSellers, statuses, byMethod, byChannel] = await Promise.all([
    db
      .selectFrom(
        sql<{ period: string }>`generate_series(date_trunc(${unit}, ${from}::timestamp), ${to}::timestamp, ${step}::interval)`.as('p'),
      )
      .leftJoin(
        facts('total')
          .select([
            sql<string>`date_trunc(${unit}, day::timestamp)`.as('bucket'),
            sql<string>`sum(revenue)`.as('revenue'),
            sql<string>`sum(sales)`.as('sales'),
            sql<string>`sum(orders)`.as('placed'),
          ])
          .groupBy('bucket')
          .as('o'),
        (join) => join.onRef(sql.ref('o.bucket'), '=', sql.ref('p')),
      )
      .select([
        sql<string>`to_char(p, 'YYYY-MM-DD')`.as('period'),
        sql<string>`coalesce(o.revenue, 0)`.as('revenue'),
        sql<string>`coalesce(o.sales, 0)`.as('sales'),
        sql<string>`coalesce(o.placed, 0)`.as('placed'),
      ])
      .orderBy(sql`p`)
      .execute(),
    // The ten items that brought the most, summed first (one row per item), then each one's name on
    // its latest day of the period (an item renamed shows under its new name), read by the key.
    // WITH TIES keeps every item level with the tenth, so the order by name below picks as it would
    // over all of them.
    db
      .with('top', () =>
        facts('item:')
          .select([
            'fact',
            sql<string>`max(day)`.as('lastDay'),
            sql<string>`sum(quantity)`.as('quantity'),
            sql<string>`sum(revenue)`.as('revenue'),
          ])
          .groupBy('fact')
          .having(sql<boolean>`sum(quantity) > 0`)
          .orderBy('revenue', 'desc')
          .fetch(10, 'with ties'),
      )
      .selectFrom('top')
      .innerJoin('salesFacts as named', (join) => join.onRef('named.fact', '=', 'top.fact').onRef('named.day', '=', 'top.lastDay'))
      .select([
        sql<string>`split_part(top.fact, ':', 3)`.as('id'),
        sql<string>`split_part(top.fact, ':', 2)`.as('type'),
        'named.label as name',
        'top.quantity',
        'top.revenue',
      ])
      .orderBy('top.revenue', 'desc')
      .orderBy('name')
      .limit(10)
      .execute(),
    facts('status:')
      .select([sql<string>`substr(fact, 8)`.as('status'), sql<string>`sum(orders)`.as('orders')])
      .groupBy('fact')
      .execute(),
    split('payment:'),
    split('channel:'),
  ]);
  const points = series.map((p) => ({ period: p.period, revenue: Number(p.revenue), sales: Number(p.sales), placed: Number(p.placed) }));
  const revenue = points.reduce((sum, p) => sum + p.revenue, 0);
  const sales = points.reduce((sum, p) => sum + p.sales, 0);
  const mobile = MOBILE_MONEY_METHODS.reduce((sum, m) => sum + (byMethod.get(m)?.revenue ?? 0), 0);
  const count = new Map(statuses.map((s) => [s.status, Number(s.orders)]));
  return {
    series: points,
    bestSellers: bestSellers.map((b) => ({ ...b, quantity: Number(b.quantity), revenue: Number(b.revenue) })),
    // Every status and method, in the shop's own order, even at zero.
    statuses: Object.keys(orderStatuses).map((status) => ({ status, orders: count.get(status) ?? 0 })),
    payments: Object.keys(paymentMethods).map((method) => ({ method, ...(byMethod.get(method) ?? { sales: 0, revenue: 0 }) })),
    channels: Object.keys(orderChannels).map((channel) => ({ channel, ...(byChannel.get(channel) ?? { sales: 0, revenue: 0 }) })),
    totals: {
      revenue,
      sales,
      placed: points.reduce((sum, p) => sum + p.placed, 0),
      averageSale: sales ? Math.round(revenue / sales) : 0,
      mobileMoneyShare: revenue ? mobile / revenue : 0,
    },
  };
}

/** The same figures for French Excel (BOM, ';'): one table after another, a blank line between. */
export function salesCsv(report: SalesReport, query: SalesQuery): string {
  const by = salesGroupings[query.by ?? 'day'];
  const share = (revenue: number) =>
    `${report.totals.revenue ? ((100 * revenue) / report.totals.revenue).toFixed(1).replace('.', ',') : '0'} %`;
  return [
    csvStart([by, 'Chiffre d’affaires (F CFA)', 'Ventes', 'Commandes passées']),
    ...report.series.map((p) => csvLine([p.period, csvAmount(p.revenue), String(p.sales), String(p.placed)])),
    csvLine(['Total', csvAmount(report.totals.revenue), String(report.totals.sales), String(report.totals.placed)]),
    '\r\n',
    csvLine(['Meilleures ventes', 'Type', 'Quantité', 'Chiffre d’affaires (F CFA)']),
    ...report.bestSellers.map((b) => csvLine([b.name, labelOf(itemTypes, b.type), String(b.quantity), csvAmount(b.revenue)])),
    '\r\n',
    csvLine(['Statut', 'Commandes passées']),
    ...report.statuses.map((s) => csvLine([labelOf(orderStatuses, s.status), String(s.orders)])),
    '\r\n',
    csvLine(['Mode de paiement', 'Ventes', 'Chiffre d’affaires (F CFA)', 'Part']),
    ...report.payments.map((p) => csvLine([labelOf(paymentMethods, p.method), String(p.sales), csvAmount(p.revenue), share(p.revenue)])),
    '\r\n',
    csvLine(['Canal', 'Ventes', 'Chiffre d’affaires (F CFA)', 'Part']),
    ...report.channels.map((c) => csvLine([labelOf(orderChannels, c.channel), String(c.sales), csvAmount(c.revenue), share(c.revenue)])),
  ].join('');
}
