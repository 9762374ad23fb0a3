import { z } from 'zod';

/** How the sales chart groups its days. */
export const salesGroupings = { day: 'Jour', week: 'Semaine', month: 'Mois' } as const;
export type SalesGrouping = keyof typeof salesGroupings;

/** How the best sellers count a product sold in versions: each version apart, or the product whole. */
export const salesItemGroupings = { variant: 'Par variante', product: 'Par produit' } as const;
export type SalesItemGrouping = keyof typeof salesItemGroupings;

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
const date = (what: string) => z.iso.date(`Date de ${what} attendue (AAAA-MM-JJ).`);

/** Days asked for, both included, in Benin time (exports, charts). */
export const dayRangeSchema = z
  .object({ from: date('début'), to: date('fin') })
  .refine((r) => r.from <= r.to, { message: 'La date de début doit précéder la date de fin.', path: ['to'] });

/**
 * The sales charts' question: which days, grouped how. Two years at most; a point per day for a
 * year at most (a longer period reads better by week or month).
 */
export const salesQuerySchema = z
  .object({
    from: date('début'),
    to: date('fin'),
    by: z.enum(Object.keys(salesGroupings) as [SalesGrouping]).default('day'),
    items: z.enum(Object.keys(salesItemGroupings) as [SalesItemGrouping]).default('variant'),
  })
  .refine((r) => r.from <= r.to, { message: 'La date de début doit précéder la date de fin.', path: ['to'] })
  .refine((r) => daysBetween(r.from, r.to) <= 731, { message: 'Deux ans au plus : choisissez une période plus courte.', path: ['from'] })
  .refine((r) => r.by !== 'day' || daysBetween(r.from, r.to) <= 366, {
    message: 'Par jour, un an au plus : groupez par semaine ou par mois.',
    path: ['by'],
  });
export type SalesQuery = z.input<typeof salesQuerySchema>;

/**
 * A margin's figures: what the sales whose cost is known brought (`costed`: lines of a product that
 * had a cost when sold) and what they gained over that cost (`margin`). A line of unknown cost is
 * in the revenue, never in the margin.
 */
export interface Margin {
  costed: number;
  margin: number;
}

/**
 * What the owner sees (server/src/sales/figures.ts). A sale is an order delivered or paid, neither
 * cancelled nor refunded, dated by the day it was placed (Benin time). Cost and margin: the
 * dashboard is the managers' alone.
 */
export interface SalesReport {
  /** One point per day, week (from Monday) or month of the period, none missing. */
  series: ({ period: string; revenue: number; sales: number; placed: number } & Margin)[];
  /** The ten items that brought the most, after promo discounts. */
  bestSellers: ({ id: string; type: string; name: string; quantity: number; revenue: number } & Margin)[];
  /** Sales by product category (a training, a service: by its type), most revenue first. */
  categories: ({ key: string; label: string; revenue: number } & Margin)[];
  /** Orders placed in the period, by where they stand now. */
  statuses: { status: string; orders: number }[];
  /** Sales by payment method. */
  payments: { method: string; sales: number; revenue: number }[];
  /** Sales by channel: the web shop, the counter, WhatsApp. */
  channels: ({ channel: string; sales: number; revenue: number } & Margin)[];
  totals: {
    /** Net of returns: what the period's sales brought, less what its returns gave back. */
    revenue: number;
    /** The period's returns apart: how many, and what they gave back (F CFA). */
    returns: number;
    returned: number;
    sales: number;
    placed: number;
    averageSale: number;
    mobileMoneyShare: number;
    /** The margin over the costed revenue, and the share of the revenue that is costed. */
    margin: number;
    costed: number;
    marginRate: number;
    costedShare: number;
  };
}

/** A margin's rate over the revenue it is measured on (0 when nothing is costed). */
export const marginRate = (m: Margin) => (m.costed ? m.margin / m.costed : 0);

/** The methods that are Mobile Money (on delivery, online, at the counter; a counter sale paid partly in cash is not counted). */
export const MOBILE_MONEY_METHODS = ['mobile_money_on_delivery', 'mobile_money_online', 'mobile_money'] as const;

/**
 * An order's cost and margin over its lines whose product had a cost when sold (the same rule as the
 * sales facts' order_facts, server/src/db/rules.ts): null when none had one.
 */
export function orderMargin(
  items: ReadonlyArray<{ type: string; id: string; unitPrice: number; quantity: number; discount?: number | undefined }>,
  costs: Readonly<Record<string, number>> | null | undefined,
): (Margin & { cost: number }) | null {
  let cost = 0;
  let costed = 0;
  let known = false;
  for (const line of items) {
    const unit = line.type === 'product' ? costs?.[line.id] : undefined;
    if (unit === undefined) continue;
    known = true;
    cost += unit * line.quantity;
    costed += line.unitPrice * line.quantity - (line.discount ?? 0);
  }
  const round = (n: number) => Math.round(n * 100) / 100;
  return known ? { cost: round(cost), costed: round(costed), margin: round(costed - cost) } : null;
}
