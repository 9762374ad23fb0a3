import { customers } from '@app/shared';
import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { idInput } from '../crud/crud-router';
import { getRecord } from '../crud/repository';
import { adminProcedure } from '../trpc';

/** What the owner may do to a customer the orders make: record that they want no more offers. */
export const customersProcedures = {
  /**
   * The customer asked (by message, on the phone) to receive no more offers: left out of the
   * WhatsApp export from now on, newsletter or not, until an order of theirs ticks the box again.
   */
  stopOffers: adminProcedure
    .meta({ invalidates: [], audit: 'customers' })
    .input(idInput)
    .mutation(async ({ ctx, input }) => {
      const row = await ctx.db
        .updateTable('customers')
        .set({ contactWithdrawnAt: sql<string>`now()`, marketingConsent: false, updatedAt: sql<string>`now()` })
        .where('id', '=', input.id)
        .returning('id')
        .executeTakeFirst();
      if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: 'Client introuvable.' });
      return getRecord(ctx.db, customers, 'admin', row.id);
    }),
};
