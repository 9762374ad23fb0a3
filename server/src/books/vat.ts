import { type TaxGroup, taxGroups } from '@app/shared';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { InvoiceTotals } from '../invoicing/emcf-client';
import { addGroups, type ByGroup, salesJournal, VAT_RATES } from './journal';

// The VAT return's figures for a month (issue 60): per tax group, the taxable base and the VAT of
// the month's sales less its returns, ready to copy into the return. From the normalized invoices
// the DGI confirmed when e-MECeF is on (their own totals), otherwise from the orders as the
// journal computes them; the documents without their confirmed invoice are listed.

type Db = Kysely<Database>;

/** An invoice's totals per group, as the DGI returned them. */
function groupsOfTotals(t: InvoiceTotals): ByGroup {
  const out: ByGroup = {};
  const ttc: Record<TaxGroup, number | undefined> = { A: t.taa, B: t.tab, C: t.tac, D: t.tad, E: t.tae, F: t.taf };
  for (const g of Object.keys(ttc) as TaxGroup[]) {
    const amount = ttc[g] ?? 0;
    if (!amount) continue;
    const ht = g === 'B' ? (t.hab ?? amount) : g === 'D' ? (t.had ?? amount) : amount;
    out[g] = { ttc: amount, ht, vat: amount - ht };
  }
  return out;
}

/** `month`: AAAA-MM. */
export async function vatSummary(db: Db, config: Pick<Config, 'emecef'>, month: string) {
  const from = `${month}-01`;
  const to = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
  const journal = await salesJournal(db, { from, to, grouping: 'sale' });
  const fromInvoices = !!config.emecef;
  let sales = journal.totals.groups.sales;
  let returns = journal.totals.groups.returns;
  if (fromInvoices) {
    // The confirmed invoices of the month's sales (FV) and of its returns (FA, one per return).
    const { rows } = await sql<{ type: 'FV' | 'FA'; totals: InvoiceTotals }>`
      SELECT i.type, i.totals FROM invoices i JOIN orders o ON o.id = i.order_id
      WHERE i.status = 'confirmed' AND i.type = 'FV' AND i.return_id IS NULL AND order_is_sale(o.status, o.payment_status)
        AND o.created_at >= (${from}::date)::timestamp AT TIME ZONE 'Africa/Porto-Novo'
        AND o.created_at < (${to}::date + 1)::timestamp AT TIME ZONE 'Africa/Porto-Novo'
      UNION ALL
      SELECT i.type, i.totals FROM invoices i JOIN returns r ON r.id = i.return_id
      WHERE i.status = 'confirmed' AND i.type = 'FA'
        AND r.created_at >= (${from}::date)::timestamp AT TIME ZONE 'Africa/Porto-Novo'
        AND r.created_at < (${to}::date + 1)::timestamp AT TIME ZONE 'Africa/Porto-Novo'`.execute(db);
    sales = rows.filter((r) => r.type === 'FV').reduce((t, r) => addGroups(t, groupsOfTotals(r.totals)), {} as ByGroup);
    returns = rows.filter((r) => r.type === 'FA').reduce((t, r) => addGroups(t, groupsOfTotals(r.totals)), {} as ByGroup);
  }
  const groups = (Object.keys(taxGroups) as TaxGroup[])
    .filter((g) => sales[g] || returns[g])
    .map((g) => {
      const s = sales[g] ?? { ttc: 0, ht: 0, vat: 0 };
      const r = returns[g] ?? { ttc: 0, ht: 0, vat: 0 };
      return {
        group: g,
        label: taxGroups[g],
        rate: VAT_RATES[g],
        sales: s,
        returns: r,
        /** What the return declares: the sales less the credit notes. */
        base: s.ht - r.ht,
        vat: s.vat - r.vat,
      };
    });
  return {
    month,
    from,
    to,
    source: fromInvoices ? ('invoices' as const) : ('orders' as const),
    groups,
    /** Taxable (groups with VAT) and exempt or outside VAT, net of returns. */
    taxable: groups.filter((g) => g.rate > 0).reduce((t, g) => t + g.base, 0),
    exempt: groups.filter((g) => g.rate === 0).reduce((t, g) => t + g.base, 0),
    vat: groups.reduce((t, g) => t + g.vat, 0),
    /** With e-MECeF on: the month's sales and returns without their confirmed normalized invoice. */
    missing: fromInvoices ? journal.uninvoiced : [],
    openCashDays: journal.openCashDays,
  };
}
