import { TRPCError } from '@trpc/server';
import { idInput } from '../crud/crud-router';
import { retryOutbox } from '../platform/outbox';
import { adminProcedure } from '../trpc';

export const outboxProcedures = {
  /** "Réessayer": a message that failed or waits for its next attempt is due now, with a fresh count of attempts. */
  retry: adminProcedure
    .meta({ invalidates: [], audit: 'outbox' })
    .input(idInput)
    .mutation(async ({ ctx, input }) => {
      if (!(await retryOutbox(ctx.db, { id: input.id })))
        throw new TRPCError({ code: 'CONFLICT', message: 'Cet envoi est déjà parti ou a été abandonné : rien à réessayer.' });
      return { status: 'pending' as const };
    }),
};
