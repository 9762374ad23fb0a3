import { formatXOF, needsShipping, overCashCeiling, paymentMethods, trackingPath } from '@app/shared';
import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { Config } from '../config';
import { recordEvent } from '../orders/lifecycle';
import {
  type Attempt,
  cannotPay,
  cashCeiling,
  CREATING_WAIT_MS,
  type Db,
  latestAttempt,
  minutesSince,
  orderByToken,
  type PayableOrder,
  payable,
  PENDING_LIFETIME_MINUTES,
  refuse,
  STALE_CREATING_MINUTES,
  UNAVAILABLE_MESSAGE,
} from './payable';
import { type PaymentProvider, ProviderUnavailable } from './provider';
import { refreshAttempt } from './transactions';

// The shopper's side of paying online: opening (or taking up again) a transaction, and giving up.

/**
 * Sends the shopper to the provider's payment page for an order. While one transaction is being
 * prepared or awaits payment, every call returns that one: two clicks, two tabs or two servers
 * never open a second transaction (the partial unique index decides, not timing).
 */
export async function startPayment(db: Db, config: Config, provider: PaymentProvider, token: string): Promise<{ paymentUrl: string }> {
  const deadline = Date.now() + CREATING_WAIT_MS;
  for (;;) {
    const order = await orderByToken(db, token);
    const reason = cannotPay(order);
    if (reason) refuse(reason);
    let open = await latestAttempt(db, order.id);
    if (open?.status === 'pending') {
      // Paid meanwhile? Ask first. FedaPay unreachable: its page is taken up again as it is.
      open =
        (await refreshAttempt(db, config, provider, open, { force: true }).catch((error: unknown) => {
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

/** The shopper gives up paying online: the order is paid on delivery (only when there is a delivery). */
export async function switchToPayOnDelivery(db: Db, token: string) {
  await db.transaction().execute(async (tx) => {
    const order = await orderByToken(tx, token, true);
    const reason = cannotPay(order);
    if (reason) refuse(reason);
    if (!needsShipping(order.items))
      refuse('Services et formations se paient en ligne : il n’y a pas de livraison pour payer à la réception.', 'BAD_REQUEST');
    // The same ceiling as an order placed to be paid on delivery: no way round it through Mobile Money.
    const ceiling = await cashCeiling(tx);
    if (Number(order.total) > ceiling) refuse(overCashCeiling(ceiling), 'BAD_REQUEST');
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
