import { TRPCError } from '@trpc/server';
import { idInput } from '../crud/crud-router';
import { upcomingSessions } from '../orders/seats';
import { sessionParticipants } from '../orders/session-reminders';
import { adminProcedure, publicProcedure } from '../trpc';

/** What the shop reads of the sessions (those to come, with their seats left), and the owner's list of who registered. */
export const courseSessionsProcedures = {
  upcoming: publicProcedure.meta({ cache: ['courseSessions', 'cryptoCourses'] }).query(({ ctx }) => upcomingSessions(ctx.db)),
  participants: adminProcedure.input(idInput).query(async ({ ctx, input }) => {
    const session = await ctx.db.selectFrom('courseSessions').select('id').where('id', '=', input.id).executeTakeFirst();
    if (!session) throw new TRPCError({ code: 'NOT_FOUND', message: 'Session introuvable.' });
    return sessionParticipants(ctx.db, session.id);
  }),
};
