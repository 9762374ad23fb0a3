import { adminPath, cryptoVerifications, verificationRequestSchema } from '@app/shared';
import { createRecord } from '../crud/repository';
import { alertOwner } from '../platform/alerts';
import { publicForm } from '../trpc';

export const cryptoVerificationsProcedures = {
  /** The public request form: only its own fields; the status always starts as pending. */
  submit: publicForm(5)
    .input(verificationRequestSchema)
    .mutation(async ({ ctx, input: { website: _bot, ...input } }) => {
      const row = await createRecord(ctx.db, cryptoVerifications, { ...input, status: 'pending' });
      ctx.afterResponse(() =>
        alertOwner(ctx.db, ctx.config, {
          subject: `Nouvelle demande de vérification : ${input.name}`,
          lines: [
            `${input.name} (${row.phone}, ${input.email}) demande une vérification ${row.cryptoType}.`,
            `Adresse : ${input.walletAddress}`,
          ],
          adminPath: adminPath(cryptoVerifications, row.id),
        }),
      );
      return { id: row.id, status: 'pending' as const };
    }),
};
