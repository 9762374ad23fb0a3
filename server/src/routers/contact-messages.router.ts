import { adminPath, contactMessageSchema, contactMessages, isEmail } from '@app/shared';
import { createRecord } from '../crud/repository';
import { alertOwner } from '../alerts/owner';
import { publicForm } from '../trpc';

export const contactMessagesProcedures = {
  send: publicForm(5)
    .input(contactMessageSchema)
    .mutation(async ({ ctx, input: { website: _bot, ...input } }) => {
      await ctx.db.transaction().execute(async (tx) => {
        const row = await createRecord(tx, contactMessages, { ...input, read: false });
        await alertOwner(tx, ctx.config, {
          kind: 'message',
          subject: `Nouveau message : ${input.subject}`,
          lines: [`De ${input.name} (${input.contact}) :`, '', input.message],
          adminPath: adminPath(contactMessages, row.id),
          // "Répondre" in the owner's mail app answers the visitor, when they left an e-mail.
          replyTo: isEmail(input.contact) ? input.contact.trim() : undefined,
        });
      });
      return { message: 'Merci ! Votre message a bien été envoyé. Nous vous répondrons rapidement.' };
    }),
};
