import { orders } from '@app/shared';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { idInput } from '../crud/crud-router';
import { startPayment, switchToPayOnDelivery } from '../payments/checkout';
import { orderPayments, paymentState } from '../payments/state';
import { paymentProvider } from '../payments/configured';
import { adminProcedure, publicProcedure, router } from '../trpc';

const tokenInput = z.object({ token: z.string().regex(/^[0-9a-f]{64}$/, 'Lien de suivi invalide.') });
/** Payments touch orders only, which nothing public caches; starting one and giving up share a limit. */
const paymentWrite = publicProcedure.meta({ invalidates: [], rateLimit: { bucket: 'payment', limit: 20, windowSeconds: 10 * 60 } });

export const paymentsRouter = router({
  /** Which ways to pay the shop offers: Mobile Money online only when a provider is configured. */
  /** What the checkout offers: Mobile Money online, and order updates on WhatsApp (the shop's Cloud API). */
  options: publicProcedure
    .meta({ cache: [] })
    .query(({ ctx }) => ({ online: paymentProvider(ctx.config) !== null, whatsapp: ctx.config.whatsapp !== null })),

  /** The provider's payment page for an order (the same one while a transaction is pending). */
  start: paymentWrite.input(tokenInput).mutation(({ ctx, input }) => {
    const provider = paymentProvider(ctx.config);
    if (!provider)
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'Le paiement Mobile Money en ligne n’est pas proposé par la boutique.' });
    return startPayment(ctx.db, ctx.config, provider, input.token);
  }),

  /** The return page polls this until the payment is final. */
  status: publicProcedure
    .meta({ private: true, rateLimit: { limit: 200, windowSeconds: 10 * 60 } })
    .input(tokenInput)
    .query(({ ctx, input }) => paymentState(ctx.db, ctx.config, paymentProvider(ctx.config), input.token)),

  /** Declined or abandoned: pay on delivery instead (when there is something to deliver). */
  payOnDelivery: paymentWrite.input(tokenInput).mutation(async ({ ctx, input }) => {
    await switchToPayOnDelivery(ctx.db, input.token);
    return { ok: true };
  }),

  /** The owner's view of an order's online transactions. */
  forOrder: adminProcedure
    .meta({ roles: orders.team.read })
    .input(idInput)
    .query(({ ctx, input }) => orderPayments(ctx.db, input.id)),
});
