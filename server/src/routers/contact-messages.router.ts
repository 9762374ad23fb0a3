import { contactMessageSchema, contactMessages } from '@app/shared';
import { crudProcedures } from '../crud/crud-router';
import { createRecord } from '../crud/repository';
import { publicProcedure, rateLimited, router } from '../trpc';

export const contactMessagesRouter = router({
  ...crudProcedures(contactMessages),
  send: publicProcedure
    .meta({ invalidates: [] })
    .use(rateLimited('contact', 5, 10 * 60))
    .input(contactMessageSchema)
    .mutation(async ({ ctx, input: { website: _bot, ...input } }) => {
      await createRecord(ctx.db, contactMessages, { ...input, read: false });
      return { message: 'Merci ! Votre message a bien été envoyé. Nous vous répondrons rapidement.' };
    }),
});
