import { courseSessions } from '@app/shared';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { idInput } from '../crud/crud-router';
import { getRecord, updateRecord } from '../crud/repository';
import { upcomingSessions } from '../sessions/seats';
import { sessionChanged, sessionParticipants } from '../sessions/reminders';
import { adminProcedure, publicProcedure } from '../trpc';

/**
 * What the shop reads of the sessions (those to come, with their seats left), the owner's list of
 * who registered, and the generic update that also tells them when their session moves.
 */
export const courseSessionsProcedures = {
  update: adminProcedure
    .meta({ invalidates: ['courseSessions'] })
    .input(z.object({ id: idInput.shape.id, data: courseSessions.updateSchema }))
    .mutation(({ ctx, input }) =>
      ctx.db.transaction().execute(async (tx) => {
        const before = await getRecord(tx, courseSessions, 'admin', input.id);
        const after = await updateRecord(tx, courseSessions, input.id, input.data);
        await sessionChanged(tx, ctx.config, before, after);
        return after;
      }),
    ),
  upcoming: publicProcedure.meta({ cache: ['courseSessions', 'cryptoCourses'] }).query(({ ctx }) => upcomingSessions(ctx.db)),
  participants: adminProcedure.input(idInput).query(async ({ ctx, input }) => {
    const session = await ctx.db.selectFrom('courseSessions').select('id').where('id', '=', input.id).executeTakeFirst();
    if (!session) throw new TRPCError({ code: 'NOT_FOUND', message: 'Session introuvable.' });
    return sessionParticipants(ctx.db, session.id);
  }),
};
