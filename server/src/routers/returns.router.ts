import { returnInputSchema, returns } from '@app/shared';
import { idInput } from '../crud/crud-router';
import { makeReturn, returnable } from '../counter/returns';
import { adminProcedure } from '../trpc';

/**
 * Returns (counter/returns.ts): what an order still has to bring back, and a return made. The team's
 * sellers start them; paying back beyond the owner's limit is the managers' (`AREAS.refunds`).
 */
export const returnsProcedures = {
  returnable: adminProcedure
    .meta({ roles: returns.team.read })
    .input(idInput)
    .query(({ ctx, input }) => returnable(ctx.db, input.id)),
  make: adminProcedure
    // Articles put back change the shop's stock.
    .meta({ invalidates: ['products'], roles: returns.team.write, audit: 'returns' })
    .input(returnInputSchema)
    .mutation(({ ctx, input }) => makeReturn(ctx.db, ctx.config, input, { email: ctx.admin!.email, role: ctx.admin!.role })),
};
