import { subscribeSchema } from '@app/shared';
import { sql } from 'kysely';
import { publicForm } from '../trpc';

export const newsletterSubscribersProcedures = {
  /** Subscribing twice is not an error: the answer just says so. */
  subscribe: publicForm(10)
    .input(subscribeSchema)
    .mutation(async ({ ctx, input }) => {
      const inserted = await ctx.db
        .insertInto('newsletterSubscribers')
        .values({ email: input.email })
        .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted
        ? { status: 'subscribed' as const, message: 'Merci ! Votre inscription à la newsletter est confirmée.' }
        : { status: 'already' as const, message: 'Vous êtes déjà inscrit(e) à notre newsletter. Merci de votre fidélité !' };
    }),
};
