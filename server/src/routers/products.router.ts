import { products, type RowOfResource, stockReasons } from '@app/shared';
import { z } from 'zod';
import { idInput, slugProcedures, type WriteHooks } from '../crud/crud-router';
import { getRecord } from '../crud/repository';
import { correctStock, openStock } from '../inventory/ledger';
import { priceGroup, publicVariants, saveVariants, saveVariantsInput, syncVariants, variantsOf } from '../inventory/variants';
import { invalid } from '../platform/errors';
import { adminProcedure, publicProcedure } from '../trpc';

const stockCount = z
  .number('Nombre entier attendu.')
  .int('Nombre entier attendu.')
  .min(0, 'Le stock ne peut pas être négatif.')
  .max(1_000_000_000, 'Maximum 1 000 000 000.');

/**
 * A product made with a stock opens its ledger with it (inventory/ledger.ts); a group's form gives
 * its versions what they share, a version's form keeps its group's (inventory/variants.ts).
 */
export const productsHooks: WriteHooks<RowOfResource<typeof products>> = {
  afterCreate: ({ tx, actor }, after) => openStock(tx, actor, [after.id]),
  afterUpdate: async ({ tx }, before, after) => {
    // A product sold in versions shows its cheapest version's price: its own is not typed.
    if (after.options && Number(after.price) !== Number(before.price))
      invalid(
        'price',
        'Ce produit se vend en versions : son prix est celui de la moins chère. Changez les prix dans « Options et variantes ».',
      );
    await syncVariants(tx, after);
  },
  // A version deleted from the list: its product's price follows the ones left.
  afterDelete: async ({ tx }, before) => {
    if (before.parent) await priceGroup(tx, before.parent);
  },
};

export const productsProcedures = {
  ...slugProcedures(products),
  /** The shop's product page: the versions on sale of the product at this address (none for a plain product). */
  variants: publicProcedure
    .meta({ cache: ['products'] })
    .input(z.object({ slug: z.string().trim().toLowerCase().min(1).max(200) }))
    .query(({ ctx, input }) => publicVariants(ctx.db, input.slug)),
  /** « Options et variantes »: the group's options and every live version, for the team's grid. */
  variantGrid: adminProcedure
    .meta({ roles: products.team.read })
    .input(idInput)
    .query(async ({ ctx, input }) => {
      const group = await getRecord(ctx.db, products, 'admin', input.id);
      return { options: group.options ?? [], variants: await variantsOf(ctx.db, group, true) };
    }),
  saveVariants: adminProcedure
    .meta({ invalidates: ['products'], roles: products.team.write, audit: 'products' })
    .input(saveVariantsInput)
    .mutation(async ({ ctx, input }) => {
      await saveVariants(ctx.db, input, ctx.admin.email);
      return getRecord(ctx.db, products, 'admin', input.id);
    }),
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
