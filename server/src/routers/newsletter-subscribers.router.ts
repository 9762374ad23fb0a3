import { newsletterSubscribers, subscribeSchema } from '@app/shared';
import { sql } from 'kysely';
import { crudProcedures } from '../crud/crud-router';
import { publicForm, router } from '../trpc';

export const newsletterSubscribersRouter = router({
  ...crudProcedures(newsletterSubscribers),
  /** Subscribing twice is not an error: the answer just says so. */
  subscribe: publicForm('newsletter', 10)
    .input(subscribeSchema)
    .mutation(async ({ ctx, input }) => {
      const inserted = await ctx.db
        .insertInto('newsletterSubscribers' as never)
        .values({ email: input.email } as never)
        .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
        .returning('id' as never)
        .executeTakeFirst();
      return inserted
        ? { status: 'subscribed' as const, message: 'Merci ! Votre inscription à la newsletter est confirmée.' }
        : { status: 'already' as const, message: 'Vous êtes déjà inscrit(e) à notre newsletter. Merci de votre fidélité !' };
    }),
});
