import {
  amountDue,
  ONLINE_PAYMENT_METHOD,
  type OrderLine,
  type OrderStatus,
  type PaymentStatus,
  paymentMethods,
  SHOP_RULES,
} from '@app/shared';
import { TRPCError } from '@trpc/server';
import { type Kysely, type Selectable } from 'kysely';
import type { Database, OnlinePaymentsTable } from '../db/schema';

// An order as Mobile Money payments see it, the rules on when it may be paid, and its attempts.

export type Db = Kysely<Database>;

/** A transaction nobody paid for in this time is treated as abandoned: a retry opens a new one. */
export const PENDING_LIFETIME_MINUTES = 30;
/** How long a second click waits for the first one's transaction to be opened. */
export const CREATING_WAIT_MS = 10_000;
/** A transaction still "being prepared" after this long was abandoned by a server that stopped. */
export const STALE_CREATING_MINUTES = 2;
/** The provider is asked at most this often about one transaction, however many pages poll. */
export const CHECK_INTERVAL_SECONDS = 3;

export const UNAVAILABLE_MESSAGE =
  'Le service de paiement Mobile Money ne répond pas. Réessayez dans un instant, ou choisissez le paiement à la livraison.';

export interface PayableOrder {
  id: string;
  number: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: keyof typeof paymentMethods;
  total: string | number;
  /** The part the customer's credit (« avoir ») paid: not asked again online. */
  creditAmount: string | number | null;
  items: OrderLine[];
  customerName: string;
  phone: string;
  email: string | null;
  trackingToken: string;
}
export type Attempt = Selectable<OnlinePaymentsTable>;

export const ORDER_COLUMNS = [
  'id',
  'number',
  'status',
  'paymentStatus',
  'paymentMethod',
  'total',
  'creditAmount',
  'items',
  'customerName',
  'phone',
  'email',
  'trackingToken',
] as const;

/** The owner's ceiling on an order paid on delivery (Paramètres), whichever way it got there. */
export async function cashCeiling(db: Db): Promise<number> {
  const row = await db.selectFrom('settings').select('maxUnconfirmedTotal').executeTakeFirst();
  return row ? Number(row.maxUnconfirmedTotal) : SHOP_RULES.maxUnconfirmedTotal;
}

export const refuse = (message: string, code: 'CONFLICT' | 'BAD_REQUEST' = 'CONFLICT'): never => {
  throw new TRPCError({ code, message });
};

export async function orderByToken(db: Db, token: string, lock = false): Promise<PayableOrder> {
  let query = db.selectFrom('orders').select(ORDER_COLUMNS).where('trackingToken', '=', token);
  if (lock) query = query.forUpdate();
  const order = (await query.executeTakeFirst()) as PayableOrder | undefined;
  if (!order) throw new TRPCError({ code: 'NOT_FOUND', message: 'Commande introuvable : vérifiez le lien de suivi.' });
  return order;
}

export const latestAttempt = (db: Db, orderId: string): Promise<Attempt | undefined> =>
  db
    .selectFrom('onlinePayments')
    .selectAll()
    .where('orderId', '=', orderId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst() as Promise<Attempt | undefined>;

/** What is left to pay once the credit paid its part; the franc CFA has no cents in practice, and FedaPay takes whole amounts. */
export const payable = (order: PayableOrder) => Math.round(amountDue(order));

export const minutesSince = (iso: string | Date) => (Date.now() - new Date(iso).getTime()) / 60_000;

/** Why an order cannot be paid online now, or null when it can. */
export function cannotPay(order: PayableOrder): string | null {
  if (order.paymentStatus !== 'pending') return 'Cette commande est déjà payée.';
  if (order.status === 'cancelled') return 'Cette commande est annulée : elle ne peut plus être payée.';
  if (order.status === 'delivered') return 'Cette commande est livrée : son paiement se règle avec la boutique.';
  if (order.paymentMethod !== ONLINE_PAYMENT_METHOD) return 'Cette commande se paie à la livraison.';
  return null;
}
