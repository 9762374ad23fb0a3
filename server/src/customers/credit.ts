import { formatXOF } from '@app/shared';
import { parsePhone } from '@app/shared/phone';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/**
 * A customer's credit (« avoir », issue 57): what returns gave back as credit, less what sales spent
 * of it, a ledger (`store_credits`) by the customer's phone, or for a customer who gave none by the
 * return's number, which they keep as a voucher. Spending locks the owner's ledger for the
 * transaction: two phones spending the same credit at once spend it once.
 */

export type CreditOwner = { phone: string } | { voucher: string };

/** Whose credit a word names: a phone typed any way (+229…, 01 97…), else a return's number. */
export function creditOwner(from: string): CreditOwner {
  const phone = parsePhone(from);
  return phone ? { phone: phone.e164 } : { voucher: from.trim().toUpperCase() };
}

const mine = (owner: CreditOwner) => ('phone' in owner ? sql`phone = ${owner.phone}` : sql`voucher = ${owner.voucher}`);

/** The credit left to this phone or voucher (0 when none). */
export async function creditBalance(db: Db, from: string) {
  const owner = creditOwner(from);
  const { rows } = await sql<{
    balance: string;
  }>`SELECT coalesce(sum(amount), 0) AS balance FROM store_credits WHERE ${mine(owner)}`.execute(db);
  return { owner, balance: Number(rows[0]?.balance ?? 0) };
}

/** Gives credit (a return paid back as « avoir »). */
export async function giveCredit(tx: Db, owner: CreditOwner, amount: number, ids: { returnId: string; orderId: string }, actor: string) {
  await tx
    .insertInto('storeCredits')
    .values({ phone: 'phone' in owner ? owner.phone : null, voucher: 'voucher' in owner ? owner.voucher : null, amount, ...ids, actor })
    .execute();
}

/**
 * Holds a customer's credit for a sale (its owner's ledger locked until the transaction ends: two
 * phones spending it at once spend it once): null when `amount` is there, else why not, in French.
 */
export async function holdCredit(tx: Db, from: string, amount: number): Promise<string | null> {
  const owner = creditOwner(from);
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`credit:${'phone' in owner ? owner.phone : owner.voucher}`}))`.execute(tx);
  const { balance } = await creditBalance(tx, from);
  if (balance >= amount) return null;
  return balance
    ? `Avoir insuffisant : ${formatXOF(balance)} disponible(s) pour « ${from} ».`
    : `Aucun avoir pour « ${from} » : vérifiez le téléphone ou le numéro du retour.`;
}

/** Spends `amount` of a credit held for this sale (holdCredit first). */
export async function spendCredit(tx: Db, from: string, amount: number, orderId: string, actor: string) {
  const owner = creditOwner(from);
  await tx
    .insertInto('storeCredits')
    .values({
      phone: 'phone' in owner ? owner.phone : null,
      voucher: 'voucher' in owner ? owner.voucher : null,
      amount: -amount,
      orderId,
      actor,
    })
    .execute();
}

/**
 * An order undone (cancelled, refunded) gives back the credit it spent, once; a return's own rows
 * are not its spending. A reopened order does not spend it again: the customer keeps it.
 */
export async function releaseOrderCredit(tx: Db, orderId: string, actor: string) {
  const order = await tx.selectFrom('orders').select(['status', 'paymentStatus']).where('id', '=', orderId).executeTakeFirst();
  if (!order || (order.status !== 'cancelled' && order.paymentStatus !== 'refunded' && order.paymentStatus !== 'to_refund')) return;
  const rows = await tx
    .selectFrom('storeCredits')
    .select(['phone', 'voucher', sql<string>`sum(amount)`.as('spent')])
    .where('orderId', '=', orderId)
    .where('returnId', 'is', null)
    .groupBy(['phone', 'voucher'])
    .execute();
  for (const row of rows.filter((r) => Number(r.spent) < 0))
    await tx
      .insertInto('storeCredits')
      .values({ phone: row.phone, voucher: row.voucher, amount: -Number(row.spent), orderId, actor })
      .execute();
}
