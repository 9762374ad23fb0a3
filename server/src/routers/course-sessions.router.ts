import { type courseSessions, type RowOfResource } from '@app/shared';
import { TRPCError } from '@trpc/server';
import { idInput, type WriteHooks } from '../crud/crud-router';
import { upcomingSessions } from '../sessions/seats';
import { sessionChanged, sessionParticipants } from '../sessions/reminders';
import { adminProcedure, publicProcedure } from '../trpc';

/**
 * What the shop reads of the sessions (those to come, with their seats left) and the owner's list
 * of who registered. The generic update tells them when their session moves (`courseSessionsHooks`).
 */
export const courseSessionsHooks: WriteHooks<RowOfResource<typeof courseSessions>> = {
  afterUpdate: ({ tx, config }, before, after) => sessionChanged(tx, config, before, after),
};

export const courseSessionsProcedures = {
  upcoming: publicProcedure.meta({ cache: ['courseSessions', 'cryptoCourses'] }).query(({ ctx }) => upcomingSessions(ctx.db)),
  participants: adminProcedure.input(idInput).query(async ({ ctx, input }) => {
    const session = await ctx.db.selectFrom('courseSessions').select('id').where('id', '=', input.id).executeTakeFirst();
    if (!session) throw new TRPCError({ code: 'NOT_FOUND', message: 'Session introuvable.' });
    return sessionParticipants(ctx.db, session.id);
  }),
};
