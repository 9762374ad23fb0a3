import { AREAS, journalQuerySchema, resultQuerySchema } from '@app/shared';
import { z } from 'zod';
import { salesJournal } from '../books/journal';
import { mobileMoneyReconciliation } from '../books/mobile-money';
import { monthlyResult } from '../books/result';
import { vatSummary } from '../books/vat';
import { adminProcedure, router } from '../trpc';

const monthInput = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Mois invalide (AAAA-MM).') });

/** The entries the Comptabilité screen shows at once; the exports hold them all. */
export const JOURNAL_SHOWN = 100;

/** Comptabilité (issue 60): the journal, the month's VAT figures and the monthly result, to the owner and the manager. */
export const booksRouter = router({
  journal: adminProcedure
    .meta({ roles: AREAS.books })
    .input(journalQuerySchema)
    .query(async ({ ctx, input }) => {
      const journal = await salesJournal(ctx.db, input);
      return { ...journal, entries: journal.entries.slice(0, JOURNAL_SHOWN), entryCount: journal.entries.length };
    }),
  vat: adminProcedure
    .meta({ roles: AREAS.books })
    .input(monthInput)
    .query(({ ctx, input }) => vatSummary(ctx.db, ctx.config, input.month)),
  /** The month's Mobile Money, each payment matched to its order, and what does not match. */
  mobileMoney: adminProcedure
    .meta({ roles: AREAS.books })
    .input(monthInput)
    .query(({ ctx, input }) => mobileMoneyReconciliation(ctx.db, input.month)),
  result: adminProcedure
    .meta({ roles: AREAS.books })
    .input(resultQuerySchema)
    .query(({ ctx, input }) => monthlyResult(ctx.db, input.from, input.to)),
});
