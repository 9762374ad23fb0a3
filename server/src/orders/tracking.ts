import type { OrderLine, orderEventKinds, orders, refundMethods, RowOf } from '@app/shared';
import { ORDER_NUMBER_HINT, normalizeOrderNumber, normalizeTrackingCode, TRACKING_CODE_HINT } from '@app/shared/format';
import { parsePhone, phoneError } from '@app/shared/phone';
import { TRPCError } from '@trpc/server';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';
import { sessionLinksOf } from '../sessions/reminders';
import { requestsOf, returnOffer } from './return-requests';

/**
 * The private link's token, or the order number (typed any reasonable way) with the phone given at
 * checkout and the order's tracking code (shared `trackingCode`). One object rather than a union, so a mistake comes back on its field, in French.
 */
export const trackInput = z
  .object({
    token: z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'Lien de suivi invalide.')
      .optional(),
    number: z
      .string()
      .max(30)
      .transform((value, ctx) => normalizeOrderNumber(value) ?? (ctx.addIssue({ code: 'custom', message: ORDER_NUMBER_HINT }), z.NEVER))
      .optional(),
    phone: z
      .string()
      .trim()
      .max(30)
      .superRefine((value, ctx) => {
        const message = phoneError(value);
        if (message) ctx.addIssue({ code: 'custom', message });
      })
      .optional(),
    code: z
      .string()
      .max(30)
      .transform((value, ctx) => normalizeTrackingCode(value) ?? (ctx.addIssue({ code: 'custom', message: TRACKING_CODE_HINT }), z.NEVER))
      .optional(),
  })
  .superRefine((input, ctx) => {
    if (input.token) return;
    if (input.number === undefined) ctx.addIssue({ code: 'custom', path: ['number'], message: ORDER_NUMBER_HINT });
    if (input.phone === undefined) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'Indiquez le téléphone donné à la commande.' });
    if (input.code === undefined) ctx.addIssue({ code: 'custom', path: ['code'], message: TRACKING_CODE_HINT });
  });

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
  'promoCode',
  'promoLabel',
  'discount',
  'loyaltyPoints',
  'deliveryCost',
  'total',
  'createdAt',
  'customerName',
  'city',
  'trackingToken',
  // A counter sale's ticket: where it was sold, the cash part and the notes handed over, the credit used, the buyer's IFU.
  'channel',
  'cashAmount',
  'cashGiven',
  'creditAmount',
  'buyerIfu',
] as const;
export type TrackedOrder = Pick<OrderRow, (typeof VISIBLE)[number]> & {
  timeline: { createdAt: string; kind: keyof typeof orderEventKinds; toValue: string | null }[];
  /** The normalized invoices the DGI issued for it (sale, credit note). */
  invoices: { type: 'FV' | 'FA'; codeMecef: string }[];
  /** Each online training session it booked, with its link once the order is paid or confirmed (null before). */
  sessionLinks: { name: string; link: string | null }[];
  /** What was brought back and paid back, each with its credit note (/suivi/<token>/avoir-R<n>.pdf). */
  returns: {
    number: string;
    createdAt: string;
    amount: number;
    refundMethod: keyof typeof refundMethods;
    lines: { name: string; quantity: number }[];
  }[];
  /** The customer's return requests, newest first, and what may still be asked back (null: nothing, or not now). */
  returnRequests: Awaited<ReturnType<typeof requestsOf>>;
  returnOffer: Awaited<ReturnType<typeof returnOffer>>;
};

const NOT_FOUND = 'Commande introuvable : vérifiez le numéro de commande, le téléphone et le code de suivi.';

/**
 * What the customer may see of an order: lines, totals, status and its timeline (no internal
 * notes, no admin names). A wrong number, phone or code, or an unknown token, get the same answer.
 */
export async function findTrackedOrder(db: Kysely<Database>, input: z.infer<typeof trackInput>): Promise<TrackedOrder> {
  let query = db.selectFrom('orders').select(['id', ...VISIBLE]);
  if (input.token) query = query.where('trackingToken', '=', input.token);
  else {
    const phone = parsePhone(input.phone ?? '');
    if (!phone) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
    query = query
      .where('number', '=', input.number ?? '')
      .where('phone', '=', phone.e164)
      .where(sql<string>`upper(left(tracking_token, 6))`, '=', input.code ?? '');
  }
  const order = await query.executeTakeFirst();
  if (!order) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  // At once: on the embedded database they then wait behind another request's statement once, not
  // once each (a letter being queued, bench/scale.ts).
  const [timeline, invoices, sessionLinks, returns, returnRequests, offer] = await Promise.all([
    db
      .selectFrom('orderEvents')
      .select(['createdAt', 'kind', 'toValue'])
      .where('orderId', '=', order.id)
      .where('kind', 'in', ['created', 'status', 'payment', 'online_payment'])
      .orderBy('createdAt')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('invoices')
      .select(['type', 'codeMecef'])
      .where('orderId', '=', order.id)
      .where('status', '=', 'confirmed')
      // A return's own credit note is shown with its return (avoir-R<n>.pdf), not as the order's.
      .where('returnId', 'is', null)
      .orderBy('createdAt')
      .execute(),
    sessionLinksOf(db, order),
    db
      .selectFrom('returns')
      .select(['number', 'createdAt', 'amount', 'refundMethod', 'lines'])
      .where('sale', '=', order.id)
      .orderBy('createdAt')
      .execute(),
    requestsOf(db, order.id),
    returnOffer(db, { ...order, items: order.items as OrderLine[] }),
  ]);
  const { id: _id, ...visible } = order;
  return {
    ...visible,
    timeline,
    invoices: invoices as TrackedOrder['invoices'],
    sessionLinks,
    returns: returns.map((r) => ({ ...r, amount: Number(r.amount), lines: r.lines.map((l) => ({ name: l.name, quantity: l.quantity })) })),
    returnRequests,
    returnOffer: offer,
  };
}
