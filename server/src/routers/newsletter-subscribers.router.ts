import { subscribeSchema } from '@app/shared';
import { sql } from 'kysely';
import { publicForm } from '../trpc';

export const newsletterSubscribersProcedures = {
  /**
   * One answer whether the address was on the list or not: a stranger cannot use the form to learn
   * who reads the newsletter. Subscribing twice changes nothing.
   */
  subscribe: publicForm(10)
    .input(subscribeSchema)
    .mutation(async ({ ctx, input }) => {
      await ctx.db
        .insertInto('newsletterSubscribers')
        .values({ email: input.email })
        .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
        .execute();
      return { status: 'subscribed' as const, message: 'Merci ! Votre adresse est inscrite à notre newsletter.' };
    }),
};
