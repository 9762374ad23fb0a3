import type { OrderLine } from '@app/shared';
import { TRPCError } from '@trpc/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/**
 * Loyalty points (issue 59), one ledger by the customer's phone (`loyalty_points_ledger`), shared
 * by the web shop and the counter. The owner sets a rate (points per 1,000 F) and a point's value
 * in Paramètres; a rate of 0 is no programme.
 * - An order earns `rate` points per whole 1,000 F of what its goods were paid (delivery left out,
 *   discounts and points spent taken off) once it is paid and delivered: a counter sale at once.
 * - Points spent on an order are a discount of whole francs, shared over its lines like a promo
 *   code's, never more than what is left to pay for the goods; checked under the phone's lock, so
 *   two phones spending the same points spend them once.
 * - An order undone (cancelled, refunded) gives back what it spent and takes back what it earned;
 *   a return takes back its share of what its order earned. A balance may fall below zero when
 *   the points were spent meanwhile: later purchases fill it again.
 */

const refuse = (message: string): never => {
  throw new TRPCError({ code: 'BAD_REQUEST', message });
};

export async function loyaltyRules(db: Db) {
  const row = await db.selectFrom('settings').select(['loyaltyRate', 'loyaltyValue']).executeTakeFirst();
  return { rate: Number(row?.loyaltyRate ?? 0), value: Number(row?.loyaltyValue ?? 0) };
}

export async function pointsBalance(db: Db, phone: string) {
  const row = await db
    .selectFrom('loyaltyPointsLedger')
    .select(sql<string>`coalesce(sum(points), 0)`.as('n'))
    .where('phone', '=', phone)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The balance and its last movements, each with the order or return it came from. */
export async function pointsAccount(db: Db, phone: string) {
  const [rules, balance, history] = await Promise.all([
    loyaltyRules(db),
    pointsBalance(db, phone),
    db
      .selectFrom('loyaltyPointsLedger as l')
      .leftJoin('orders as o', 'o.id', 'l.orderId')
      .leftJoin('returns as r', 'r.id', 'l.returnId')
      .select(['l.createdAt', 'l.points', 'l.kind', 'o.number as orderNumber', 'r.number as returnNumber'])
      .where('l.phone', '=', phone)
      .orderBy('l.createdAt', 'desc')
      .orderBy('l.id', 'desc')
      .limit(50)
      .execute(),
  ]);
  return { on: rules.rate > 0 && rules.value > 0, rate: rules.rate, value: rules.value, balance, history };
}

/** What an order's goods were paid, on which points are earned and taken back. */
const goodsPaid = (order: { total: number | string; deliveryCost: number | string }) =>
  Math.max(0, Number(order.total) - Number(order.deliveryCost));

/**
 * Points spent on a new order by the phone `spender` (a customer signed in to Mon espace, or the
 * counter's customer): at most the balance, and no more than `cap` francs of discount. Run inside
 * the order's transaction; the phone's lock is held until it ends.
 */
export async function spendPoints(tx: Db, spender: string, wanted: number, cap: number) {
  const rules = await loyaltyRules(tx);
  if (!rules.rate || !rules.value) refuse('Le programme de fidélité n’est pas ouvert dans cette boutique.');
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`loyalty:${spender}`}))`.execute(tx);
  const balance = await pointsBalance(tx, spender);
  if (wanted > balance) refuse(`Vous avez ${Math.max(0, balance)} point(s) : vous ne pouvez pas en utiliser ${wanted}.`);
  const points = Math.min(wanted, Math.floor(cap / rules.value));
  return { points, discount: points * rules.value };
}

/** Lines with `amount` more francs of discount, shared in proportion to what each still costs, whole francs adding up. */
export function addDiscount(lines: OrderLine[], amount: number): OrderLine[] {
  const left = lines.map((l) => l.unitPrice * l.quantity - (l.discount ?? 0));
  const base = left.reduce((a, b) => a + b, 0);
  if (amount <= 0 || base <= 0) return lines;
  const parts = left.map((value) => Math.floor((amount * value) / base));
  let rest = amount - parts.reduce((a, b) => a + b, 0);
  for (const i of left.map((_, i) => i).sort((a, b) => left[b]! - left[a]!)) {
    const more = Math.min(rest, Math.floor(left[i]! - parts[i]!));
    parts[i]! += more;
    rest -= more;
    if (rest <= 0) break;
  }
  return lines.map((line, i) => (parts[i] ? { ...line, discount: (line.discount ?? 0) + parts[i]! } : line));
}

/**
 * Brings an order's own rows of the ledger (spent, earned; not its returns') to what it stands for
 * now: spent while it stands, earned once paid and delivered (at the rate of that moment), neither
 * once cancelled or refunded. Run in the transaction of each change of the order (its row locked).
 */
export async function settleOrderPoints(tx: Db, orderId: string, actor: string) {
  const order = await tx
    .selectFrom('orders')
    .select(['id', 'phone', 'status', 'paymentStatus', 'total', 'deliveryCost', 'loyaltyPoints'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order?.phone) return;
  const rows = await tx
    .selectFrom('loyaltyPointsLedger')
    .select(['kind', sql<string>`sum(points)`.as('points')])
    .where('orderId', '=', order.id)
    .where('kind', 'in', ['earn', 'spend'])
    .groupBy('kind')
    .execute();
  const now = (kind: string) => Number(rows.find((r) => r.kind === kind)?.points ?? 0);
  const standing = order.status !== 'cancelled' && order.paymentStatus !== 'refunded' && order.paymentStatus !== 'to_refund';
  const spent = standing ? -(order.loyaltyPoints ?? 0) : 0;
  let earned = 0;
  if (standing && order.status === 'delivered' && order.paymentStatus === 'paid') {
    const { rate } = await loyaltyRules(tx);
    earned = now('earn') > 0 ? now('earn') : Math.floor(goodsPaid(order) / 1000) * rate;
  }
  const moves = [
    { kind: 'spend' as const, points: spent - now('spend') },
    { kind: 'earn' as const, points: earned - now('earn') },
  ].filter((m) => m.points !== 0);
  if (moves.length)
    await tx
      .insertInto('loyaltyPointsLedger')
      .values(moves.map((m) => ({ phone: order.phone!, orderId: order.id, actor, ...m })))
      .execute();
}

/** A return takes back its share of the points its order earned (never more than what is left of them). */
export async function returnPoints(
  tx: Db,
  order: { id: string; phone: string | null; total: number | string; deliveryCost: number | string },
  ret: { id: string; goods: number },
  actor: string,
) {
  if (!order.phone) return;
  const rows = await tx
    .selectFrom('loyaltyPointsLedger')
    .select(['kind', sql<string>`sum(points)`.as('points')])
    .where('orderId', '=', order.id)
    .where('kind', 'in', ['earn', 'return'])
    .groupBy('kind')
    .execute();
  const earned = Number(rows.find((r) => r.kind === 'earn')?.points ?? 0);
  const taken = -Number(rows.find((r) => r.kind === 'return')?.points ?? 0);
  const basis = goodsPaid(order);
  if (earned <= 0 || basis <= 0) return;
  const back = Math.min(earned - taken, Math.round((earned * ret.goods) / basis));
  if (back > 0)
    await tx
      .insertInto('loyaltyPointsLedger')
      .values({ phone: order.phone, points: -back, kind: 'return', orderId: order.id, returnId: ret.id, actor })
      .execute();
}
