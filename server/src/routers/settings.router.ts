import { type RowOf, settings } from '@app/shared';
import { sql } from 'kysely';
import { columnsFor } from '../crud/repository';
import { adminProcedure, publicProcedure, router } from '../trpc';

type Settings = RowOf<typeof settings.fields>;

/** Settings are one row, created with the database; read by everyone, written by the admin. */
export const settingsRouter = router({
  get: publicProcedure.meta({ cache: ['settings'] }).query(async ({ ctx }) => {
    const row = await ctx.db
      .selectFrom('settings' as never)
      .select(columnsFor(settings, ctx.admin ? 'admin' : 'public') as never[])
      .executeTakeFirstOrThrow();
    return row as Settings;
  }),
  update: adminProcedure.meta({ invalidates: ['settings'] }).input(settings.updateSchema).mutation(async ({ ctx, input }) => {
    const row = await ctx.db
      .updateTable('settings' as never)
      .set({ ...input, updatedAt: sql`now()` } as never)
      .returning(columnsFor(settings, 'admin') as never[])
      .executeTakeFirstOrThrow();
    return row as Settings;
  }),
});
