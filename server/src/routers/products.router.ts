import { products, type RowOfResource, stockReasons } from '@app/shared';
import { z } from 'zod';
import { idInput, slugProcedures, type WriteHooks } from '../crud/crud-router';
import { getRecord } from '../crud/repository';
import { correctStock, openStock } from '../inventory/ledger';
import { adminProcedure } from '../trpc';

const stockCount = z
  .number('Nombre entier attendu.')
  .int('Nombre entier attendu.')
  .min(0, 'Le stock ne peut pas être négatif.')
  .max(1_000_000_000, 'Maximum 1 000 000 000.');

/** A product made with a stock opens its ledger with it (inventory/ledger.ts). */
export const productsHooks: WriteHooks<RowOfResource<typeof products>> = {
  afterCreate: ({ tx, actor }, after) => openStock(tx, actor, [after.id]),
};

export const productsProcedures = {
  ...slugProcedures(products),
  /**
   * « Corriger le stock »: the stock the owner wants and why, in one movement of the ledger. The
   * stock is not part of the product's form once made: what sales change, nobody overwrites.
   */
  correctStock: adminProcedure
    .meta({ invalidates: ['products'], roles: products.team.write, audit: 'products' })
    .input(
      z.object({
        id: idInput.shape.id,
        to: stockCount.nullable(),
        seen: stockCount.nullable().optional(),
        reason: z.enum(Object.keys(stockReasons) as [keyof typeof stockReasons], 'Choisissez un motif.'),
        note: z.string().trim().max(300, '300 caractères au maximum.').optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      await correctStock(ctx.db, input, ctx.admin.email);
      return getRecord(ctx.db, products, 'admin', input.id);
    }),
};
