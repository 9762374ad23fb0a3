import { z } from 'zod';

/** How the sales chart groups its days. */
export const salesGroupings = { day: 'Jour', week: 'Semaine', month: 'Mois' } as const;
export type SalesGrouping = keyof typeof salesGroupings;

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
  .object({ from: date('début'), to: date('fin'), by: z.enum(Object.keys(salesGroupings) as [SalesGrouping]).default('day') })
  .refine((r) => r.from <= r.to, { message: 'La date de début doit précéder la date de fin.', path: ['to'] })
  .refine((r) => daysBetween(r.from, r.to) <= 731, { message: 'Deux ans au plus : choisissez une période plus courte.', path: ['from'] })
  .refine((r) => r.by !== 'day' || daysBetween(r.from, r.to) <= 366, {
    message: 'Par jour, un an au plus : groupez par semaine ou par mois.',
    path: ['by'],
  });
export type SalesQuery = z.input<typeof salesQuerySchema>;

/**
 * What the owner sees (server/src/orders/sales.ts). A sale is an order delivered or paid, neither
 * cancelled nor refunded, dated by the day it was placed (Benin time).
 */
export interface SalesReport {
  /** One point per day, week (from Monday) or month of the period, none missing. */
  series: { period: string; revenue: number; sales: number; placed: number }[];
  /** The ten items that brought the most, after promo discounts. */
  bestSellers: { id: string; type: string; name: string; quantity: number; revenue: number }[];
  /** Orders placed in the period, by where they stand now. */
  statuses: { status: string; orders: number }[];
  /** Sales by payment method. */
  payments: { method: string; sales: number; revenue: number }[];
  /** Sales by channel: the web shop, the counter. */
  channels: { channel: string; sales: number; revenue: number }[];
  totals: { revenue: number; sales: number; placed: number; averageSale: number; mobileMoneyShare: number };
}

/** The methods that are Mobile Money (on delivery, online, at the counter; a counter sale paid partly in cash is not counted). */
export const MOBILE_MONEY_METHODS = ['mobile_money_on_delivery', 'mobile_money_online', 'mobile_money'] as const;
