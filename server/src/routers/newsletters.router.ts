import { idInput } from '../crud/crud-router';
import { letterStats, previewLetter, sendLetter, testLetter } from '../newsletter/letters';
import { adminProcedure } from '../trpc';

/** Letters are the owner's and the manager's; nothing public changes when one leaves. */
const letterWrite = adminProcedure.meta({ invalidates: [], audit: 'newsletters' });

/** A letter besides its generic form: its preview, a test to oneself, the sending, what became of it. */
export const newslettersProcedures = {
  preview: adminProcedure.input(idInput).query(({ ctx, input }) => previewLetter(ctx.db, ctx.config, input.id)),
  stats: adminProcedure.input(idInput).query(({ ctx, input }) => letterStats(ctx.db, input.id)),
  sendTest: letterWrite.input(idInput).mutation(({ ctx, input }) => testLetter(ctx.db, ctx.config, input.id, ctx.admin.email)),
  send: letterWrite.input(idInput).mutation(({ ctx, input }) => sendLetter(ctx.db, ctx.config, input.id)),
};
