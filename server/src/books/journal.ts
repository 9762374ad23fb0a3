import {
  EXPENSE_ACCOUNTS,
  type ExpenseCategory,
  expenseCategories,
  expenseMethods,
  type JournalQuery,
  orderChannels,
  type OrderLine,
  type TaxGroup,
} from '@app/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { taxGroupsOf } from '../invoicing/invoices';

// The journal (issue 60), as the accountant imports it under SYSCOHADA révisé: each sale
// (delivered or paid, not cancelled or refunded: the sales figures' rule, on the day it was placed)
// debits what paid it (cash 571, Mobile Money 552, the customer's credit 4191, or the customer 411
// while unpaid) and credits the sales (701 goods, 706 services and trainings, 7071 delivery) net of
// VAT, and the VAT collected (4431) per tax group; each return does the reverse on its day. Every
// entry balances to the franc: a document's VAT is computed per tax group as the DGI computes it
// on its normalized invoice (HT = TTC / 1.18 rounded, VAT = TTC − HT), and its sales accounts share
// the group's HT. Each expense debits its class-6 account against the drawer (journal CA), Mobile
// Money (MM) or the bank (BQ); FedaPay's fees go to 631 out of Mobile Money. Accounts come from Paramètres (shared/src/resources/books.ts).

type Db = Kysely<Database>;

/** The VAT rate of each of the DGI's tax groups (A exempt, C export, E the TPS: no VAT on the invoice). */
export const VAT_RATES: Record<TaxGroup, number> = { A: 0, B: 18, C: 0, D: 18, E: 0, F: 0 };

export interface JournalLine {
  account: string;
  label: string;
  debit: number;
  credit: number;
}

export interface JournalEntry {
  /** The Benin day, AAAA-MM-JJ. */
  date: string;
  journal: string;
  /** The order's or return's number, or the day and channel's. */
  piece: string;
  label: string;
  lines: JournalLine[];
}

/** Amounts per tax group: TTC, HT and VAT. */
export type ByGroup = Partial<Record<TaxGroup, { ttc: number; ht: number; vat: number }>>;

/** Sums amounts per group into `into`. */
export function addGroups(into: ByGroup, from: ByGroup) {
  for (const [g, v] of Object.entries(from) as [TaxGroup, { ttc: number; ht: number; vat: number }][]) {
    const t = (into[g] ??= { ttc: 0, ht: 0, vat: 0 });
    t.ttc += v.ttc;
    t.ht += v.ht;
    t.vat += v.vat;
  }
  return into;
}

/** A document's amounts by sales account and tax group (TTC), and the discount given on each. */
type Parts = Map<string, { account: string; label: string; group: TaxGroup; ttc: number; discount: number }>;

interface Accounts {
  accountCash: string;
  accountMobileMoney: string;
  accountBank: string;
  accountCustomers: string;
  accountCustomerCredit: string;
  accountGoods: string;
  accountServices: string;
  accountDelivery: string;
  accountVat: string;
  accountDiscounts: string;
  salesJournal: string;
  journalGrouping: 'day' | 'sale';
  discountPresentation: 'net' | 'gross';
  defaultTaxGroup: TaxGroup;
}

const add = (parts: Parts, [account, label]: [string, string], group: TaxGroup, ttc: number, discount = 0) => {
  const key = `${account}|${group}|${label}`;
  const part = parts.get(key) ?? { account, label, group, ttc: 0, discount: 0 };
  part.ttc += ttc;
  part.discount += discount;
  parts.set(key, part);
};

/** The group's HT shared between its accounts in proportion, the rounding left on the largest. */
function share(total: number, amounts: number[]): number[] {
  const whole = amounts.reduce((a, b) => a + b, 0);
  if (!whole) return amounts.map(() => 0);
  const shares = amounts.map((a) => Math.round((a * total) / whole));
  const largest = amounts.indexOf(Math.max(...amounts));
  shares[largest]! += total - shares.reduce((a, b) => a + b, 0);
  return shares;
}

/**
 * The sales side of a document: per tax group, the VAT as the DGI computes it, and each sales
 * account's share of the HT (with the discounts in their own account when shown gross).
 * `sign` 1 for a sale (credits), -1 for a return (debits).
 */
function salesLines(parts: Parts, accounts: Accounts, sign: 1 | -1): { lines: JournalLine[]; groups: ByGroup } {
  const lines: JournalLine[] = [];
  const byGroup: ByGroup = {};
  const side = (amount: number) => (sign === 1 ? { debit: 0, credit: amount } : { debit: amount, credit: 0 });
  const groups = [...new Set([...parts.values()].map((p) => p.group))].sort();
  for (const group of groups) {
    const inGroup = [...parts.values()].filter((p) => p.group === group).sort((a, b) => a.account.localeCompare(b.account));
    const ttc = inGroup.reduce((sum, p) => sum + p.ttc, 0);
    const rate = VAT_RATES[group];
    const ht = Math.round((ttc * 100) / (100 + rate));
    const hts = share(
      ht,
      inGroup.map((p) => p.ttc),
    );
    inGroup.forEach((part, i) => {
      const discountHt = accounts.discountPresentation === 'gross' ? Math.round((part.discount * 100) / (100 + rate)) : 0;
      if (hts[i]! + discountHt)
        lines.push({ account: part.account, label: `${part.label} (groupe ${group})`, ...side(hts[i]! + discountHt) });
      if (discountHt) lines.push({ account: accounts.accountDiscounts, label: `Remises (groupe ${group})`, ...side(-discountHt) });
    });
    if (ttc - ht) lines.push({ account: accounts.accountVat, label: `TVA ${rate} % (groupe ${group})`, ...side(ttc - ht) });
    byGroup[group] = { ttc, ht, vat: ttc - ht };
  }
  const swapped = (l: JournalLine) => ({ ...l, debit: Math.abs(l.credit), credit: Math.abs(l.debit) });
  return { lines: lines.map((l) => (l.debit < 0 || l.credit < 0 ? swapped(l) : l)), groups: byGroup };
}

interface SaleRow {
  id: string;
  number: string;
  day: string;
  channel: keyof typeof orderChannels;
  items: OrderLine[];
  deliveryCost: string;
  total: string;
  paymentMethod: string;
  paymentStatus: string;
  cashAmount: string | null;
  creditAmount: string | null;
  invoice: string | null;
}

interface ReturnRow {
  id: string;
  number: string;
  day: string;
  channel: keyof typeof orderChannels;
  lines: { type: OrderLine['type']; id: string; quantity: number; refund: number }[];
  deliveryRefund: string;
  amount: string;
  refundMethod: 'cash' | 'mobile_money' | 'store_credit';
  saleNumber: string;
  invoice: string | null;
}

const CASH_METHODS = new Set(['cash', 'cash_on_delivery']);

/** The journal of a period: its entries, their totals, and what makes it provisional. */
export async function salesJournal(db: Db, query: JournalQuery) {
  const settings = (await db.selectFrom('settings').selectAll().executeTakeFirstOrThrow()) as unknown as Accounts;
  const grouping = query.grouping ?? settings.journalGrouping;
  const between = (column: string) =>
    sql`${sql.ref(column)} >= (${query.from}::date)::timestamp AT TIME ZONE 'Africa/Porto-Novo'
        AND ${sql.ref(column)} < (${query.to}::date + 1)::timestamp AT TIME ZONE 'Africa/Porto-Novo'`;
  const [{ rows: sales }, { rows: returns }, open, { rows: spent }, { rows: fees }] = await Promise.all([
    sql<SaleRow>`
      SELECT o.id, o.number, to_char((o.created_at AT TIME ZONE 'Africa/Porto-Novo')::date, 'YYYY-MM-DD') AS day, o.channel, o.items,
             o.delivery_cost AS "deliveryCost", o.total, o.payment_method AS "paymentMethod", o.payment_status AS "paymentStatus",
             o.cash_amount AS "cashAmount", o.credit_amount AS "creditAmount",
             (SELECT i.code_mecef FROM invoices i WHERE i.order_id = o.id AND i.type = 'FV' AND i.return_id IS NULL AND i.status = 'confirmed') AS invoice
      FROM orders o WHERE ${between('o.created_at')} AND order_is_sale(o.status, o.payment_status)
      ORDER BY o.created_at, o.id`.execute(db),
    sql<ReturnRow>`
      SELECT r.id, r.number, to_char((r.created_at AT TIME ZONE 'Africa/Porto-Novo')::date, 'YYYY-MM-DD') AS day, o.channel, r.lines,
             r.delivery_refund AS "deliveryRefund", r.amount, r.refund_method AS "refundMethod", o.number AS "saleNumber",
             (SELECT i.code_mecef FROM invoices i WHERE i.return_id = r.id AND i.type = 'FA' AND i.status = 'confirmed') AS invoice
      FROM returns r JOIN orders o ON o.id = r.sale WHERE ${between('r.created_at')}
      ORDER BY r.created_at, r.id`.execute(db),
    db
      .selectFrom('cashSessions')
      .select(['name', 'createdAt'])
      .where('closedAt', 'is', null)
      .where('createdAt', '<', sql<string>`(${query.to}::date + 1)::timestamp AT TIME ZONE 'Africa/Porto-Novo'`)
      .execute(),
    sql<{
      id: string;
      day: string;
      label: string;
      supplier: string | null;
      category: ExpenseCategory;
      amount: string;
      method: keyof typeof expenseMethods;
    }>`
      SELECT id, to_char(date, 'YYYY-MM-DD') AS day, label, supplier, category, amount, method FROM expenses
      WHERE date BETWEEN ${query.from}::date AND ${query.to}::date ORDER BY date, created_at, id`.execute(db),
    // What FedaPay kept of the day's approved payments, as its transactions said.
    sql<{ day: string; fees: string; count: string }>`
      SELECT to_char((updated_at AT TIME ZONE 'Africa/Porto-Novo')::date, 'YYYY-MM-DD') AS day, sum(fees) AS fees, count(*) AS count
      FROM online_payments WHERE status = 'approved' AND fees > 0 AND ${between('updated_at')}
      GROUP BY 1 ORDER BY 1`.execute(db),
  ]);
  const groups = await taxGroupsOf(db, [
    ...sales.flatMap((s) => s.items.map((l) => ({ type: l.type, id: l.id }))),
    ...returns.flatMap((r) => r.lines.map((l) => ({ type: l.type, id: l.id }))),
  ]);
  const groupOf = (id: string) => groups.get(id) ?? settings.defaultTaxGroup;
  const salesAccount = (type: OrderLine['type']): [string, string] =>
    type === 'product' ? [settings.accountGoods, 'Ventes de marchandises'] : [settings.accountServices, 'Services et formations'];
  const deliveryAccount: [string, string] = [settings.accountDelivery, 'Frais de livraison'];

  const documents: {
    day: string;
    channel: SaleRow['channel'];
    kind: 'sale' | 'return';
    piece: string;
    label: string;
    lines: JournalLine[];
    groups: ByGroup;
    invoice: string | null;
  }[] = [];
  for (const sale of sales) {
    const parts: Parts = new Map();
    for (const line of sale.items) {
      const discount = line.discount ?? 0;
      add(parts, salesAccount(line.type), groupOf(line.id), Number(line.unitPrice) * line.quantity - discount, discount);
    }
    if (Number(sale.deliveryCost)) add(parts, deliveryAccount, settings.defaultTaxGroup, Number(sale.deliveryCost));
    const credited = salesLines(parts, settings, 1);
    const credit = Number(sale.creditAmount ?? 0);
    const rest = Number(sale.total) - credit;
    const paid: JournalLine[] = [];
    const debit = (account: string, label: string, amount: number) => amount && paid.push({ account, label, debit: amount, credit: 0 });
    debit(settings.accountCustomerCredit, 'Payé par avoir', credit);
    if (sale.paymentStatus !== 'paid') debit(settings.accountCustomers, 'À encaisser', rest);
    else if (sale.paymentMethod === 'cash_mobile_money') {
      debit(settings.accountCash, 'Espèces', Number(sale.cashAmount ?? 0));
      debit(settings.accountMobileMoney, 'Mobile Money', rest - Number(sale.cashAmount ?? 0));
    } else if (CASH_METHODS.has(sale.paymentMethod)) debit(settings.accountCash, 'Espèces', rest);
    else debit(settings.accountMobileMoney, 'Mobile Money', rest);
    documents.push({
      day: sale.day,
      channel: sale.channel,
      kind: 'sale',
      piece: sale.number,
      label: `Vente ${sale.number}${sale.invoice ? ` (facture ${sale.invoice})` : ''}`,
      lines: [...paid, ...credited.lines],
      groups: credited.groups,
      invoice: sale.invoice,
    });
  }
  for (const back of returns) {
    const parts: Parts = new Map();
    for (const line of back.lines) add(parts, salesAccount(line.type), groupOf(line.id), Number(line.refund));
    if (Number(back.deliveryRefund)) add(parts, deliveryAccount, settings.defaultTaxGroup, Number(back.deliveryRefund));
    const debited = salesLines(parts, settings, -1);
    const account = { cash: settings.accountCash, mobile_money: settings.accountMobileMoney, store_credit: settings.accountCustomerCredit }[
      back.refundMethod
    ];
    documents.push({
      day: back.day,
      channel: back.channel,
      kind: 'return',
      piece: back.number,
      label: `Retour ${back.number} (vente ${back.saleNumber})${back.invoice ? ` (avoir ${back.invoice})` : ''}`,
      lines: [...debited.lines, { account, label: 'Remboursement', debit: 0, credit: Number(back.amount) }],
      groups: debited.groups,
      invoice: back.invoice,
    });
  }

  // Each expense debits its class-6 account against what paid it, in that treasury's journal.
  const paidFrom = {
    cash: [settings.accountCash, 'CA'],
    mobile_money: [settings.accountMobileMoney, 'MM'],
    bank: [settings.accountBank, 'BQ'],
  } as const;
  const spending: JournalEntry[] = spent.map((e) => ({
    date: e.day,
    journal: paidFrom[e.method][1],
    piece: `DEP-${e.id.slice(0, 8).toUpperCase()}`,
    label: `Dépense : ${e.label}${e.supplier ? ` (${e.supplier})` : ''}`,
    lines: [
      { account: EXPENSE_ACCOUNTS[e.category], label: expenseCategories[e.category], debit: Number(e.amount), credit: 0 },
      { account: paidFrom[e.method][0], label: expenseMethods[e.method], debit: 0, credit: Number(e.amount) },
    ],
  }));
  // FedaPay's fees: bank charges (631) out of the Mobile Money account, a day at a time.
  const feeEntries: JournalEntry[] = fees.map((f) => ({
    date: f.day,
    journal: 'MM',
    piece: `FEDAPAY${f.day.replace(/-/g, '')}`,
    label: `Frais FedaPay du ${f.day.split('-').reverse().join('/')} (${f.count} paiement(s) en ligne)`,
    lines: [
      { account: EXPENSE_ACCOUNTS.bankFees, label: 'Frais FedaPay', debit: Number(f.fees), credit: 0 },
      { account: settings.accountMobileMoney, label: 'Mobile Money', debit: 0, credit: Number(f.fees) },
    ],
  }));
  const entries: JournalEntry[] = [
    ...(grouping === 'sale'
      ? documents.map((d) => ({ date: d.day, journal: settings.salesJournal, piece: d.piece, label: d.label, lines: d.lines }))
      : byDay(documents, settings.salesJournal)),
    ...spending,
    ...feeEntries,
  ].sort((a, b) => a.date.localeCompare(b.date));
  const sum = (pick: (l: JournalLine) => number) => entries.reduce((t, e) => t + e.lines.reduce((s, l) => s + pick(l), 0), 0);
  const of = (kind: 'sale' | 'return') => documents.filter((d) => d.kind === kind).reduce((t, d) => addGroups(t, d.groups), {} as ByGroup);
  return {
    from: query.from,
    to: query.to,
    grouping,
    entries,
    totals: {
      debit: sum((l) => l.debit),
      credit: sum((l) => l.credit),
      sales: sales.reduce((t, s) => t + Number(s.total), 0),
      returns: returns.reduce((t, r) => t + Number(r.amount), 0),
      expenses: spent.reduce((t, e) => t + Number(e.amount), 0),
      /** Per tax group, the sales' and the returns' TTC, HT and VAT (returns as positive amounts). */
      groups: { sales: of('sale'), returns: of('return') },
      documents: { sales: sales.length, returns: returns.length },
    },
    /** Sales and returns without their confirmed normalized invoice (when e-MECeF is on, a difference to explain). */
    uninvoiced: documents.filter((d) => !d.invoice).map((d) => ({ kind: d.kind, piece: d.piece, day: d.day })),
    /** Cash days still open by the period's end: the journal is provisional until they are closed. */
    openCashDays: open.map((o) => ({ name: o.name, openedAt: o.createdAt })),
  };
}

/** The documents of a day and channel, sales apart from returns, as one entry each: the same accounts summed. */
function byDay(
  documents: { day: string; channel: keyof typeof orderChannels; kind: 'sale' | 'return'; lines: JournalLine[]; invoice: string | null }[],
  journal: string,
): JournalEntry[] {
  const entries = new Map<
    string,
    { date: string; piece: string; label: string; lines: Map<string, JournalLine>; count: number; invoices: number }
  >();
  for (const d of documents) {
    const key = `${d.day}|${d.channel}|${d.kind}`;
    const date = d.day.split('-').reverse().join('/');
    const what = d.kind === 'sale' ? 'Ventes' : 'Retours';
    const entry = entries.get(key) ?? {
      date: d.day,
      piece: `${journal}${d.day.replace(/-/g, '')}${d.channel === 'counter' ? 'C' : 'W'}${d.kind === 'return' ? 'R' : ''}`,
      label: `${what} ${d.channel === 'counter' ? 'au comptoir' : 'en ligne'} du ${date}`,
      lines: new Map<string, JournalLine>(),
      count: 0,
      invoices: 0,
    };
    entry.count++;
    if (d.invoice) entry.invoices++;
    for (const line of d.lines) {
      const side = line.debit ? 'D' : 'C';
      const k = `${line.account}|${side}|${line.label}`;
      const kept = entry.lines.get(k) ?? { ...line, debit: 0, credit: 0 };
      kept.debit += line.debit;
      kept.credit += line.credit;
      entry.lines.set(k, kept);
    }
    entries.set(key, entry);
  }
  return [...entries.values()].map((e) => ({
    date: e.date,
    journal,
    piece: e.piece,
    label: `${e.label} : ${e.count} document(s)${e.invoices ? `, ${e.invoices} facture(s) normalisée(s)` : ''}`,
    lines: [...e.lines.values()].sort((a, b) => b.debit - a.debit || a.account.localeCompare(b.account)),
  }));
}
