import { adminPath, amountDue, formatXOF, orders, type Role } from '@app/shared';
import { alertOwner } from '../alerts/owner';
import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import { round2 } from '../orders/place-order';
import { changePayment, recordEvent, transitionOrder } from '../orders/lifecycle';

/**
 * The courier's round: orders given to a courier (`deliveries`), delivered and collected by him,
 * and the cash he brings back counted against what he collected (`courier_handovers`).
 */

interface Caller {
  id: string;
  email: string;
  role: Role;
}

/** The round's screen in the admin (admin/src/layout/pages.ts). */
export const ROUND_PATH = '/admin/tournee';

export const OTHER_COURIER = 'Cette livraison n’est pas dans votre tournée : vous ne pouvez ni la voir ni la modifier.';

/** Gives an order to a courier (or to nobody). Only an order with something to deliver, not yet delivered. */
export async function assignCourier(db: DB, config: Config, orderId: string, courierId: string | null, by: string) {
  return db.transaction().execute(async (tx) => {
    const order = await tx
      .selectFrom('orders')
      .select(['id', 'number', 'status', 'address', 'city', 'channel', 'customerName', 'total', 'creditAmount', 'paymentStatus'])
      .where('id', '=', orderId)
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw new TRPCError({ code: 'NOT_FOUND', message: 'Commande introuvable.' });
    if (order.channel === 'counter' || !order.address)
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'Cette commande n’a rien à livrer.' });
    if (order.status === 'delivered' || order.status === 'cancelled')
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'Cette commande est déjà livrée ou annulée.' });
    if (courierId === null) {
      await tx.deleteFrom('deliveries').where('orderId', '=', orderId).execute();
      return { courierId: null };
    }
    const courier = await tx.selectFrom('admins').select('id').where('id', '=', courierId).where('role', '=', 'courier').executeTakeFirst();
    if (!courier) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Cette personne n’est pas livreur dans l’équipe.' });
    await tx
      .insertInto('deliveries')
      .values({ orderId, courierId, assignedBy: by })
      .onConflict((oc) => oc.column('orderId').doUpdateSet({ courierId, assignedBy: by, assignedAt: sql<string>`now()` }))
      .execute();
    // His phone rings: where to go and what to collect.
    const toCollect = order.paymentStatus === 'pending' ? `À encaisser : ${formatXOF(amountDue(order))}` : 'Déjà payée';
    await alertOwner(tx, config, {
      kind: 'delivery',
      to: courierId,
      subject: `Nouvelle livraison : ${order.number}`,
      lines: [`${order.customerName} · ${[order.address, order.city].filter(Boolean).join(', ')}`, toCollect],
      adminPath: ROUND_PATH,
      push: { tag: `livraison-${order.number}` },
    });
    return { courierId };
  });
}

/** Whose round: a courier's own; a manager may look at any courier's (all when none is named). */
const courierOf = (caller: Caller, courierId: string | undefined) => (caller.role === 'courier' ? caller.id : courierId);

/**
 * Today's round: what is still to deliver, and what was delivered today (Benin's day), with the
 * amount to collect on each, and the cash collected and not yet handed over.
 */
export async function todaysRound(db: DB, caller: Caller, courierId?: string) {
  const who = courierOf(caller, courierId);
  let query = db
    .selectFrom('deliveries')
    .innerJoin('orders', 'orders.id', 'deliveries.orderId')
    .leftJoin('admins', 'admins.id', 'deliveries.courierId')
    .select([
      'orders.id',
      'orders.number',
      'orders.customerName',
      'orders.phone',
      'orders.city',
      'orders.address',
      'orders.note',
      'orders.items',
      'orders.total',
      'orders.creditAmount',
      'orders.status',
      'orders.paymentStatus',
      'orders.paymentMethod',
      'deliveries.courierId',
      'admins.displayName as courierName',
      'deliveries.deliveredAt',
      'deliveries.collectedAt',
      'deliveries.collectedAmount',
      'deliveries.collectedMethod',
      'deliveries.collectedReference',
    ])
    .where((eb) =>
      eb.or([
        eb('deliveries.deliveredAt', 'is', null),
        eb(sql`(deliveries.delivered_at AT TIME ZONE 'Africa/Porto-Novo')::date`, '=', sql`(now() AT TIME ZONE 'Africa/Porto-Novo')::date`),
        eb.and([eb('deliveries.collectedMethod', '=', 'cash'), eb('deliveries.handoverId', 'is', null)]),
      ]),
    )
    .where('orders.status', '!=', 'cancelled')
    .orderBy('deliveries.deliveredAt', (ob) => ob.asc().nullsFirst())
    .orderBy('deliveries.assignedAt');
  if (who) query = query.where('deliveries.courierId', '=', who);
  const stops = (await query.execute()).map((s) => ({
    ...s,
    total: Number(s.total),
    collectedAmount: s.collectedAmount === null ? null : Number(s.collectedAmount),
    // What the courier takes: the total less the part the customer's credit paid.
    toCollect: s.paymentStatus === 'paid' || s.paymentStatus === 'refunded' ? 0 : amountDue(s),
  }));
  return { stops, cashToHandOver: who ? await cashToHandOver(db, who) : null };
}

/** The cash a courier collected and has not handed over yet. */
export async function cashToHandOver(db: DB, courierId: string) {
  const row = await db
    .selectFrom('deliveries')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<string>('collectedAmount'), sql<string>`0`).as('total'),
      eb.fn.countAll<string>().as('count'),
    ])
    .where('courierId', '=', courierId)
    .where('collectedMethod', '=', 'cash')
    .where('handoverId', 'is', null)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), count: Number(row.count) };
}

/**
 * This order's delivery. A courier reaches only his own: the procedures declare it (`meta.own` in
 * server/src/routers/rounds.router.ts), and the policy refuses another's before this runs.
 */
async function ownDelivery(db: DB, orderId: string) {
  const delivery = await db
    .selectFrom('deliveries')
    .select(['courierId', 'deliveredAt', 'collectedAt'])
    .where('orderId', '=', orderId)
    .executeTakeFirst();
  if (!delivery) throw new TRPCError({ code: 'NOT_FOUND', message: 'Cette commande n’est dans la tournée de personne.' });
  return delivery;
}

/** The order process up to the customer's door. */
const ROAD = ['new', 'confirmed', 'shipped', 'delivered'] as const;

/** "Livrée": the order walks the process up to delivered (confirmed and shipped on the way). */
export async function markDelivered(db: DB, config: Config, caller: Caller, orderId: string) {
  await ownDelivery(db, orderId);
  const { status } = await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
  if (status === 'cancelled') throw new TRPCError({ code: 'CONFLICT', message: 'Cette commande a été annulée : ne la livrez pas.' });
  for (const to of ROAD.slice(ROAD.indexOf(status) + 1)) {
    await transitionOrder(db, config, {
      id: orderId,
      to,
      actor: caller.email,
      note: to === 'delivered' ? 'Livrée par le livreur' : undefined,
      quiet: to !== 'delivered',
    });
  }
  await db
    .updateTable('deliveries')
    .set({ deliveredAt: sql<string>`now()` })
    .where('orderId', '=', orderId)
    .where('deliveredAt', 'is', null)
    .execute();
  return { status: 'delivered' as const };
}

/**
 * "Encaissé": in cash (paid now; his to hand over) or by Mobile Money. A courier's word on a Mobile
 * Money transfer is not the shop's phone: the order stays « à encaisser » until a manager, who sees
 * the shop's Mobile Money account, marks it paid (the managers are alerted). Once per delivery: two
 * taps at once (cash, then Mobile Money) record the first and refuse the second.
 */
export async function markCollected(
  db: DB,
  config: Config,
  caller: Caller,
  input: { id: string; method: 'cash' | 'mobile_money'; reference?: string | undefined },
) {
  await ownDelivery(db, input.id);
  const reference = input.method === 'cash' ? undefined : input.reference;
  return db.transaction().execute(async (tx) => {
    const order = await tx
      .selectFrom('orders')
      .select(['number', 'total', 'creditAmount', 'paymentStatus'])
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (order.paymentStatus !== 'pending')
      throw new TRPCError({ code: 'CONFLICT', message: 'Cette commande est déjà payée : rien à encaisser.' });
    const claimed = await tx
      .updateTable('deliveries')
      .set({
        collectedAt: sql<string>`now()`,
        collectedAmount: String(round2(amountDue(order))),
        collectedMethod: input.method,
        collectedReference: reference ?? null,
      })
      .where('orderId', '=', input.id)
      .where('collectedAt', 'is', null)
      .returning('orderId')
      .executeTakeFirst();
    if (!claimed) throw new TRPCError({ code: 'CONFLICT', message: 'Cette commande est déjà encaissée.' });
    if (input.method === 'cash' || caller.role !== 'courier') {
      await changePayment(tx, config, {
        id: input.id,
        to: 'paid',
        reference,
        actor: caller.email,
        role: caller.role,
        note: `Encaissée par le livreur (${input.method === 'cash' ? 'espèces' : 'Mobile Money'})`,
      });
      return { paymentStatus: 'paid' as const };
    }
    const amount = formatXOF(amountDue(order));
    await recordEvent(tx, input.id, {
      actor: caller.email,
      kind: 'note',
      note: `Mobile Money déclaré par le livreur : ${amount}, référence ${reference}. À confirmer sur le téléphone de la boutique, puis « Marquer Payée ».`,
    });
    await alertOwner(tx, config, {
      kind: 'payment',
      subject: `Mobile Money à vérifier : ${order.number}`,
      lines: [
        `Le livreur ${caller.email} déclare ${amount} reçus par Mobile Money (référence ${reference}) pour ${order.number}.`,
        'Vérifiez la transaction sur le téléphone de la boutique, puis marquez la commande payée.',
      ],
      adminPath: adminPath(orders, input.id),
    });
    return { paymentStatus: 'pending' as const };
  });
}

/** The cash a courier hands to the owner at the end of the day, counted against what he collected. */
export async function recordHandover(db: DB, input: { courierId: string; received: number; note?: string | undefined }, by: string) {
  return db.transaction().execute(async (tx) => {
    const courier = await tx
      .selectFrom('admins')
      .select(['id', 'displayName'])
      .where('id', '=', input.courierId)
      .forUpdate()
      .executeTakeFirst();
    if (!courier) throw new TRPCError({ code: 'NOT_FOUND', message: 'Ce livreur ne fait plus partie de l’équipe.' });
    const due = await cashToHandOver(tx, courier.id);
    const handover = await tx
      .insertInto('courierHandovers')
      .values({
        courierId: courier.id,
        courierName: courier.displayName,
        expected: String(due.total),
        received: String(input.received),
        difference: String(round2(input.received - due.total)),
        receivedBy: by,
        note: input.note || null,
      })
      .returning(['id', 'expected', 'received', 'difference', 'createdAt'])
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('deliveries')
      .set({ handoverId: handover.id })
      .where('courierId', '=', courier.id)
      .where('collectedMethod', '=', 'cash')
      .where('handoverId', 'is', null)
      .execute();
    return {
      ...handover,
      expected: Number(handover.expected),
      received: Number(handover.received),
      difference: Number(handover.difference),
    };
  });
}

/** The latest cash handovers (a courier's, or everyone's): what was expected, received, the difference. */
export async function recentHandovers(db: DB, courierId?: string) {
  let query = db
    .selectFrom('courierHandovers')
    .select(['id', 'courierName', 'expected', 'received', 'difference', 'receivedBy', 'note', 'createdAt'])
    .orderBy('createdAt', 'desc')
    .limit(30);
  if (courierId) query = query.where('courierId', '=', courierId);
  return (await query.execute()).map((h) => ({
    ...h,
    expected: Number(h.expected),
    received: Number(h.received),
    difference: Number(h.difference),
  }));
}
