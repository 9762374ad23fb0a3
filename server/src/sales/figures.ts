import {
  csvAmount,
  csvLine,
  csvStart,
  itemTypes,
  labelOf,
  type Margin,
  marginRate,
  MOBILE_MONEY_METHODS,
  orderChannels,
  orderStatuses,
  paymentMethods,
  productCategories,
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

/** A margin from the facts' sums: the costed revenue, less what it cost. */
const margin = (r: { cost: string | number; costed: string | number }): Margin => ({
  costed: Number(r.costed),
  margin: Number(r.costed) - Number(r.cost),
});

/** A category's name, or an item type's (a training), or « Autres » for a product deleted since. */
const categoryLabel = (key: string) =>
  key.startsWith('type:') ? labelOf(itemTypes, key.slice(5)) : key ? labelOf(productCategories, key) : 'Autres (produits supprimés)';

/** A date as YYYY-MM-DD, moved by days (UTC arithmetic on a calendar date). */
const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A period cut for the rollups: its whole months (`first`..`last`, each the 1st), the days before
 * them (`from`..`head`) and after them (`tail`..`to`). Without a whole month, every day is an edge.
 */
export function wholeMonths(from: string, to: string) {
  const first = from.endsWith('-01') ? from : `${shift(`${from.slice(0, 8)}28`, 4).slice(0, 8)}01`;
  const end = shift(`${shift(`${to.slice(0, 8)}28`, 4).slice(0, 8)}01`, -1) === to ? to : shift(`${to.slice(0, 8)}01`, -1);
  if (first > end) return { head: to, months: null, tail: shift(to, 1) };
  return { head: shift(first, -1), months: { first, last: `${end.slice(0, 8)}01` }, tail: shift(end, 1) };
}

export async function salesReport(db: Db, query: SalesQuery): Promise<SalesReport> {
  const { from, to, by, items } = salesQuerySchema.parse(query);
  const unit = sql.lit(by);
  const step = sql.lit(`1 ${by}`);
  const named = (prefix: string) => [prefix.endsWith(':') ? 'like' : '=', prefix.endsWith(':') ? `${prefix}%` : prefix] as const;
  /** The facts of each day of the period whose name starts with this ('total', 'status:', …): the series. */
  const days = (prefix: string) =>
    db
      .selectFrom('salesFacts')
      .where('day', '>=', from)
      .where('day', '<=', to)
      .where('fact', ...named(prefix));
  /**
   * The same facts for sums over the whole period: its whole months from sales_months (a year is
   * twelve rows per fact, not 365), the days before and after them from sales_facts.
   */
  const { head, months, tail } = wholeMonths(from, to);
  const facts = (prefix: string) => {
    const columns = ['fact', 'label', 'orders', 'sales', 'quantity', 'revenue', 'cost', 'costed'] as const;
    const edges = db
      .selectFrom('salesFacts')
      .select(['day', ...columns])
      .where('fact', ...named(prefix))
      .where((eb) => eb.or([eb.and([eb('day', '>=', from), eb('day', '<=', head)]), eb.and([eb('day', '>=', tail), eb('day', '<=', to)])]));
    const source = months
      ? edges.unionAll(
          db
            .selectFrom('salesMonths')
            .select(['month as day', ...columns])
            .where('fact', ...named(prefix))
            .where('month', '>=', months.first)
            .where('month', '<=', months.last),
        )
      : edges;
    return db.selectFrom(source.as('salesFacts'));
  };
  /** Sales, revenue and margin of the period by the fact's key ('payment:cash' → 'cash'). */
  const split = (prefix: 'payment:' | 'channel:') =>
    facts(prefix)
      .select([
        sql<string>`substr(fact, ${prefix.length + 1})`.as('key'),
        sql<string>`sum(sales)`.as('sales'),
        sql<string>`sum(revenue)`.as('revenue'),
        sql<string>`sum(cost)`.as('cost'),
        sql<string>`sum(costed)`.as('costed'),
      ])
      .groupBy('fact')
      .execute()
      .then((rows) => new Map(rows.map((r) => [r.key, { sales: Number(r.sales), revenue: Number(r.revenue), ...margin(r) }])));
  /**
   * The items' figures in one pass over their facts (once, not once per table): summed by item (by
   * product: a version's sales under its product), then the ten that brought the most, each named
   * as on its latest day or month of the period (a renamed item shows under its new name; WITH TIES
   * keeps every item level with the tenth, so the order by name picks as it would over all of
   * them), and the revenue by the product's category now (a product deleted since: « Autres »),
   * the other items by type.
   */
  const itemFigures = async () => {
    const summed = facts('item:')
      .$if(items === 'product', (q) =>
        q.leftJoin('products as version', (join) =>
          join.on((eb) =>
            eb.and([
              eb('salesFacts.fact', 'like', 'item:product:%'),
              eb(sql`version.id::text`, '=', sql`split_part(sales_facts.fact, ':', 3)`),
            ]),
          ),
        ),
      )
      .select([
        (items === 'product'
          ? sql<string>`CASE WHEN version.parent IS NULL THEN sales_facts.fact ELSE 'item:product:' || version.parent END`
          : sql<string>`sales_facts.fact`
        ).as('fact'),
        sql<string>`max(sales_facts.day)`.as('lastDay'),
        sql<string>`sum(sales_facts.quantity)`.as('quantity'),
        sql<string>`sum(sales_facts.revenue)`.as('revenue'),
        sql<string>`sum(sales_facts.cost)`.as('cost'),
        sql<string>`sum(sales_facts.costed)`.as('costed'),
      ])
      .groupBy(sql`1`);
    type Row = {
      kind: 'best' | 'category';
      id: string;
      type: string;
      name: string;
      quantity: string;
      revenue: string;
      cost: string;
      costed: string;
    };
    const { rows } = await sql<Row>`
      WITH items AS MATERIALIZED (${summed}),
      top AS (SELECT * FROM items WHERE quantity > 0 ORDER BY revenue DESC FETCH FIRST 10 ROWS WITH TIES)
      (SELECT 'best' AS kind, split_part(top.fact, ':', 3) AS id, split_part(top.fact, ':', 2) AS type,
              coalesce(named.label, product.name, '?') AS name, top.quantity, top.revenue, top.cost, top.costed
       FROM top
       LEFT JOIN LATERAL (
         SELECT label FROM sales_facts f WHERE f.fact = top.fact AND f.day = top.last_day
         UNION ALL SELECT label FROM sales_months m WHERE m.fact = top.fact AND m.month = top.last_day
         LIMIT 1) AS named ON true
       LEFT JOIN products AS product ON named.label IS NULL AND product.id = item_uuid(top.fact)
       ORDER BY top.revenue DESC, name LIMIT 10)
      UNION ALL
      (SELECT 'category', CASE WHEN items.fact LIKE 'item:product:%' THEN coalesce(products.category, '') ELSE 'type:' || split_part(items.fact, ':', 2) END,
              '', '', 0, sum(items.revenue), sum(items.cost), sum(items.costed)
       FROM items LEFT JOIN products ON items.fact LIKE 'item:product:%' AND products.id = item_uuid(items.fact)
       GROUP BY 2 HAVING sum(items.revenue) <> 0 ORDER BY 6 DESC)`.execute(db);
    return {
      bestSellers: rows.filter((r) => r.kind === 'best'),
      byCategory: rows.filter((r) => r.kind === 'category').map((r) => ({ key: r.id, revenue: r.revenue, cost: r.cost, costed: r.costed })),
    };
  };
  const [series, { bestSellers, byCategory }, statuses, byMethod, byChannel, returned] = await Promise.all([
    db
      .selectFrom(
        sql<{ period: string }>`generate_series(date_trunc(${unit}, ${from}::timestamp), ${to}::timestamp, ${step}::interval)`.as('p'),
      )
      .leftJoin(
        days('total')
          .select([
            sql<string>`date_trunc(${unit}, day::timestamp)`.as('bucket'),
            sql<string>`sum(revenue)`.as('revenue'),
            sql<string>`sum(sales)`.as('sales'),
            sql<string>`sum(orders)`.as('placed'),
            sql<string>`sum(cost)`.as('cost'),
            sql<string>`sum(costed)`.as('costed'),
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
        sql<string>`coalesce(o.cost, 0)`.as('cost'),
        sql<string>`coalesce(o.costed, 0)`.as('costed'),
      ])
      .orderBy(sql`p`)
      .execute(),
    itemFigures(),
    facts('status:')
      .select([sql<string>`substr(fact, 8)`.as('status'), sql<string>`sum(orders)`.as('orders')])
      .groupBy('fact')
      .execute(),
    split('payment:'),
    split('channel:'),
    // Returns apart (counter/returns.ts): the revenue above is already net of them.
    facts('returns')
      .select([sql<string>`coalesce(sum(sales), 0)`.as('count'), sql<string>`coalesce(sum(revenue), 0)`.as('amount')])
      .executeTakeFirstOrThrow(),
  ]);
  const points = series.map((p) => ({
    period: p.period,
    revenue: Number(p.revenue),
    sales: Number(p.sales),
    placed: Number(p.placed),
    ...margin(p),
  }));
  const revenue = points.reduce((sum, p) => sum + p.revenue, 0);
  const sales = points.reduce((sum, p) => sum + p.sales, 0);
  const mobile = MOBILE_MONEY_METHODS.reduce((sum, m) => sum + (byMethod.get(m)?.revenue ?? 0), 0);
  const count = new Map(statuses.map((s) => [s.status, Number(s.orders)]));
  const whole = {
    costed: points.reduce((sum, p) => sum + p.costed, 0),
    margin: points.reduce((sum, p) => sum + p.margin, 0),
  };
  return {
    series: points,
    bestSellers: bestSellers.map(({ cost, costed, kind: _kind, ...b }) => ({
      ...b,
      quantity: Number(b.quantity),
      revenue: Number(b.revenue),
      ...margin({ cost, costed }),
    })),
    categories: byCategory.map((c) => ({ key: c.key, label: categoryLabel(c.key), revenue: Number(c.revenue), ...margin(c) })),
    // Every status and method, in the shop's own order, even at zero.
    statuses: Object.keys(orderStatuses).map((status) => ({ status, orders: count.get(status) ?? 0 })),
    payments: Object.keys(paymentMethods).map((method) => ({
      method,
      sales: byMethod.get(method)?.sales ?? 0,
      revenue: byMethod.get(method)?.revenue ?? 0,
    })),
    channels: Object.keys(orderChannels).map((channel) => ({
      channel,
      ...(byChannel.get(channel) ?? { sales: 0, revenue: 0, costed: 0, margin: 0 }),
    })),
    totals: {
      revenue,
      returns: Number(returned.count),
      returned: Number(returned.amount),
      sales,
      placed: points.reduce((sum, p) => sum + p.placed, 0),
      averageSale: sales ? Math.round(revenue / sales) : 0,
      mobileMoneyShare: revenue ? mobile / revenue : 0,
      ...whole,
      marginRate: marginRate(whole),
      costedShare: revenue ? whole.costed / revenue : 0,
    },
  };
}

/** The same figures for French Excel (BOM, ';'): one table after another, a blank line between. */
export function salesCsv(report: SalesReport, query: SalesQuery): string {
  const by = salesGroupings[query.by ?? 'day'];
  const percent = (part: number, whole: number) => `${whole ? ((100 * part) / whole).toFixed(1).replace('.', ',') : '0'} %`;
  const share = (revenue: number) => percent(revenue, report.totals.revenue);
  // Each table's margin: the revenue of the lines whose cost is known, their gross margin and its rate.
  const MARGIN = ['CA au coût connu (F CFA)', 'Marge brute (F CFA)', 'Taux de marge'];
  const margin = (m: Margin) => [csvAmount(m.costed), ...(m.costed ? [csvAmount(m.margin), percent(m.margin, m.costed)] : ['', ''])];
  return [
    csvStart([by, 'Chiffre d’affaires (F CFA)', 'Ventes', 'Commandes passées', ...MARGIN]),
    ...report.series.map((p) => csvLine([p.period, csvAmount(p.revenue), String(p.sales), String(p.placed), ...margin(p)])),
    csvLine([
      'Total',
      csvAmount(report.totals.revenue),
      String(report.totals.sales),
      String(report.totals.placed),
      ...margin(report.totals),
    ]),
    csvLine([`Dont retours (${report.totals.returns})`, csvAmount(-report.totals.returned)]),
    '\r\n',
    csvLine(['Meilleures ventes', 'Type', 'Quantité', 'Chiffre d’affaires (F CFA)', ...MARGIN]),
    ...report.bestSellers.map((b) => csvLine([b.name, labelOf(itemTypes, b.type), String(b.quantity), csvAmount(b.revenue), ...margin(b)])),
    '\r\n',
    csvLine(['Catégorie', 'Chiffre d’affaires (F CFA)', 'Part', ...MARGIN]),
    ...report.categories.map((c) => csvLine([c.label, csvAmount(c.revenue), share(c.revenue), ...margin(c)])),
    '\r\n',
    csvLine(['Statut', 'Commandes passées']),
    ...report.statuses.map((s) => csvLine([labelOf(orderStatuses, s.status), String(s.orders)])),
    '\r\n',
    csvLine(['Mode de paiement', 'Ventes', 'Chiffre d’affaires (F CFA)', 'Part']),
    ...report.payments.map((p) => csvLine([labelOf(paymentMethods, p.method), String(p.sales), csvAmount(p.revenue), share(p.revenue)])),
    '\r\n',
    csvLine(['Canal', 'Ventes', 'Chiffre d’affaires (F CFA)', 'Part', ...MARGIN]),
    ...report.channels.map((c) =>
      csvLine([labelOf(orderChannels, c.channel), String(c.sales), csvAmount(c.revenue), share(c.revenue), ...margin(c)]),
    ),
  ].join('');
}
