import { subscribeSchema, subscriptionLinkSchema } from '@app/shared';
import { TRPCError } from '@trpc/server';
import { answerLink, subscribe } from '../newsletter/subscription';
import { publicForm } from '../trpc';

const LINK_REFUSED = 'Ce lien n’est pas valable : il a peut-être été coupé. Copiez-le en entier depuis l’e-mail.';

export const newsletterSubscribersProcedures = {
  /**
   * One answer whether the address was on the list or not: a stranger cannot use the form to learn
   * who reads the newsletter. The address counts once confirmed from the mail it receives.
   */
  subscribe: publicForm(10)
    .input(subscribeSchema)
    .mutation(async ({ ctx, input }) => {
      await subscribe(ctx.db, ctx.config, input.email);
      return {
        status: 'subscribed' as const,
        message: 'Merci ! Pour confirmer votre inscription, ouvrez le lien de l’e-mail que nous venons de vous envoyer.',
      };
    }),
  /** The confirmation link's page, once its button is pressed. */
  confirm: publicForm(20)
    .input(subscriptionLinkSchema)
    .mutation(async ({ ctx, input }) => {
      if (!(await answerLink(ctx.db, input, 'confirm'))) throw new TRPCError({ code: 'BAD_REQUEST', message: LINK_REFUSED });
      return { message: 'Votre inscription est confirmée. Merci !' };
    }),
  /** The unsubscribe link's page, once its button is pressed (the mail app's one click: http/newsletter-route.ts). */
  unsubscribe: publicForm(20)
    .input(subscriptionLinkSchema)
    .mutation(async ({ ctx, input }) => {
      if (!(await answerLink(ctx.db, input, 'unsubscribe'))) throw new TRPCError({ code: 'BAD_REQUEST', message: LINK_REFUSED });
      return { message: 'Vous êtes désinscrit(e) : vous ne recevrez plus la newsletter.' };
    }),
};
