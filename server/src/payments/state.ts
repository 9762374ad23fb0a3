import { needsShipping, ONLINE_PAYMENT_METHOD, type PaymentStatus, paymentMethods } from '@app/shared';
import type { Config } from '../config';
import { type Attempt, cashCeiling, type Db, latestAttempt, orderByToken } from './payable';
import { type PaymentProvider, ProviderUnavailable } from './provider';
import { refreshAttempt } from './transactions';

// Where an order's payment stands: for the shopper's return page and for the owner.

export interface PaymentState {
  paymentStatus: PaymentStatus;
  paymentMethod: keyof typeof paymentMethods;
  /** The latest online transaction, as the shopper may see it. */
  attempt: { status: Attempt['status']; createdAt: string } | null;
  /** Still to pay online: the page offers to (re)try. */
  canPayOnline: boolean;
  /** The order has something to deliver, within the ceiling of cash on delivery: the shopper may switch to it. */
  canPayOnDelivery: boolean;
}

/** The payment side of an order for its return page, asking the provider when a transaction is pending. */
export async function paymentState(db: Db, config: Config, provider: PaymentProvider | null, token: string): Promise<PaymentState> {
  let order = await orderByToken(db, token);
  let attempt = await latestAttempt(db, order.id);
  if (provider && attempt?.status === 'pending') {
    try {
      attempt = await refreshAttempt(db, config, provider, attempt);
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
    canPayOnDelivery:
      open && order.paymentMethod === ONLINE_PAYMENT_METHOD && needsShipping(order.items) && Number(order.total) <= (await cashCeiling(db)),
  };
}

/** The order's online transactions, for the owner. */
export const orderPayments = (db: Db, orderId: string) =>
  db
    .selectFrom('onlinePayments')
    .select(['id', 'provider', 'providerId', 'reference', 'amount', 'status', 'detail', 'createdAt', 'updatedAt'])
    .where('orderId', '=', orderId)
    .orderBy('createdAt', 'desc')
    .execute();
