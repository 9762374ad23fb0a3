import { cryptoVerifications, verificationRequestSchema } from '@app/shared';
import { crudProcedures } from '../crud/crud-router';
import { createRecord } from '../crud/repository';
import { publicProcedure, rateLimited, router } from '../trpc';

export const cryptoVerificationsRouter = router({
  ...crudProcedures(cryptoVerifications),
  /** The public request form: only its own fields; the status always starts as pending. */
  submit: publicProcedure
    .meta({ invalidates: [] })
    .use(rateLimited('verification', 5, 10 * 60))
    .input(verificationRequestSchema)
    .mutation(async ({ ctx, input: { website: _bot, ...input } }) => {
      const row = await createRecord(ctx.db, cryptoVerifications, { ...input, status: 'pending' });
      return { id: row.id as string, status: 'pending' as const };
    }),
});
