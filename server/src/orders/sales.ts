import {
  csvLine,
  csvStart,
  itemTypes,
  MOBILE_MONEY_METHODS,
  orderStatuses,
  paymentMethods,
  type SalesQuery,
  type SalesReport,
  salesGroupings,
  salesQuerySchema,
} from '@app/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { placedBetween } from './export';

type Db = Kysely<Database>;

// The sales charts of the dashboard and their CSV: four aggregates over the orders placed in the
// period (the created_at index bounds them), a sale being what order_is_sale() says (the same rule
// as a customer's "total dépensé", migrations/202611290101_customers.ts).
export const isSale = sql<boolean>`order_is_sale(status, payment_status)`;
const TZ = 'Africa/Porto-Novo';

export async function salesReport(db: Db, query: SalesQuery): Promise<SalesReport> {
  const { from, to, by } = salesQuerySchema.parse(query);
  const unit = sql.lit(by);
  const step = sql.lit(`1 ${by}`);
  const placed = () => placedBetween(db, from, to);
  const [series, bestSellers, statuses, payments] = await Promise.all([
    db
      .selectFrom(
        sql<{ period: string }>`generate_series(date_trunc(${unit}, ${from}::timestamp), ${to}::timestamp, ${step}::interval)`.as('p'),
      )
      .leftJoin(
        placed()
          .select([
            sql<string>`date_trunc(${unit}, created_at AT TIME ZONE ${TZ})`.as('bucket'),
            sql<string>`coalesce(sum(total) FILTER (WHERE ${isSale}), 0)`.as('revenue'),
            sql<string>`count(*) FILTER (WHERE ${isSale})`.as('sales'),
            sql<string>`count(*)`.as('placed'),
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
    placed()
      .where(isSale)
      .innerJoin(sql<{ line: unknown }>`jsonb_array_elements(items)`.as('l'), (join) => join.onTrue())
      .select([
        sql<string>`l.value->>'id'`.as('id'),
        sql<string>`l.value->>'type'`.as('type'),
        sql<string>`max(l.value->>'name')`.as('name'),
        sql<string>`sum((l.value->>'quantity')::int)`.as('quantity'),
        sql<string>`sum((l.value->>'unitPrice')::numeric * (l.value->>'quantity')::int - coalesce((l.value->>'discount')::numeric, 0))`.as(
          'revenue',
        ),
      ])
      .groupBy([sql`l.value->>'id'`, sql`l.value->>'type'`])
      .orderBy('revenue', 'desc')
      .orderBy('name')
      .limit(10)
      .execute(),
    placed()
      .select(['status', sql<string>`count(*)`.as('orders')])
      .groupBy('status')
      .execute(),
    placed()
      .where(isSale)
      .select(['paymentMethod', sql<string>`count(*)`.as('sales'), sql<string>`sum(total)`.as('revenue')])
      .groupBy('paymentMethod')
      .execute(),
  ]);
  const points = series.map((p) => ({ period: p.period, revenue: Number(p.revenue), sales: Number(p.sales), placed: Number(p.placed) }));
  const revenue = points.reduce((sum, p) => sum + p.revenue, 0);
  const sales = points.reduce((sum, p) => sum + p.sales, 0);
  const byMethod = payments.map((p) => ({ method: p.paymentMethod, sales: Number(p.sales), revenue: Number(p.revenue) }));
  const mobile = byMethod.filter((p) => (MOBILE_MONEY_METHODS as readonly string[]).includes(p.method)).reduce((s, p) => s + p.revenue, 0);
  const count = new Map<string, number>(statuses.map((s) => [s.status, Number(s.orders)]));
  return {
    series: points,
    bestSellers: bestSellers.map((b) => ({ ...b, quantity: Number(b.quantity), revenue: Number(b.revenue) })),
    // Every status, in the order's own order, even at zero.
    statuses: Object.keys(orderStatuses).map((status) => ({ status, orders: count.get(status) ?? 0 })),
    payments: Object.keys(paymentMethods).map((method) => byMethod.find((p) => p.method === method) ?? { method, sales: 0, revenue: 0 }),
    totals: {
      revenue,
      sales,
      placed: points.reduce((sum, p) => sum + p.placed, 0),
      averageSale: sales ? Math.round(revenue / sales) : 0,
      mobileMoneyShare: revenue ? mobile / revenue : 0,
    },
  };
}

const amount = (n: number) => n.toFixed(2).replace('.', ',');
const label = (map: Record<string, string>, key: string) => map[key] ?? key;

/** The same figures for French Excel (BOM, ';'): one table after another, a blank line between. */
export function salesCsv(report: SalesReport, query: SalesQuery): string {
  const by = salesGroupings[query.by ?? 'day'];
  return [
    csvStart([by, 'Chiffre d’affaires (F CFA)', 'Ventes', 'Commandes passées']),
    ...report.series.map((p) => csvLine([p.period, amount(p.revenue), String(p.sales), String(p.placed)])),
    csvLine(['Total', amount(report.totals.revenue), String(report.totals.sales), String(report.totals.placed)]),
    '\r\n',
    csvLine(['Meilleures ventes', 'Type', 'Quantité', 'Chiffre d’affaires (F CFA)']),
    ...report.bestSellers.map((b) => csvLine([b.name, label(itemTypes, b.type), String(b.quantity), amount(b.revenue)])),
    '\r\n',
    csvLine(['Statut', 'Commandes passées']),
    ...report.statuses.map((s) => csvLine([label(orderStatuses, s.status), String(s.orders)])),
    '\r\n',
    csvLine(['Mode de paiement', 'Ventes', 'Chiffre d’affaires (F CFA)', 'Part']),
    ...report.payments.map((p) =>
      csvLine([
        label(paymentMethods, p.method),
        String(p.sales),
        amount(p.revenue),
        `${report.totals.revenue ? ((100 * p.revenue) / report.totals.revenue).toFixed(1).replace('.', ',') : '0'} %`,
      ]),
    ),
  ].join('');
}
