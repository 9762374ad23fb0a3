import {
  amountDue,
  AREAS,
  forbiddenMessage,
  may,
  counterSaleSchema,
  ONLINE_PAYMENT_METHOD,
  orders,
  orderStatuses,
  paymentMethodsFor,
  paymentStatuses,
  placeOrderSchema,
  promoQuoteSchema,
  type RowOf,
} from '@app/shared';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { idInput } from '../crud/crud-router';
import { getRecord, seenBy, updateRecord } from '../crud/repository';
import {
  addOrderNote,
  changePayment,
  orderHistory,
  recordEvent,
  reopenOrder,
  setPaymentStatus,
  transitionOrder,
} from '../orders/lifecycle';
import { orderInvoices, retryInvoice } from '../invoicing/invoices';
import { counterCatalogue, reviewAlert, sellAtCounter, shortageAlert } from '../counter/counter';
import { documentJob } from '../orders/documents';
import { ticketModel } from '../orders/ticket';
import { lowStockAlerts, orderPlacedMails } from '../orders/notifications';
import { findOrderByKey, orderRules, placeOrderRecord, priceItems } from '../orders/place-order';
import { applyPromo } from '../orders/promo';
import { findTrackedOrder, trackInput } from '../orders/tracking';
import { customerCookieName, customerOf } from '../customers/space';
import { paymentProvider } from '../payments/configured';
import { adminProcedure, publicProcedure } from '../trpc';

type Order = RowOf<typeof orders.fields>;
const note = z.string().trim().max(2000, 'Note trop longue (2 000 caractères au maximum).').optional();
const statusEnum = z.enum(Object.keys(orderStatuses) as [keyof typeof orderStatuses], 'Statut inconnu.');
const paymentEnum = z.enum(Object.keys(paymentStatuses) as [keyof typeof paymentStatuses], 'État de paiement inconnu.');
/** Orders are not public: these writes change nothing the public cache holds, except stock. */
const orderWrite = adminProcedure.meta({ invalidates: [], roles: orders.team.write, audit: 'orders' });
const stockWrite = adminProcedure.meta({ invalidates: ['products', 'courseSessions'], roles: orders.team.write, audit: 'orders' });
const orderRead = adminProcedure.meta({ roles: orders.team.read });
const counter = adminProcedure.meta({ roles: AREAS.counter });

/** An order as its shopper or seller receives it: without the request's key, nor what it cost the shop. */
const withoutKey = ({ idempotencyKey: _key, lineCosts: _costs, ...order }: Order) => order;

/** Orders are placed by shoppers and moved along their process; the generic list and get serve the admin. */
export const ordersProcedures = {
  /** Customer details only; every change is written to the history. */
  update: orderWrite.input(z.object({ id: idInput.shape.id, data: orders.updateSchema })).mutation(async ({ ctx, input }) => {
    return ctx.db.transaction().execute(async (tx) => {
      const before = await getRecord(tx, orders, 'admin', input.id);
      const after = await updateRecord(tx, orders, input.id, input.data);
      const changed = (Object.keys(input.data) as (keyof typeof input.data)[]).filter(
        (k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null),
      );
      // The phone and e-mail say whose order it is (its customer): the managers' to change.
      if (changed.some((k) => k === 'phone' || k === 'email') && !may(ctx.admin.role, AREAS.customerContacts))
        throw new TRPCError({ code: 'FORBIDDEN', message: forbiddenMessage(ctx.admin.role) });
      for (const key of changed) {
        await recordEvent(tx, input.id, {
          actor: ctx.admin.email,
          kind: 'edit',
          fromValue: before[key] === null ? null : String(before[key]),
          toValue: after[key] === null ? null : String(after[key]),
          note: orders.fields[key].label,
        });
      }
      return seenBy(orders, ctx.admin.role, after);
    });
  }),

  transition: stockWrite.input(z.object({ id: idInput.shape.id, to: statusEnum, note })).mutation(async ({ ctx, input }) => {
    const { order } = await transitionOrder(ctx.db, ctx.config, { ...input, actor: ctx.admin.email, role: ctx.admin.role });
    return { status: order.status };
  }),

  reopen: stockWrite.input(z.object({ id: idInput.shape.id, note })).mutation(async ({ ctx, input }) => {
    const order = await reopenOrder(ctx.db, { ...input, actor: ctx.admin.email });
    return { status: order.status };
  }),

  setPayment: orderWrite
    .input(z.object({ id: idInput.shape.id, to: paymentEnum, reference: z.string().trim().max(200).optional(), note }))
    .mutation(async ({ ctx, input }) => {
      const order = await setPaymentStatus(ctx.db, ctx.config, { ...input, actor: ctx.admin.email, role: ctx.admin.role });
      return { paymentStatus: order.paymentStatus };
    }),

  addNote: orderWrite
    .input(
      z.object({
        id: idInput.shape.id,
        note: z.string().trim().min(1, 'Écrivez la note.').max(2000, 'Note trop longue (2 000 caractères au maximum).'),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      await addOrderNote(ctx.db, { ...input, actor: ctx.admin.email });
      return { ok: true };
    }),

  history: orderRead.input(idInput).query(({ ctx, input }) => orderHistory(ctx.db, input.id)),

  /** The order's normalized invoices (e-MECeF): pending, normalized or failed, with the DGI's answer. */
  invoices: orderRead.input(idInput).query(({ ctx, input }) => orderInvoices(ctx.db, input.id)),

  /** An invoice that stopped (a refusal fixed since, or an answer lost and checked on the DGI's portal), asked for again. */
  retryInvoice: orderWrite.input(idInput).mutation(async ({ ctx, input }) => {
    if (!(await retryInvoice(ctx.db, { id: input.id, actor: ctx.admin.email })))
      throw new TRPCError({ code: 'CONFLICT', message: 'Cette facture n’est pas en échec : rien à redemander.' });
    return { status: 'pending' as const };
  }),

  /** Checkout. Idempotent on the client's key: a retry or a double click returns the same order. */
  place: publicProcedure
    // Stock changes: the catalogue's answers (product pages, lists) must show it.
    .meta({ invalidates: ['products', 'courseSessions'], rateLimit: { limit: 20, windowSeconds: 10 * 60 } })
    .input(placeOrderSchema)
    .mutation(async ({ ctx, input: { website: _bot, ...input } }) => {
      const method = input.paymentMethod ?? 'cash_on_delivery';
      if (!paymentMethodsFor(input.items, paymentProvider(ctx.config) !== null).includes(method)) {
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message:
            method === ONLINE_PAYMENT_METHOD
              ? 'Le paiement Mobile Money en ligne n’est pas proposé par la boutique : choisissez le paiement à la livraison.'
              : 'Rien à livrer dans cette commande : elle se paie en ligne par Mobile Money.',
        });
      }
      // Points and credit are spent only by the customer this browser is signed in as (Mon espace); looked up
      // before the transaction (PGlite has one connection, which the transaction holds).
      const signedIn =
        input.loyaltyPoints || input.useCredit ? await customerOf(ctx.db, ctx.cookies.get(customerCookieName(ctx.config))) : null;
      try {
        const placed = await ctx.db.transaction().execute(async (tx) => {
          const placed = await placeOrderRecord(tx, {
            ...input,
            signedInPhone: signedIn?.phone ?? null,
            ...(ctx.config.rateLimit ? { fromAddress: ctx.ip } : {}),
          });
          if (placed.created) {
            await recordEvent(tx, placed.row.id, { actor: 'client', kind: 'created', toValue: 'new' });
            await orderPlacedMails(tx, ctx.config, placed.row, placed.low);
            // All paid by the customer's credit: nothing left to collect, the order is paid (and invoiced).
            if (placed.row.creditAmount && amountDue(placed.row) === 0) {
              const paid = await changePayment(tx, ctx.config, {
                id: placed.row.id,
                to: 'paid',
                actor: 'client',
                note: 'Payée par l’avoir du client',
              });
              return { ...placed, row: { ...placed.row, paymentStatus: paid.paymentStatus } };
            }
          }
          return placed;
        });
        return withoutKey(placed.row);
      } catch (error) {
        // Two submissions raced past the lookup: the loser gets the winner's order.
        const existing = await findOrderByKey(ctx.db, input.idempotencyKey);
        if (existing) return withoutKey(existing);
        throw error;
      }
    }),

  /**
   * A sale at the counter (Vente au comptoir): paid and handed over at once, stock taken, invoice
   * asked for. The change to give back comes with the order. Sent twice (a retry, a phone back
   * online), it is recorded once.
   */
  /** A sale's ticket as lines, for the counter's printer (ESC/POS over Bluetooth): what the PDF ticket shows. */
  ticket: counter.input(idInput).query(async ({ ctx, input }) => {
    const order = await ctx.db.selectFrom('orders').select('trackingToken').where('id', '=', input.id).executeTakeFirst();
    const found = order && (await documentJob(ctx.db, order.trackingToken, 'TK', ''));
    if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: 'Commande introuvable.' });
    return ticketModel({ ...found.job, ticket: found.job.ticket! });
  }),
  /** The articles the counter keeps on the phone (counter/counter.ts); nothing when `version` is still current. */
  counterCatalogue: counter
    .input(z.strictObject({ version: z.string().max(200).optional() }))
    .query(({ ctx, input }) => counterCatalogue(ctx.db, input.version)),
  sellAtCounter: counter
    .meta({ invalidates: ['products', 'courseSessions'], audit: 'orders' })
    .input(counterSaleSchema)
    .mutation(async ({ ctx, input }) => {
      const sell = () =>
        ctx.db.transaction().execute(async (tx) => {
          const sale = await sellAtCounter(tx, ctx.config, input, ctx.admin!.email);
          if (!sale.repeated) await lowStockAlerts(tx, ctx.config, sale.order.number, sale.low);
          await shortageAlert(tx, ctx.config, sale.order, sale.short);
          if (!sale.repeated) await reviewAlert(tx, ctx.config, sale.order, ctx.admin!.email);
          return sale;
        });
      try {
        const { order, change, repeated } = await sell();
        return { order: withoutKey(order), change, repeated };
      } catch (error) {
        // The same sale sent twice at once: the second finds the first.
        if (await findOrderByKey(ctx.db, input.idempotencyKey)) {
          const { order, change } = await sell();
          return { order: withoutKey(order), change, repeated: true };
        }
        throw error;
      }
    }),

  /**
   * A promo code tried on the cart before ordering: its label and discount, or the French reason it
   * does not apply. The order applies it again in its own transaction; this only informs. Rate-limited
   * so codes cannot be guessed by the thousand.
   */
  quotePromo: publicProcedure
    .meta({ private: true, rateLimit: { limit: 30, windowSeconds: 10 * 60 } })
    .input(promoQuoteSchema)
    .query(async ({ ctx, input }) => {
      const lines = await priceItems(ctx.db, input.items, await orderRules(ctx.db));
      // Without the phone: its limit is checked when the order is placed.
      const promo = await applyPromo(ctx.db, { code: input.promoCode, lines });
      return { code: promo.code, label: promo.label, discount: promo.discount };
    }),

  /** The customer's view of one order: by its private link, or by number and phone (rate-limited). */
  track: publicProcedure
    .meta({ private: true, rateLimit: { limit: 30, windowSeconds: 10 * 60 } })
    .input(trackInput)
    .query(({ ctx, input }) => findTrackedOrder(ctx.db, input)),
};
