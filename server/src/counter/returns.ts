import {
  AREAS,
  formatXOF,
  may,
  type OrderLine,
  refundMethods,
  refundOf,
  type ReturnInput,
  returnInputSchema,
  type ReturnLine,
  type Role,
  type RowOfResource,
  returns,
} from '@app/shared';
import { TRPCError } from '@trpc/server';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { getRecord } from '../crud/repository';
import { drawerFigures } from './cash-drawer';
import { giveCredit } from '../customers/credit';
import { recordEvent } from '../history/events';
import { type Moved, recordMovements } from '../inventory/ledger';
import { queueInvoice } from '../invoicing/invoices';
import { key, soldAndReturned } from '../orders/returned';
import { returnPoints } from '../customers/loyalty';

type Db = Kysely<Database>;
export type Return = RowOfResource<typeof returns>;

/**
 * Returns (issue 57): articles a customer brings back from an order or a counter sale, paid back
 * from the drawer, by a Mobile Money transfer or as the customer's credit, in one transaction with
 * the stock put back (ledger), the order's history and the credit note (FA) of exactly these lines.
 * The order's row is locked first: two phones returning the same line return it once.
 */

const refuse = (message: string, code: 'BAD_REQUEST' | 'CONFLICT' | 'FORBIDDEN' = 'BAD_REQUEST'): never => {
  throw new TRPCError({ code, message });
};

/** Whether an earlier return of the order gave its delivery back (it is given back once). */
const deliveryRefunded = async (db: Db, orderId: string) =>
  !!(await db
    .selectFrom('returns')
    .select('id')
    .where('sale', '=', orderId)
    .where('deliveryRefund', '>', 0 as never)
    .executeTakeFirst());

/** What may still be brought back of an order, for the return's screen. */
export async function returnable(db: Db, orderId: string) {
  const order = await db
    .selectFrom('orders')
    .select(['id', 'number', 'status', 'paymentStatus', 'items', 'deliveryCost', 'phone', 'channel'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw new TRPCError({ code: 'NOT_FOUND', message: 'Commande introuvable.' });
  const refunded = await deliveryRefunded(db, orderId);
  const settings = await db.selectFrom('settings').select('sellerRefundLimit').executeTakeFirst();
  // Paid through FedaPay: its API refunds nothing, its dashboard does (MTN only): the dialog says where.
  const fedapay = await db
    .selectFrom('onlinePayments')
    .select(['providerId', 'reference'])
    .where('orderId', '=', orderId)
    .where('status', '=', 'approved')
    .executeTakeFirst();
  return {
    number: order.number,
    status: order.status,
    paymentStatus: order.paymentStatus,
    phone: order.phone,
    channel: order.channel,
    deliveryCost: refunded ? 0 : Number(order.deliveryCost),
    lines: await soldAndReturned(db, order as { id: string; items: OrderLine[] }),
    sellerRefundLimit: Number(settings?.sellerRefundLimit ?? 0),
    fedapayTransaction: fedapay ? (fedapay.providerId ?? fedapay.reference) : null,
  };
}

/** The member making the return may give this much back (the managers any amount; a seller up to the owner's limit). */
async function mayRefund(tx: Db, member: { role?: Role | undefined }, amount: number) {
  if (member.role === undefined || may(member.role, AREAS.refunds)) return;
  const settings = await tx.selectFrom('settings').select('sellerRefundLimit').executeTakeFirst();
  const limit = Number(settings?.sellerRefundLimit ?? 0);
  if (!limit) refuse('Les vendeurs ne remboursent pas dans cette boutique : demandez au gérant ou à la patronne.', 'FORBIDDEN');
  if (amount > limit)
    refuse(
      `Un vendeur rembourse au plus ${formatXOF(limit)} : demandez au gérant ou à la patronne pour ${formatXOF(amount)}.`,
      'FORBIDDEN',
    );
}

/** The drawer's open day, locked until the refund is written (a closing waits for it), or a refusal. */
async function drawerFor(tx: Db, amount: number, cash: boolean) {
  const day = await tx.selectFrom('cashSessions').selectAll().where('closedAt', 'is', null).forUpdate().executeTakeFirst();
  if (!cash) return day?.id ?? null;
  if (!day) return refuse('La caisse est fermée : ouvrez la journée pour rembourser en espèces, ou remboursez autrement.');
  const { expectedCash } = await drawerFigures(tx, day as never);
  if (amount > expectedCash) refuse(`La caisse ne devrait contenir que ${formatXOF(expectedCash)} en espèces : remboursez autrement.`);
  return day.id;
}

/**
 * Makes a return, or finds the one this request already made (same key). Refuses, in French, more
 * than was sold less what came back already, a cancelled or unpaid order, a cash refund with the
 * drawer closed, a Mobile Money refund without its reference, a credit without the customer's phone.
 */
export async function makeReturn(
  db: Db,
  config: Config,
  raw: ReturnInput,
  member: { email: string; role?: Role | undefined },
): Promise<{ ret: Return; repeated: boolean }> {
  const input = returnInputSchema.parse(raw);
  return db.transaction().execute(async (tx) => {
    const known = await tx.selectFrom('returns').select('id').where('idempotencyKey', '=', input.idempotencyKey).executeTakeFirst();
    if (known) return { ret: (await getRecord(tx, returns, 'admin', known.id)) as Return, repeated: true };
    const order = await tx
      .selectFrom('orders')
      .select(['id', 'number', 'status', 'paymentStatus', 'items', 'deliveryCost', 'total', 'phone'])
      .where('id', '=', input.orderId)
      .forUpdate()
      .executeTakeFirst();
    if (!order) return refuse('Commande introuvable.');
    if (order.status === 'cancelled') refuse('Cette commande est annulée : il n’y a rien à retourner.', 'CONFLICT');
    if (order.paymentStatus !== 'paid')
      refuse(
        order.paymentStatus === 'pending'
          ? 'Cette commande n’est pas encore payée : modifiez-la ou annulez-la plutôt.'
          : 'Cette commande est déjà remboursée ou à rembourser en entier.',
        'CONFLICT',
      );
    const sold = await soldAndReturned(tx, order as { id: string; items: OrderLine[] });
    const lines: ReturnLine[] = [];
    for (const wanted of input.lines.filter((l) => l.quantity > 0)) {
      const line = sold.find((l) => key(l) === key(wanted));
      if (!line) return refuse('Un article de ce retour n’est pas dans la commande : rechargez la page.');
      if (wanted.quantity > line.left)
        refuse(`« ${line.name} » : ${line.sold} vendu(s), ${line.returned} déjà rendu(s) : ${line.left} au plus à retourner.`, 'CONFLICT');
      const refund = refundOf(line, wanted.quantity);
      lines.push({
        id: line.id,
        type: line.type,
        name: line.name,
        unitPrice: line.unitPrice,
        quantity: wanted.quantity,
        refund,
        state: wanted.state,
      });
    }
    if (!lines.length) refuse('Choisissez au moins un article à retourner.');
    const deliveryRefund = input.refundDelivery && !(await deliveryRefunded(tx, order.id)) ? Number(order.deliveryCost) : 0;
    const amount = lines.reduce((sum, l) => sum + l.refund, 0) + deliveryRefund;
    await mayRefund(tx, member, amount);
    if (input.refundMethod === 'mobile_money' && !input.reference)
      refuse('Donnez la référence du transfert Mobile Money que vous avez fait au client.');
    const cashSession = await drawerFor(tx, amount, input.refundMethod === 'cash');

    const { n } = await tx
      .selectFrom('returns')
      .select(sql<string>`count(*)`.as('n'))
      .where('sale', '=', order.id)
      .executeTakeFirstOrThrow();
    const row = await tx
      .insertInto('returns')
      .values({
        number: `${order.number}-R${Number(n) + 1}`,
        sale: order.id,
        lines: sql<ReturnLine[]>`${JSON.stringify(lines)}::jsonb`,
        reason: input.reason,
        note: input.note || null,
        refundMethod: input.refundMethod,
        amount,
        deliveryRefund,
        reference: input.refundMethod === 'mobile_money' ? input.reference! : null,
        phone: order.phone,
        cashSession,
        actor: member.email,
        idempotencyKey: input.idempotencyKey,
      } as never)
      .returning(['id', 'number'])
      .executeTakeFirstOrThrow();
    // The customer's request this return answers (orders/return-requests.ts) is closed with it.
    if (input.requestId) {
      const closed = await tx
        .updateTable('returnRequests')
        .set({ status: 'done', returnRef: row.id, updatedAt: sql`now()` })
        .where('id', '=', input.requestId)
        .where('sale', '=', order.id)
        .where('status', 'in', ['pending', 'accepted'])
        .returning('id')
        .executeTakeFirst();
      if (!closed) refuse('Cette demande de retour est déjà close ou n’est pas de cette commande : rechargez la page.', 'CONFLICT');
    }
    // Credit on the customer's phone, or for one who gave none on the return's number (a voucher).
    if (input.refundMethod === 'store_credit')
      await giveCredit(
        tx,
        order.phone ? { phone: order.phone } : { voucher: row.number },
        amount,
        { returnId: row.id, orderId: order.id },
        member.email,
      );

    // Back on the shelf: the stock of tracked products, each a movement of the ledger.
    const moved: Moved[] = [];
    for (const line of lines.filter((l) => l.type === 'product' && l.state === 'restocked')) {
      const back = await tx
        .updateTable('products')
        .set({ stock: sql`stock + ${line.quantity}`, updatedAt: sql`now()` })
        .where('id', '=', line.id)
        .where('stock', 'is not', null)
        .returning('stock')
        .executeTakeFirst();
      if (back) moved.push({ product: line.id, name: line.name, quantity: line.quantity, stockAfter: back.stock });
    }
    await recordMovements(tx, { kind: 'return', actor: member.email, orderNumber: order.number, note: row.number }, moved);

    // The points the order earned go back in proportion to the goods returned (customers/loyalty.ts).
    await returnPoints(tx, order, { id: row.id, goods: amount - deliveryRefund }, member.email);
    const what = lines.map((l) => `${l.quantity} × ${l.name}`).join(', ');
    await recordEvent(tx, order.id, {
      actor: member.email,
      kind: 'return',
      toValue: row.number,
      note: `${what}${deliveryRefund ? ' et la livraison' : ''} : ${formatXOF(amount)} remboursés (${refundMethods[input.refundMethod].toLowerCase()})${input.note ? `. ${input.note}` : ''}`,
    });
    // The credit note of exactly these lines, citing the sale's invoice (none if it was never normalized).
    await queueInvoice(tx, config, order, 'FA', row.id);
    return { ret: (await getRecord(tx, returns, 'admin', row.id)) as Return, repeated: false };
  });
}
