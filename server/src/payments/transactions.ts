import { adminPath, formatXOF, ONLINE_PAYMENT_METHOD, orders, trackingPath, firstName } from '@app/shared';
import { sql } from 'kysely';
import type { Config } from '../config';
import { queueInvoice } from '../invoicing/invoices';
import { recordEvent } from '../orders/lifecycle';
import { alertOwner } from '../alerts/owner';
import { tellCustomer } from '../whatsapp/messages';
import { type Attempt, CHECK_INTERVAL_SECONDS, type Db, ORDER_COLUMNS, type PayableOrder, payable } from './payable';
import type { PaymentProvider, ProviderTransaction } from './provider';

// What the provider says of a transaction, applied once to the attempt and the order, and told to the owner.

/**
 * Asks the provider about a pending transaction and applies what it says. Without `force`, one
 * server asks at most every few seconds, however many pages poll.
 */
export async function refreshAttempt(
  db: Db,
  config: Config,
  provider: PaymentProvider,
  attempt: Attempt,
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
  if (transaction) await applyTransaction(db, config, transaction, 'FedaPay');
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
 * we opened never marks the order paid: it is recorded for the owner, and the owner alerted (in
 * the same transaction).
 */
export async function applyTransaction(db: Db, config: Config, transaction: ProviderTransaction, actor: string): Promise<Applied> {
  return db.transaction().execute(async (tx) => {
    const applied = await applyLocked(tx, transaction, actor);
    await alertPayment(tx, config, applied);
    if (applied.kind === 'paid') {
      await queueInvoice(tx, config, { id: applied.orderId, number: applied.number }, 'FV');
      await paymentReceived(tx, config, applied.orderId, transaction.amount);
    }
    if (applied.kind === 'refunded') await queueInvoice(tx, config, { id: applied.orderId, number: applied.number }, 'FA');
    return applied;
  });
}

async function applyLocked(tx: Db, transaction: ProviderTransaction, actor: string): Promise<Applied> {
  {
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
        .set({ status, detail, reference: transaction.reference, fees: transaction.fees, updatedAt: sql`now()` })
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
  }
}

/** The customer hears that their Mobile Money payment arrived (WhatsApp, or e-mail). */
async function paymentReceived(tx: Db, config: Config, orderId: string, amount: number) {
  const order = await tx
    .selectFrom('orders')
    .select(['id', 'number', 'customerName', 'phone', 'email', 'trackingToken'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const tracking = `${config.publicUrl}${trackingPath(order.trackingToken)}`;
  await tellCustomer(
    tx,
    config,
    { phone: order.phone, email: order.email, orderId },
    { template: 'paiement_recu', values: [firstName(order.customerName), formatXOF(amount), order.number, tracking] },
    {
      subject: `Paiement reçu pour votre commande ${order.number}`,
      text: `Bonjour ${order.customerName}, nous avons bien reçu votre paiement de ${formatXOF(amount)} pour la commande ${order.number}. Merci !\nSuivi : ${tracking}`,
    },
  );
}

/** The owner hears of every payment, and above all of what needs a look (mismatch, double payment). */
async function alertPayment(tx: Db, config: Config, applied: Applied) {
  if (applied.kind === 'unknown' || applied.kind === 'unchanged' || applied.kind === 'canceled') return;
  const subjects = {
    paid: `Paiement reçu pour la commande ${applied.number}`,
    'paid-twice': `À vérifier : commande ${applied.number} payée deux fois`,
    'paid-cancelled': `À rembourser : paiement reçu pour la commande annulée ${applied.number}`,
    mismatch: `À vérifier : paiement incohérent pour la commande ${applied.number}`,
    declined: `Paiement refusé pour la commande ${applied.number}`,
    refunded: `Paiement remboursé pour la commande ${applied.number}`,
  } as const;
  await alertOwner(tx, config, {
    kind: 'payment',
    subject: subjects[applied.kind],
    lines: [`Commande ${applied.number}`, applied.detail],
    adminPath: adminPath(orders, applied.orderId),
  });
}
