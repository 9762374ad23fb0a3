import { AREAS, returnDecisionSchema, returnInputSchema, returnRequests, returns } from '@app/shared';
import { z } from 'zod';
import { creditBalance } from '../customers/credit';
import { idInput } from '../crud/crud-router';
import { makeReturn, returnable } from '../counter/returns';
import { decideReturn } from '../orders/return-requests';
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
  /** The counter: a customer's credit left, by their phone or a return's number (spent by the sale, customers/credit.ts). */
  credit: adminProcedure
    .meta({ roles: AREAS.counter })
    .input(z.strictObject({ from: z.string().trim().min(3, 'Le téléphone du client ou le numéro du retour.').max(40) }))
    .query(async ({ ctx, input }) => ({ balance: (await creditBalance(ctx.db, input.from)).balance })),
  make: adminProcedure
    // Articles put back change the shop's stock.
    .meta({ invalidates: ['products'], roles: returns.team.write, audit: 'returns' })
    .input(returnInputSchema)
    .mutation(({ ctx, input }) => makeReturn(ctx.db, ctx.config, input, { email: ctx.admin!.email, role: ctx.admin!.role })),
};

/** A customer's request from the tracking page (orders/return-requests.ts): the team accepts or refuses it. */
export const returnRequestsProcedures = {
  decide: adminProcedure
    .meta({ roles: returnRequests.team.write, audit: 'returnRequests' })
    .input(returnDecisionSchema)
    .mutation(({ ctx, input }) => decideReturn(ctx.db, ctx.config, input, { email: ctx.admin!.email })),
};
