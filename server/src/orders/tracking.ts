import type { orderEventKinds, orders, RowOf } from '@app/shared';
import { parsePhone } from '@app/shared/phone';
import { TRPCError } from '@trpc/server';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';

export const trackInput = z.union([
  z.object({ token: z.string().regex(/^[0-9a-f]{64}$/, 'Lien de suivi invalide.') }),
  z.object({
    number: z
      .string()
      .trim()
      .toUpperCase()
      .max(20)
      .regex(/^CMD-\d{6,}$/, 'Numéro de commande attendu (ex. : CMD-000123).'),
    phone: z.string().trim().max(30),
  }),
]);

type OrderRow = RowOf<typeof orders.fields>;
const VISIBLE = [
  'number',
  'status',
  'paymentStatus',
  'paymentMethod',
  'paymentReference',
  'items',
  'delivery',
  'subtotal',
  'deliveryCost',
  'total',
  'createdAt',
  'customerName',
  'city',
  'trackingToken',
] as const;
export type TrackedOrder = Pick<OrderRow, (typeof VISIBLE)[number]> & {
  timeline: { createdAt: string; kind: keyof typeof orderEventKinds; toValue: string | null }[];
  /** The normalized invoices the DGI issued for it (sale, credit note). */
  invoices: { type: 'FV' | 'FA'; codeMecef: string }[];
};

const NOT_FOUND = 'Commande introuvable : vérifiez le numéro de commande et le téléphone.';

/**
 * What the customer may see of an order: lines, totals, status and its timeline (no internal
 * notes, no admin names). A wrong number, a wrong phone or an unknown token get the same answer.
 */
export async function findTrackedOrder(db: Kysely<Database>, input: z.infer<typeof trackInput>): Promise<TrackedOrder> {
  let query = db.selectFrom('orders').select(['id', ...VISIBLE]);
  if ('token' in input) query = query.where('trackingToken', '=', input.token);
  else {
    const phone = parsePhone(input.phone);
    if (!phone) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
    query = query.where('number', '=', input.number).where('phone', '=', phone.e164);
  }
  const order = await query.executeTakeFirst();
  if (!order) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  const timeline = await db
    .selectFrom('orderEvents')
    .select(['createdAt', 'kind', 'toValue'])
    .where('orderId', '=', order.id)
    .where('kind', 'in', ['created', 'status', 'payment', 'online_payment'])
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  const invoices = await db
    .selectFrom('invoices')
    .select(['type', 'codeMecef'])
    .where('orderId', '=', order.id)
    .where('status', '=', 'confirmed')
    .orderBy('createdAt')
    .execute();
  const { id: _id, ...visible } = order;
  return { ...visible, timeline, invoices: invoices as TrackedOrder['invoices'] };
}
