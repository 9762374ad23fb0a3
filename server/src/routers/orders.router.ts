import { orders, placeOrderSchema, type RowOf } from '@app/shared';
import { crudProcedures } from '../crud/crud-router';
import { findOrderByKey, placeOrderRecord } from '../orders/place-order';
import { publicProcedure, rateLimited, router } from '../trpc';

type Order = RowOf<typeof orders.fields>;

export const ordersRouter = router({
  ...crudProcedures(orders),
  /** Checkout. Idempotent on the client's key: a retry or a double click returns the same order. */
  place: publicProcedure
    // Stock changes: the catalogue's answers (product pages, lists) must show it.
    .meta({ invalidates: ['products'] })
    .use(rateLimited('order', 20, 10 * 60))
    .input(placeOrderSchema)
    .mutation(async ({ ctx, input: { website: _bot, ...input } }) => {
      try {
        const { idempotencyKey: _key, ...order } = (await ctx.db.transaction().execute((tx) => placeOrderRecord(tx, input))) as Order;
        return order;
      } catch (error) {
        // Two submissions raced past the lookup: the loser gets the winner's order.
        const existing = await findOrderByKey(ctx.db as never, input.idempotencyKey);
        if (existing) {
          const { idempotencyKey: _key, ...order } = existing as Order;
          return order;
        }
        throw error;
      }
    }),
});
