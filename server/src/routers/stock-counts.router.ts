import { stockCounts } from '@app/shared';
import { z } from 'zod';
import { idInput } from '../crud/crud-router';
import { addCounted, applyCount, cancelCount, countDifferences } from '../inventory/counts';
import { adminProcedure } from '../trpc';

const items = z
  .array(
    z.object({
      product: idInput.shape.id,
      quantity: z.number('Quantité : nombre entier attendu.').int('Quantité : nombre entier attendu.').min(-100_000).max(100_000),
      at: z.iso.datetime().optional(),
    }),
  )
  .min(1, 'Rien à envoyer.')
  .max(500, '500 articles au plus par envoi.');

/** Who sells counts the shelves (stockCounts.team.read); the managers apply or cancel a count. */
export const stockCountsProcedures = {
  /** What a phone counted since its last sending, added to the others' (`set`: an article's total typed again). */
  count: adminProcedure
    .meta({ invalidates: [], roles: stockCounts.team.read })
    .input(z.object({ id: idInput.shape.id, key: z.string().min(8).max(100), items, set: z.boolean().optional() }))
    .mutation(({ ctx, input }) => addCounted(ctx.db, input)),
  lines: adminProcedure
    .meta({ roles: stockCounts.team.read })
    .input(idInput)
    .query(({ ctx, input }) => countDifferences(ctx.db, input.id)),
  // Not `apply`: tRPC's callers read a last `apply` (or `call`) as invoking the procedure before it.
  validate: adminProcedure
    .meta({ invalidates: ['products'], roles: stockCounts.team.write, audit: 'stockCounts' })
    .input(idInput)
    .mutation(({ ctx, input }) => applyCount(ctx.db, input.id, ctx.admin.email)),
  cancel: adminProcedure
    .meta({ invalidates: [], roles: stockCounts.team.write, audit: 'stockCounts' })
    .input(idInput)
    .mutation(({ ctx, input }) => cancelCount(ctx.db, input.id)),
};
