import { formatXOF } from '@app/shared';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema';
import { shopOnPaper } from '../orders/documents';
import { pdfDocument, tableOf } from '../pdf/document';
import { VAT_RATES } from './journal';

// The monthly result (issue 60), for the owner and for her banker or micro-finance institution:
// month by month, the sales and returns net of VAT (computed per document and tax group as the
// journal does, in one pass of SQL), the cost of the goods sold where costs are known (the sales
// figures' cost, sales_months), the expenses, and what is left.

type Db = Kysely<Database>;

export interface MonthResult {
  /** AAAA-MM */
  month: string;
  sales: number;
  returns: number;
  /** Cost of the goods sold (returns' taken off), where the articles had a cost. */
  cost: number;
  /** The share of the month's net sales whose cost is known (0 to 1). */
  costed: number;
  expenses: number;
  result: number;
}

/** The HT of documents: per document and tax group, TTC / (1 + rate) rounded, summed by month. */
const htByMonth = (documents: RawBuilder<unknown>) => sql<{ month: string; ht: string }>`
  WITH fallback AS (SELECT default_tax_group AS g FROM settings LIMIT 1),
  docs AS (SELECT *, CASE WHEN item ~ '^[0-9a-fA-F-]{36}$' THEN item::uuid END AS uuid FROM (${documents}) AS d),
  grouped AS (
    SELECT d.id, d.month, coalesce(p.tax_group, s.tax_group, c.tax_group, f.g) AS g, sum(d.ttc) AS ttc
    FROM docs d CROSS JOIN fallback f
    LEFT JOIN products p ON d.type = 'product' AND p.id = d.uuid
    LEFT JOIN services s ON d.type = 'service' AND s.id = d.uuid
    LEFT JOIN crypto_courses c ON d.type = 'course' AND c.id = d.uuid
    GROUP BY d.id, d.month, 3)
  SELECT month, sum(round(ttc * 100 / (100 + CASE ${sql.join(
    Object.entries(VAT_RATES).map(([group, rate]) => sql`WHEN g = ${group} THEN ${rate}::int`),
    sql` `,
  )} ELSE 0 END)))::text AS ht
  FROM grouped GROUP BY month`;

const monthOf = (column: string) => sql`to_char(${sql.ref(column)} AT TIME ZONE 'Africa/Porto-Novo', 'YYYY-MM')`;

/** `from`, `to`: AAAA-MM, two years at most. */
export async function monthlyResult(db: Db, from: string, to: string): Promise<{ months: MonthResult[]; total: MonthResult }> {
  const start = sql`(${`${from}-01`}::date)::timestamp AT TIME ZONE 'Africa/Porto-Novo'`;
  const end = sql`((${`${to}-01`}::date + interval '1 month')::date)::timestamp AT TIME ZONE 'Africa/Porto-Novo'`;
  const [sales, returns, costs, spent] = await Promise.all([
    htByMonth(sql`
      SELECT o.id, ${monthOf('o.created_at')} AS month, l->>'type' AS type, l->>'id' AS item,
             (l->>'unitPrice')::numeric * (l->>'quantity')::int - coalesce((l->>'discount')::numeric, 0) AS ttc
      FROM orders o CROSS JOIN jsonb_array_elements(o.items) l
      WHERE o.created_at >= ${start} AND o.created_at < ${end} AND order_is_sale(o.status, o.payment_status)
      UNION ALL
      SELECT o.id, ${monthOf('o.created_at')}, 'delivery', NULL, o.delivery_cost FROM orders o
      WHERE o.created_at >= ${start} AND o.created_at < ${end} AND order_is_sale(o.status, o.payment_status) AND o.delivery_cost > 0`).execute(
      db,
    ),
    htByMonth(sql`
      SELECT r.id, ${monthOf('r.created_at')} AS month, l->>'type' AS type, l->>'id' AS item, (l->>'refund')::numeric AS ttc
      FROM returns r CROSS JOIN jsonb_array_elements(r.lines) l WHERE r.created_at >= ${start} AND r.created_at < ${end}
      UNION ALL
      SELECT r.id, ${monthOf('r.created_at')}, 'delivery', NULL, r.delivery_refund FROM returns r
      WHERE r.created_at >= ${start} AND r.created_at < ${end} AND r.delivery_refund > 0`).execute(db),
    sql<{ month: string; cost: string; costed: string; revenue: string }>`
      SELECT to_char(month, 'YYYY-MM') AS month, cost, costed, revenue FROM sales_months
      WHERE fact = 'total' AND month BETWEEN ${`${from}-01`}::date AND ${`${to}-01`}::date`.execute(db),
    sql<{ month: string; amount: string }>`
      SELECT to_char(date, 'YYYY-MM') AS month, sum(amount) AS amount FROM expenses
      WHERE date >= ${`${from}-01`}::date AND date < (${`${to}-01`}::date + interval '1 month')::date GROUP BY 1`.execute(db),
  ]);
  const pick = <T extends { month: string }>(rows: T[], month: string) => rows.find((r) => r.month === month);
  const months: MonthResult[] = [];
  for (let m = from; m <= to; m = nextMonth(m)) {
    const s = Number(pick(sales.rows, m)?.ht ?? 0);
    const r = Number(pick(returns.rows, m)?.ht ?? 0);
    const c = pick(costs.rows, m);
    const e = Number(pick(spent.rows, m)?.amount ?? 0);
    const cost = Number(c?.cost ?? 0);
    const revenue = Number(c?.revenue ?? 0);
    months.push({
      month: m,
      sales: s,
      returns: r,
      cost,
      costed: revenue > 0 ? Math.min(1, Number(c?.costed ?? 0) / revenue) : 0,
      expenses: e,
      result: s - r - cost - e,
    });
  }
  const sum = (k: 'sales' | 'returns' | 'cost' | 'expenses' | 'result') => months.reduce((t, m) => t + m[k], 0);
  const revenue = costs.rows.reduce((t, c) => t + Number(c.revenue), 0);
  const costed = costs.rows.reduce((t, c) => t + Number(c.costed), 0);
  return {
    months,
    total: {
      month: `${from}/${to}`,
      sales: sum('sales'),
      returns: sum('returns'),
      cost: sum('cost'),
      costed: revenue > 0 ? Math.min(1, costed / revenue) : 0,
      expenses: sum('expenses'),
      result: sum('result'),
    },
  };
}

export const nextMonth = (m: string) => {
  const [y, mo] = m.split('-').map(Number) as [number, number];
  return mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
};

const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
export const monthName = (m: string) => `${MONTHS[Number(m.slice(5, 7)) - 1]} ${m.slice(0, 4)}`;

/** The result as an A4 PDF, with the shop's name and IFU, for a banker. */
export async function renderResult(db: Db, fontDir: string, from: string, to: string): Promise<Buffer> {
  const [{ months, total }, shop] = await Promise.all([monthlyResult(db, from, to), shopOnPaper(db)]);
  const { doc, done } = pdfDocument(fontDir, {
    size: 'A4',
    margin: 48,
    info: { Title: `Résultat mensuel – ${shop.businessName}`, Author: shop.businessName },
  });
  doc.font('bold').fontSize(16).text(shop.businessName);
  doc
    .font('regular')
    .fontSize(10)
    .text([shop.address, shop.phone, shop.ifu ? `IFU ${shop.ifu}` : null].filter(Boolean).join(' · '));
  doc.moveDown();
  doc
    .font('bold')
    .fontSize(13)
    .text(`Résultat mensuel, de ${monthName(from)} à ${monthName(to)}`);
  doc.font('regular').fontSize(9).text('Montants en F CFA, ventes et retours hors TVA ; coût des marchandises vendues là où il est connu.');
  doc.moveDown();
  const { cellsRow } = tableOf(doc);
  const widths = [0.22, 0.16, 0.14, 0.16, 0.16, 0.16];
  cellsRow(['Mois', 'Ventes HT', 'Retours HT', 'Coût des ventes', 'Dépenses', 'Résultat'], widths, true);
  const money = (n: number) => formatXOF(n).replace(/\u202f/g, ' ');
  for (const m of months)
    cellsRow([monthName(m.month), money(m.sales), money(m.returns), money(m.cost), money(m.expenses), money(m.result)], widths);
  cellsRow(
    ['Total', money(total.sales), money(total.returns), money(total.cost), money(total.expenses), money(total.result)],
    widths,
    true,
  );
  doc.moveDown();
  doc
    .font('regular')
    .fontSize(9)
    .text(
      `Coût d’achat connu pour ${Math.round(total.costed * 100)} % des ventes. Édité le ${new Date().toLocaleDateString('fr-FR', { timeZone: 'Africa/Porto-Novo' })}.`,
    );
  doc.end();
  return done;
}
