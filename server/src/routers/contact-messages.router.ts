import { adminPath, contactMessageSchema, contactMessages } from '@app/shared';
import { createRecord } from '../crud/repository';
import { alertOwner } from '../platform/alerts';
import { publicForm } from '../trpc';

export const contactMessagesProcedures = {
  send: publicForm(5)
    .input(contactMessageSchema)
    .mutation(async ({ ctx, input: { website: _bot, ...input } }) => {
      const row = await createRecord(ctx.db, contactMessages, { ...input, read: false });
      ctx.afterResponse(() =>
        alertOwner(ctx.db, ctx.config, {
          subject: `Nouveau message : ${input.subject}`,
          lines: [`De ${input.name} (${input.contact}) :`, '', input.message],
          adminPath: adminPath(contactMessages, row.id),
        }),
      );
      return { message: 'Merci ! Votre message a bien été envoyé. Nous vous répondrons rapidement.' };
    }),
};
