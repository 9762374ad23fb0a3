import { purchaseOrders } from '@app/shared';
import { z } from 'zod';
import { idInput } from '../crud/crud-router';
import { getRecord } from '../crud/repository';
import { cancelPurchase, receivePurchase, sendPurchase, setPurchaseLines, suggestedLines } from '../inventory/purchases';
import { adminProcedure } from '../trpc';

/** Purchases change no public answer but the stock (and the products' pages that show it). */
const write = adminProcedure.meta({ invalidates: [], roles: purchaseOrders.team.write, audit: 'purchaseOrders' });
const count = (label: string) =>
  z
    .number(`${label} : nombre entier attendu.`)
    .int(`${label} : nombre entier attendu.`)
    .min(1, `${label} : au moins 1.`)
    .max(100_000, `${label} : 100 000 au plus.`);
const reread = (ctx: { db: Parameters<typeof getRecord>[0] }, id: string) => getRecord(ctx.db, purchaseOrders, 'admin', id);

export const purchaseOrdersProcedures = {
  /** What to reorder from a supplier, from low stock (inventory/purchases.ts). */
  suggest: adminProcedure
    .meta({ roles: purchaseOrders.team.read })
    .input(z.object({ supplier: idInput.shape.id }))
    .query(({ ctx, input }) => suggestedLines(ctx.db, input.supplier)),
  setLines: write
    .input(
      z.object({
        id: idInput.shape.id,
        lines: z
          .array(
            z.object({
              product: idInput.shape.id,
              ordered: count('Quantité'),
              cost: z.number('Coût : montant attendu.').min(0, 'Coût : 0 au moins.').max(1_000_000_000).nullable(),
            }),
          )
          .max(200, '200 articles au plus par bon.'),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      await setPurchaseLines(ctx.db, input.id, input.lines);
      return reread(ctx, input.id);
    }),
  send: write
    .input(z.object({ id: idInput.shape.id, by: z.enum(['email', 'whatsapp']) }))
    .mutation(({ ctx, input }) => sendPurchase(ctx.db, input.id, input.by)),
  receive: adminProcedure
    .meta({ invalidates: ['products'], roles: purchaseOrders.team.write, audit: 'purchaseOrders' })
    .input(
      z.object({
        id: idInput.shape.id,
        key: z.string().min(8).max(100),
        items: z.array(z.object({ product: idInput.shape.id, quantity: count('Quantité reçue') })).max(500),
      }),
    )
    .mutation(async ({ ctx, input }) => ({
      ...(await receivePurchase(ctx.db, input, ctx.admin.email)),
      purchase: await reread(ctx, input.id),
    })),
  cancel: write.input(idInput).mutation(async ({ ctx, input }) => {
    await cancelPurchase(ctx.db, input.id);
    return reread(ctx, input.id);
  }),
};
