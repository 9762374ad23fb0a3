import { AREAS, customers } from '@app/shared';
import { parsePhone } from '@app/shared/phone';
import { z } from 'zod';
import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { idInput } from '../crud/crud-router';
import { getRecord } from '../crud/repository';
import { adminProcedure } from '../trpc';
import { pointsAccount } from '../customers/loyalty';

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
  /** The counter: the points of the customer whose phone the seller typed (spent by the sale). */
  points: adminProcedure
    .meta({ roles: AREAS.counter })
    .input(z.strictObject({ phone: z.string().trim().max(30) }))
    .query(async ({ ctx, input }) => {
      const phone = parsePhone(input.phone);
      if (!phone) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Téléphone du client invalide.' });
      const { on, value, balance } = await pointsAccount(ctx.db, phone.e164);
      return { on, value, balance };
    }),
  /** The customer's loyalty points: balance and last movements (customers/loyalty.ts). */
  loyalty: adminProcedure
    .meta({ roles: customers.team.read })
    .input(idInput)
    .query(async ({ ctx, input }) => {
      const row = await ctx.db.selectFrom('customers').select('phone').where('id', '=', input.id).executeTakeFirst();
      if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: 'Client introuvable.' });
      return pointsAccount(ctx.db, row.phone);
    }),
};
