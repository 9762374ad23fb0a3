import {
  adminPath,
  formatXOF,
  needsShipping,
  ONLINE_PAYMENT_METHOD,
  type OrderLine,
  orders,
  type OrderStatus,
  type PaymentStatus,
  paymentMethods,
  trackingPath,
} from '@app/shared';
import { TRPCError } from '@trpc/server';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Config } from '../config';
import type { Database, OnlinePaymentsTable } from '../db/schema';
import type { AfterResponse } from '../platform/after-response';
import { alertOwner } from '../platform/alerts';
import { recordEvent } from '../orders/lifecycle';
import { type PaymentProvider, type ProviderTransaction, ProviderUnavailable } from './provider';

type Db = Kysely<Database>;

/** A transaction nobody paid for in this time is treated as abandoned: a retry opens a new one. */
const PENDING_LIFETIME_MINUTES = 30;
/** How long a second click waits for the first one's transaction to be opened. */
const CREATING_WAIT_MS = 10_000;
/** A transaction still "being prepared" after this long was abandoned by a server that stopped. */
const STALE_CREATING_MINUTES = 2;
/** The provider is asked at most this often about one transaction, however many pages poll. */
const CHECK_INTERVAL_SECONDS = 3;

export const UNAVAILABLE_MESSAGE =
  'Le service de paiement Mobile Money ne répond pas. Réessayez dans un instant, ou choisissez le paiement à la livraison.';

interface PayableOrder {
  id: string;
  number: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: keyof typeof paymentMethods;
  total: string | number;
  items: OrderLine[];
  customerName: string;
  phone: string;
  email: string | null;
  trackingToken: string;
}
type Attempt = Selectable<OnlinePaymentsTable>;

const ORDER_COLUMNS = [
  'id',
  'number',
  'status',
  'paymentStatus',
  'paymentMethod',
  'total',
  'items',
  'customerName',
  'phone',
  'email',
  'trackingToken',
] as const;

const refuse = (message: string, code: 'CONFLICT' | 'BAD_REQUEST' = 'CONFLICT'): never => {
  throw new TRPCError({ code, message });
};

async function orderByToken(db: Db, token: string, lock = false): Promise<PayableOrder> {
  let query = db.selectFrom('orders').select(ORDER_COLUMNS).where('trackingToken', '=', token);
  if (lock) query = query.forUpdate();
  const order = (await query.executeTakeFirst()) as PayableOrder | undefined;
  if (!order) throw new TRPCError({ code: 'NOT_FOUND', message: 'Commande introuvable : vérifiez le lien de suivi.' });
  return order;
}

const latestAttempt = (db: Db, orderId: string): Promise<Attempt | undefined> =>
  db
    .selectFrom('onlinePayments')
    .selectAll()
    .where('orderId', '=', orderId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst() as Promise<Attempt | undefined>;

/** The franc CFA has no cents in practice, and FedaPay takes whole amounts. */
const payable = (order: PayableOrder) => Math.round(Number(order.total));

const minutesSince = (iso: string | Date) => (Date.now() - new Date(iso).getTime()) / 60_000;

/** Why an order cannot be paid online now, or null when it can. */
function cannotPay(order: PayableOrder): string | null {
  if (order.paymentStatus !== 'pending') return 'Cette commande est déjà payée.';
  if (order.status === 'cancelled') return 'Cette commande est annulée : elle ne peut plus être payée.';
  if (order.status === 'delivered') return 'Cette commande est livrée : son paiement se règle avec la boutique.';
  if (order.paymentMethod !== ONLINE_PAYMENT_METHOD) return 'Cette commande se paie à la livraison.';
  return null;
}

/**
 * Sends the shopper to the provider's payment page for an order. While one transaction is being
 * prepared or awaits payment, every call returns that one: two clicks, two tabs or two servers
 * never open a second transaction (the partial unique index decides, not timing).
 */
export async function startPayment(
  db: Db,
  config: Config,
  provider: PaymentProvider,
  token: string,
  after: AfterResponse,
): Promise<{ paymentUrl: string }> {
  const deadline = Date.now() + CREATING_WAIT_MS;
  for (;;) {
    const order = await orderByToken(db, token);
    const reason = cannotPay(order);
    if (reason) refuse(reason);
    let open = await latestAttempt(db, order.id);
    if (open?.status === 'pending') {
      // Paid meanwhile? Ask first. FedaPay unreachable: its page is taken up again as it is.
      open =
        (await refreshAttempt(db, config, provider, open, after, { force: true }).catch((error: unknown) => {
          if (error instanceof ProviderUnavailable) return open;
          throw error;
        })) ?? open;
      if (open.status === 'approved') refuse('Cette commande est déjà payée.');
      if (open.status === 'pending' && minutesSince(open.createdAt) < PENDING_LIFETIME_MINUTES && open.paymentUrl)
        return { paymentUrl: open.paymentUrl };
      if (open.status === 'pending') await expire(db, open);
    }
    if (open?.status === 'creating' && minutesSince(open.createdAt) > STALE_CREATING_MINUTES) {
      // Its server stopped between claiming and opening the transaction: free the slot.
      await db
        .updateTable('onlinePayments')
        .set({ status: 'failed', detail: 'Préparation interrompue', updatedAt: sql`now()` })
        .where('id', '=', open.id)
        .where('status', '=', 'creating')
        .execute();
      continue;
    }
    if (open?.status === 'creating') {
      if (Date.now() > deadline) refuse('Le paiement est en cours de préparation : réessayez dans un instant.');
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    const claimed = await claim(db, order);
    if (!claimed) continue; // another request claimed it first: wait for that one
    return openTransaction(db, config, provider, order, claimed);
  }
}

/** Inserts the "being prepared" row, or returns null when another request holds the order's only open slot. */
async function claim(db: Db, order: PayableOrder): Promise<string | null> {
  const row = await db
    .insertInto('onlinePayments')
    .values({ orderId: order.id, provider: 'fedapay', amount: payable(order), status: 'creating' })
    .onConflict((oc) => oc.column('orderId').where('status', 'in', ['creating', 'pending']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

async function openTransaction(db: Db, config: Config, provider: PaymentProvider, order: PayableOrder, attemptId: string) {
  try {
    const opened = await provider.createCheckout({
      orderNumber: order.number,
      amount: payable(order),
      description: `Commande ${order.number}`,
      customer: { name: order.customerName, phone: order.phone, email: order.email },
      returnUrl: `${config.publicUrl}${trackingPath(order.trackingToken)}`,
    });
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('onlinePayments')
        .set({
          providerId: opened.providerId,
          reference: opened.reference,
          providerCurrency: opened.currency,
          paymentUrl: opened.paymentUrl,
          status: 'pending',
          updatedAt: sql`now()`,
        })
        .where('id', '=', attemptId)
        .execute();
      await recordEvent(tx, order.id, {
        actor: 'client',
        kind: 'online_payment',
        toValue: 'pending',
        note: `Transaction FedaPay n° ${opened.providerId} ouverte : ${formatXOF(payable(order))}`,
      });
    });
    return { paymentUrl: opened.paymentUrl };
  } catch (error) {
    const detail = error instanceof Error ? error.message.slice(0, 500) : 'erreur inconnue';
    await db
      .updateTable('onlinePayments')
      .set({ status: 'failed', detail, updatedAt: sql`now()` })
      .where('id', '=', attemptId)
      .execute();
    if (error instanceof ProviderUnavailable)
      throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE_MESSAGE, cause: error });
    throw error;
  }
}

async function expire(db: Db, attempt: Attempt) {
  await db.transaction().execute(async (tx) => {
    const done = await tx
      .updateTable('onlinePayments')
      .set({ status: 'expired', updatedAt: sql`now()` })
      .where('id', '=', attempt.id)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    if (done) {
      await recordEvent(tx, attempt.orderId, {
        actor: 'système',
        kind: 'online_payment',
        toValue: 'expired',
        note: `Transaction FedaPay n° ${attempt.providerId} restée sans paiement ${PENDING_LIFETIME_MINUTES} minutes : abandonnée`,
      });
    }
  });
}

/**
 * Asks the provider about a pending transaction and applies what it says. Without `force`, one
 * server asks at most every few seconds, however many pages poll.
 */
export async function refreshAttempt(
  db: Db,
  config: Config,
  provider: PaymentProvider,
  attempt: Attempt,
  after: AfterResponse,
  options: { force?: boolean } = {},
) {
  if (!attempt.providerId) return attempt;
  const due = await db
    .updateTable('onlinePayments')
    .set({ checkedAt: sql`now()` })
    .where('id', '=', attempt.id)
    .where((eb) =>
      options.force
        ? eb.val(true)
        : eb.or([eb('checkedAt', 'is', null), eb('checkedAt', '<', sql<string>`now() - make_interval(secs => ${CHECK_INTERVAL_SECONDS})`)]),
    )
    .returning('id')
    .executeTakeFirst();
  if (!due) return attempt;
  const transaction = await provider.retrieve(attempt.providerId);
  if (transaction) {
    const applied = await applyTransaction(db, config, transaction, 'FedaPay');
    after(() => alertPayment(db, config, applied));
  }
  return (await db.selectFrom('onlinePayments').selectAll().where('id', '=', attempt.id).executeTakeFirst()) as Attempt;
}

export type Applied =
  | { kind: 'unknown' }
  | { kind: 'unchanged' }
  | {
      kind: 'paid' | 'paid-twice' | 'paid-cancelled' | 'mismatch' | 'declined' | 'canceled' | 'refunded';
      orderId: string;
      number: string;
      detail: string;
    };

/**
 * Applies what the provider says of one of our transactions, once: the attempt and the order are
 * locked, so the same event arriving ten times (or a webhook racing the return page) changes the
 * order once. An approval whose amount, currency or order reference do not match the transaction
 * we opened never marks the order paid: it is recorded for the owner.
 */
export async function applyTransaction(db: Db, config: Config, transaction: ProviderTransaction, actor: string): Promise<Applied> {
  const applied = await db.transaction().execute(async (tx): Promise<Applied> => {
    const attempt = (await tx
      .selectFrom('onlinePayments')
      .selectAll()
      .where('provider', '=', 'fedapay')
      .where('providerId', '=', transaction.providerId)
      .forUpdate()
      .executeTakeFirst()) as Attempt | undefined;
    if (!attempt) return { kind: 'unknown' };
    const order = (await tx
      .selectFrom('orders')
      .select(ORDER_COLUMNS)
      .where('id', '=', attempt.orderId)
      .forUpdate()
      .executeTakeFirst()) as PayableOrder;
    const label = `Transaction FedaPay n° ${transaction.providerId}${transaction.reference ? ` (${transaction.reference})` : ''}`;
    const event = (toValue: string, note: string) => recordEvent(tx, order.id, { actor, kind: 'online_payment', toValue, note });
    const setAttempt = (status: Attempt['status'], detail: string | null = null) =>
      tx
        .updateTable('onlinePayments')
        .set({ status, detail, reference: transaction.reference, updatedAt: sql`now()` })
        .where('id', '=', attempt.id)
        .execute();
    const base = { orderId: order.id, number: order.number };

    if (transaction.status === 'pending') return { kind: 'unchanged' };
    if (transaction.status === 'refunded') {
      if (attempt.status !== 'approved' || order.paymentStatus !== 'paid') return { kind: 'unchanged' };
      await tx
        .updateTable('orders')
        .set({ paymentStatus: 'refunded', updatedAt: sql`now()` })
        .where('id', '=', order.id)
        .execute();
      await recordEvent(tx, order.id, { actor, kind: 'payment', fromValue: 'paid', toValue: 'refunded', note: `${label} remboursée` });
      return { kind: 'refunded', ...base, detail: `${label} remboursée.` };
    }
    // A verdict already reached stands; only an approval may still overturn a decline, an expiry or an abandon.
    if (attempt.status === 'approved' || attempt.status === 'mismatch') return { kind: 'unchanged' };
    if (transaction.status !== 'approved') {
      if (attempt.status === transaction.status || attempt.status === 'expired') return { kind: 'unchanged' };
      await setAttempt(transaction.status);
      const note = transaction.status === 'declined' ? `${label} refusée par l’opérateur` : `${label} abandonnée par le client`;
      await event(transaction.status, note);
      return { kind: transaction.status, ...base, detail: note };
    }

    const problems = [
      transaction.amount !== Number(attempt.amount) || transaction.amount !== payable(order)
        ? `montant ${formatXOF(transaction.amount)} au lieu de ${formatXOF(payable(order))}`
        : null,
      attempt.providerCurrency !== null && transaction.currency !== attempt.providerCurrency
        ? `devise ${transaction.currency ?? 'inconnue'} au lieu du franc CFA`
        : null,
      transaction.orderNumber !== order.number ? `référence ${transaction.orderNumber ?? 'absente'} au lieu de ${order.number}` : null,
    ].filter((p): p is string => p !== null);
    if (problems.length > 0) {
      const detail = `${label} non validée : ${problems.join(', ')}.`;
      await setAttempt('mismatch', detail.slice(0, 500));
      await event('mismatch', detail);
      return { kind: 'mismatch', ...base, detail };
    }

    await setAttempt('approved');
    if (order.status === 'cancelled' && order.paymentStatus === 'pending') {
      // Paid on a page still open when the order was cancelled: the money is the customer's.
      await tx
        .updateTable('orders')
        .set({ paymentStatus: 'to_refund', paymentReference: transaction.reference ?? transaction.providerId, updatedAt: sql`now()` })
        .where('id', '=', order.id)
        .execute();
      const detail = `${label} : ${formatXOF(transaction.amount)} reçus pour une commande annulée. À rembourser au client (ou rouvrez la commande).`;
      await recordEvent(tx, order.id, { actor, kind: 'payment', fromValue: 'pending', toValue: 'to_refund', note: detail });
      return { kind: 'paid-cancelled', ...base, detail };
    }
    if (order.paymentStatus !== 'pending') {
      const detail = `${label} payée alors que la commande était déjà « payée » : un remboursement est sans doute à faire.`;
      await event('approved', detail);
      return { kind: 'paid-twice', ...base, detail };
    }
    await tx
      .updateTable('orders')
      .set({
        paymentStatus: 'paid',
        paymentMethod: ONLINE_PAYMENT_METHOD,
        paymentReference: transaction.reference ?? transaction.providerId,
        updatedAt: sql`now()`,
      })
      .where('id', '=', order.id)
      .execute();
    await recordEvent(tx, order.id, { actor, kind: 'payment', fromValue: 'pending', toValue: 'paid', note: `Mobile Money · ${label}` });
    return { kind: 'paid', ...base, detail: `${label} : ${formatXOF(transaction.amount)} reçus.` };
  });
  return applied;
}

/** The owner hears of every payment, and above all of what needs a look (mismatch, double payment). */
export async function alertPayment(db: Db, config: Config, applied: Applied) {
  if (applied.kind === 'unknown' || applied.kind === 'unchanged' || applied.kind === 'canceled') return;
  const subjects = {
    paid: `Paiement reçu pour la commande ${applied.number}`,
    'paid-twice': `À vérifier : commande ${applied.number} payée deux fois`,
    'paid-cancelled': `À rembourser : paiement reçu pour la commande annulée ${applied.number}`,
    mismatch: `À vérifier : paiement incohérent pour la commande ${applied.number}`,
    declined: `Paiement refusé pour la commande ${applied.number}`,
    refunded: `Paiement remboursé pour la commande ${applied.number}`,
  } as const;
  await alertOwner(db, config, {
    subject: subjects[applied.kind],
    lines: [`Commande ${applied.number}`, applied.detail],
    adminPath: adminPath(orders, applied.orderId),
  });
}

export interface PaymentState {
  paymentStatus: PaymentStatus;
  paymentMethod: keyof typeof paymentMethods;
  /** The latest online transaction, as the shopper may see it. */
  attempt: { status: Attempt['status']; createdAt: string } | null;
  /** Still to pay online: the page offers to (re)try. */
  canPayOnline: boolean;
  /** The order has something to deliver: the shopper may switch to paying on delivery. */
  canPayOnDelivery: boolean;
}

/** The payment side of an order for its return page, asking the provider when a transaction is pending. */
export async function paymentState(
  db: Db,
  config: Config,
  provider: PaymentProvider | null,
  token: string,
  after: AfterResponse,
): Promise<PaymentState> {
  let order = await orderByToken(db, token);
  let attempt = await latestAttempt(db, order.id);
  if (provider && attempt?.status === 'pending') {
    try {
      attempt = await refreshAttempt(db, config, provider, attempt, after);
      order = await orderByToken(db, token);
    } catch (error) {
      // The provider is slow or down: the page keeps polling and says it is waiting.
      if (!(error instanceof ProviderUnavailable)) throw error;
    }
  }
  const open = order.paymentStatus === 'pending' && order.status !== 'cancelled' && order.status !== 'delivered';
  return {
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    attempt: attempt ? { status: attempt.status, createdAt: new Date(attempt.createdAt).toISOString() } : null,
    // A pending transaction is taken up again (same page); one being prepared is waited for.
    canPayOnline: !!provider && open && order.paymentMethod === ONLINE_PAYMENT_METHOD && attempt?.status !== 'creating',
    canPayOnDelivery: open && order.paymentMethod === ONLINE_PAYMENT_METHOD && needsShipping(order.items),
  };
}

/** The shopper gives up paying online: the order is paid on delivery (only when there is a delivery). */
export async function switchToPayOnDelivery(db: Db, token: string) {
  await db.transaction().execute(async (tx) => {
    const order = await orderByToken(tx, token, true);
    const reason = cannotPay(order);
    if (reason) refuse(reason);
    if (!needsShipping(order.items))
      refuse('Services et formations se paient en ligne : il n’y a pas de livraison pour payer à la réception.', 'BAD_REQUEST');
    await tx
      .updateTable('orders')
      .set({ paymentMethod: 'cash_on_delivery', updatedAt: sql`now()` })
      .where('id', '=', order.id)
      .execute();
    await recordEvent(tx, order.id, {
      actor: 'client',
      kind: 'edit',
      fromValue: paymentMethods[order.paymentMethod],
      toValue: paymentMethods.cash_on_delivery,
      note: 'Mode de paiement',
    });
  });
}

/** The order's online transactions, for the owner. */
export const orderPayments = (db: Db, orderId: string) =>
  db
    .selectFrom('onlinePayments')
    .select(['id', 'provider', 'providerId', 'reference', 'amount', 'status', 'detail', 'createdAt', 'updatedAt'])
    .where('orderId', '=', orderId)
    .orderBy('createdAt', 'desc')
    .execute();
