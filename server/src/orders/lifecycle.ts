import {
  AREAS,
  forbiddenMessage,
  may,
  NEXT_PAYMENT_STATUSES,
  reversesMoney,
  type Role,
  type OrderLine,
  type OrderStatus,
  orderStatuses,
  type PaymentStatus,
  paymentStatuses,
  canMove,
} from '@app/shared';
import { TRPCError } from '@trpc/server';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { movePromoUse } from './promo';
import { type Moved, recordMovements } from '../inventory/ledger';
import { moveSeats } from '../sessions/seats';
import { recordEvent } from '../history/events';
import { queueInvoice } from '../invoicing/invoices';
import { statusChangedMail } from './notifications';
import { settleOrderPoints } from '../customers/loyalty';
import { releaseOrderCredit } from '../customers/credit';

export { recordEvent };

/** The database or a transaction on it. */
type Db = Kysely<Database>;

export interface OrderRow {
  id: string;
  number: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  items: OrderLine[];
  promoCode: string | null;
  customerName: string;
  phone: string | null;
  email: string | null;
  trackingToken: string;
}

/** The order, locked until the transaction ends: two owners' clicks are applied one after the other. */
async function lockOrder(tx: Db, id: string): Promise<OrderRow> {
  const row = await tx
    .selectFrom('orders')
    .select(['id', 'number', 'status', 'paymentStatus', 'items', 'promoCode', 'customerName', 'phone', 'email', 'trackingToken'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: 'Commande introuvable.' });
  return row as OrderRow;
}

const refuse = (message: string): never => {
  throw new TRPCError({ code: 'CONFLICT', message });
};

/** A member of the team (not the shop's own jobs) may give money back only if their role allows it. */
function mayReverse(order: OrderRow, move: { to: OrderStatus | PaymentStatus; payment: boolean }, role: Role | undefined) {
  if (role && reversesMoney(order, move) && !may(role, AREAS.refunds))
    throw new TRPCError({ code: 'FORBIDDEN', message: forbiddenMessage(role) });
}

/**
 * An order some of whose articles came back (counter/returns.ts): the rest comes back by a return
 * too, never by undoing the whole order (its stock, its refund and its credit note would count twice).
 */
async function refuseIfReturned(tx: Db, order: OrderRow) {
  const done = await tx.selectFrom('returns').select('number').where('sale', '=', order.id).executeTakeFirst();
  if (done) refuse(`Des articles de cette commande sont déjà revenus (${done.number}) : rendez le reste par « Retour d’articles ».`);
}

/**
 * Gives back (sign +1, cancelled) or takes again (sign -1, reopened) the stock of an order's tracked
 * products, each change recorded in the stock ledger with who and which order.
 */
async function moveStock(tx: Db, order: OrderRow, sign: 1 | -1, actor: string) {
  const moved: Moved[] = [];
  for (const line of order.items.filter((l) => l.type === 'product')) {
    const update = tx
      .updateTable('products')
      .set({ stock: sql`stock + ${sign * line.quantity}` })
      .where('id', '=', line.id)
      .where('stock', 'is not', null);
    const taken = await (sign > 0 ? update : update.where('stock', '>=', line.quantity)).returning('stock').executeTakeFirst();
    if (taken) moved.push({ product: line.id, name: line.name, quantity: sign * line.quantity, stockAfter: taken.stock });
    else if (sign < 0) {
      // Untracked stock (null) or a product deleted since: nothing to take. Otherwise there is not enough.
      const product = await tx.selectFrom('products').select('stock').where('id', '=', line.id).executeTakeFirst();
      if (product && product.stock !== null) {
        refuse(`Stock insuffisant pour « ${line.name} » (${product.stock} disponible(s)) : la commande ne peut pas être rouverte.`);
      }
    }
  }
  await recordMovements(tx, { kind: sign > 0 ? 'cancel' : 'reopen', actor, orderNumber: order.number }, moved);
}

/**
 * A cancelled order's Mobile Money transaction still open is abandoned with it: its payment page
 * is no longer offered. A payment the shopper makes on it all the same is recorded "à rembourser"
 * (payments/transactions.ts).
 */
async function closeOpenPayments(tx: Db, orderId: string, actor: string) {
  const closed = await tx
    .updateTable('onlinePayments')
    .set({ status: 'expired', updatedAt: sql`now()` })
    .where('orderId', '=', orderId)
    .where('status', 'in', ['pending', 'creating'])
    .returning('providerId')
    .execute();
  for (const { providerId } of closed) {
    await recordEvent(tx, orderId, {
      actor,
      kind: 'online_payment',
      toValue: 'expired',
      note: `Transaction FedaPay n° ${providerId ?? '(en création)'} abandonnée : commande annulée`,
    });
  }
}

/** Moves an order along the process; cancelling gives its stock back in the same transaction. */
/** The customer hears of the change by e-mail (queued with it). */
export async function transitionOrder(
  db: Db,
  config: Config,
  input: {
    id: string;
    to: OrderStatus;
    actor: string;
    role?: Role;
    note?: string | undefined;
    /** A step on the way to another (a courier's « Livrée » walks confirmed and shipped): the customer hears of the last only. */
    quiet?: boolean;
  },
) {
  return db.transaction().execute(async (tx) => {
    const order = await lockOrder(tx, input.id);
    if (order.status === input.to) return { order, changed: false };
    mayReverse(order, { to: input.to, payment: false }, input.role);
    if (!canMove(order.status, input.to)) {
      refuse(`Une commande « ${orderStatuses[order.status]} » ne peut pas passer à « ${orderStatuses[input.to]} ».`);
    }
    if (input.to === 'cancelled') {
      await refuseIfReturned(tx, order);
      await moveStock(tx, order, 1, input.actor);
      await moveSeats(tx, order.items, 1);
      await movePromoUse(tx, order, -1);
      await closeOpenPayments(tx, order.id, input.actor);
      // A cancelled sale that was invoiced gets its credit note.
      await queueInvoice(tx, config, order, 'FA');
    }
    await tx
      .updateTable('orders')
      .set({ status: input.to, updatedAt: sql`now()` })
      .where('id', '=', order.id)
      .execute();
    await recordEvent(tx, order.id, {
      actor: input.actor,
      kind: 'status',
      fromValue: order.status,
      toValue: input.to,
      note: input.note ?? null,
    });
    await settleOrderPoints(tx, order.id, input.actor);
    await releaseOrderCredit(tx, order.id, input.actor);
    if (!input.quiet) await statusChangedMail(tx, config, order, input.to);
    return { order: { ...order, status: input.to }, changed: true };
  });
}

/** Brings a cancelled order back to "nouvelle", taking its stock again, or refuses when the stock is gone. */
export async function reopenOrder(db: Db, input: { id: string; actor: string; note?: string | undefined }) {
  return db.transaction().execute(async (tx) => {
    const order = await lockOrder(tx, input.id);
    if (order.status !== 'cancelled') refuse('Seule une commande annulée peut être rouverte.');
    await moveStock(tx, order, -1, input.actor);
    await moveSeats(
      tx,
      order.items,
      -1,
      (line, left) => `Plus assez de places (${left} libre(s)) pour « ${line.name} » : la commande ne peut pas être rouverte.`,
    );
    await movePromoUse(tx, order, 1);
    await tx
      .updateTable('orders')
      .set({ status: 'new', updatedAt: sql`now()` })
      .where('id', '=', order.id)
      .execute();
    await recordEvent(tx, order.id, {
      actor: input.actor,
      kind: 'status',
      fromValue: 'cancelled',
      toValue: 'new',
      note: input.note ?? 'Commande rouverte',
    });
    await settleOrderPoints(tx, order.id, input.actor);
    return { ...order, status: 'new' as const };
  });
}

type PaymentMove = { id: string; to: PaymentStatus; reference?: string | undefined; actor: string; role?: Role; note?: string | undefined };

/** A payment recorded gets its normalized invoice, a refund its credit note (both queued with it). */
export const setPaymentStatus = (db: Db, config: Config, input: PaymentMove) =>
  db.transaction().execute((tx) => changePayment(tx, config, input));

/** setPaymentStatus in the caller's transaction (a courier's collection claims his delivery in the same one). */
export async function changePayment(tx: Db, config: Config, input: PaymentMove) {
  const order = await lockOrder(tx, input.id);
  if (order.paymentStatus === input.to) return order;
  mayReverse(order, { to: input.to, payment: true }, input.role);
  if (order.paymentStatus === 'paid') await refuseIfReturned(tx, order);
  if (!NEXT_PAYMENT_STATUSES[order.paymentStatus].includes(input.to)) {
    refuse(`Un paiement « ${paymentStatuses[order.paymentStatus]} » ne peut pas passer à « ${paymentStatuses[input.to]} ».`);
  }
  await tx
    .updateTable('orders')
    .set({
      paymentStatus: input.to,
      ...(input.reference !== undefined ? { paymentReference: input.reference || null } : {}),
      updatedAt: sql`now()`,
    })
    .where('id', '=', order.id)
    .execute();
  const note = [input.reference ? `Référence : ${input.reference}` : null, input.note].filter(Boolean).join(' · ') || null;
  await recordEvent(tx, order.id, { actor: input.actor, kind: 'payment', fromValue: order.paymentStatus, toValue: input.to, note });
  if (input.to === 'paid') await queueInvoice(tx, config, order, 'FV');
  if (input.to === 'refunded') await queueInvoice(tx, config, order, 'FA');
  await settleOrderPoints(tx, order.id, input.actor);
  await releaseOrderCredit(tx, order.id, input.actor);
  return { ...order, paymentStatus: input.to };
}

export async function addOrderNote(db: Db, input: { id: string; note: string; actor: string }) {
  return db.transaction().execute(async (tx) => {
    const order = await lockOrder(tx, input.id);
    await recordEvent(tx, order.id, { actor: input.actor, kind: 'note', note: input.note });
    return order;
  });
}

export const orderHistory = (db: Kysely<Database>, orderId: string) =>
  db
    .selectFrom('orderEvents')
    .select(['id', 'createdAt', 'actor', 'kind', 'fromValue', 'toValue', 'note'])
    .where('orderId', '=', orderId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
