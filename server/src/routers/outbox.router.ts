import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { idInput } from '../crud/crud-router';
import { adminProcedure } from '../trpc';

export const outboxProcedures = {
  /** "Réessayer": a message that failed or waits for its next attempt is due now, with a fresh count of attempts. */
  retry: adminProcedure
    .meta({ invalidates: [] })
    .input(idInput)
    .mutation(async ({ ctx, input }) => {
      const row = await ctx.db
        .updateTable('outbox')
        .set({ status: 'pending', attempts: 0, nextAttemptAt: sql<string>`now()`, lockedUntil: null, updatedAt: sql<string>`now()` })
        .where('id', '=', input.id)
        .where('status', 'in', ['pending', 'failed'])
        .returning('id')
        .executeTakeFirst();
      if (!row) throw new TRPCError({ code: 'CONFLICT', message: 'Cet envoi est déjà parti ou a été abandonné : rien à réessayer.' });
      return { status: 'pending' as const };
    }),
};
