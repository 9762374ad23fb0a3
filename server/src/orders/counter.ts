import { type CounterSaleInput, formatXOF, orders, type RowOfResource } from '@app/shared';
import { TRPCError } from '@trpc/server';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import { createRecord } from '../crud/repository';
import type { Database } from '../db/schema';
import { recordEvent } from '../history/events';
import { queueInvoice } from '../invoicing/invoices';
import { moveSeats } from '../sessions/seats';
import type { LowStock } from './notifications';
import { openDayForSale } from './cash-drawer';
import { findOrderByKey, orderRules, priceItems, takeStock } from './place-order';
import { shareOut } from './promo';

type Db = Kysely<Database>;
type Order = RowOfResource<typeof orders>;
type Sale = Omit<CounterSaleInput, 'phone'> & { phone?: string | undefined };

/** At the counter the owner sells what is on the shelf: no limit per article beyond the stock. */
const COUNTER_RULES = { maxQuantityPerLine: 100_000, maxSeatsPerOrder: 1_000 };
const round2 = (n: number) => Math.round(n * 100) / 100;

export interface CounterSale {
  order: Order;
  /** Cash to hand back (0 when nothing was paid in cash). */
  change: number;
  /** The same sale sent again (a retry, a phone back online): nothing was sold twice. */
  repeated: boolean;
  low: LowStock[];
}

/**
 * A sale at the counter, in the caller's transaction: lines priced from the database, stock and
 * seats taken at once, an order of channel "comptoir" paid and handed over, its history, and its
 * normalized invoice asked for like any paid order (the buyer's IFU on it). A known idempotency
 * key returns the sale already recorded.
 */
export async function sellAtCounter(tx: Db, config: Config, sale: Sale, seller: string): Promise<CounterSale> {
  const existing = await findOrderByKey(tx, sale.idempotencyKey);
  if (existing) return { order: existing, change: changeOf(sale, existing.total), repeated: true, low: [] };

  const priced = await priceItems(tx, sale.items, COUNTER_RULES);
  const subtotal = round2(priced.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0));
  const discount = sale.discount ?? 0;
  if (discount > 0) {
    const percent = (await orderRules(tx)).maxCounterDiscountPercent;
    const limit = Math.floor((subtotal * percent) / 100);
    if (discount > limit) {
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: percent
          ? `Remise trop forte : ${formatXOF(limit)} au maximum sur cette vente (${percent} % du total, dans Paramètres).`
          : 'Les remises au comptoir sont désactivées (Paramètres, « Remise maximale au comptoir »).',
      });
    }
  }
  // Shared out over the lines in whole francs, as a promo code's is: the invoice adds up to the total.
  const lines = discount ? shareOut(priced, () => true, subtotal, discount) : priced;
  const total = round2(subtotal - discount);
  const { cash, mobileMoney } = split(sale.payment, total);
  if (mobileMoney > total)
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `Le montant Mobile Money (${formatXOF(mobileMoney)}) dépasse le total de la vente (${formatXOF(total)}).`,
    });
  const given = 'given' in sale.payment ? sale.payment.given : null;
  if (given !== null && given < cash) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `Montant reçu insuffisant : il manque ${formatXOF(round2(cash - given))} pour ${cash === total ? 'un total' : 'la part en espèces'} de ${formatXOF(cash)}.`,
    });
  }
  const low = await takeStock(tx, lines);
  await moveSeats(tx, lines, -1);
  const order = await createRecord(tx, orders, {
    customerName: sale.customerName?.trim() || 'Client au comptoir',
    phone: sale.phone ?? null,
    buyerIfu: sale.buyerIfu ?? null,
    items: lines,
    delivery: null,
    subtotal,
    discount,
    promoLabel: discount ? 'Remise au comptoir' : null,
    deliveryCost: 0,
    total,
    paymentMethod: sale.payment.method,
    paymentReference: 'reference' in sale.payment ? sale.payment.reference : null,
    cashAmount: cash,
    cashGiven: given,
    status: 'delivered',
    paymentStatus: 'paid',
    channel: 'counter',
    cashSession: await openDayForSale(tx),
    idempotencyKey: sale.idempotencyKey,
  });
  await recordEvent(tx, order.id, { actor: seller, kind: 'created', toValue: 'delivered', note: 'Vente au comptoir' });
  await recordEvent(tx, order.id, { actor: seller, kind: 'payment', fromValue: 'pending', toValue: 'paid' });
  await queueInvoice(tx, config, order, 'FV');
  return { order, change: changeOf(sale, total), repeated: false, low };
}

/** The part of the total paid in cash and the part by Mobile Money. */
function split(payment: Sale['payment'], total: number) {
  if (payment.method === 'cash') return { cash: total, mobileMoney: 0 };
  if (payment.method === 'mobile_money') return { cash: 0, mobileMoney: total };
  return { cash: round2(Math.max(0, total - payment.mobileMoney)), mobileMoney: payment.mobileMoney };
}

const changeOf = (sale: Sale, total: number) =>
  'given' in sale.payment ? round2(sale.payment.given - split(sale.payment, total).cash) : 0;
