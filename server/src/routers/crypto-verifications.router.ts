import { adminPath, cryptoVerifications, verificationRequestSchema } from '@app/shared';
import { createRecord } from '../crud/repository';
import { alertOwner } from '../alerts/owner';
import { publicForm } from '../trpc';

export const cryptoVerificationsProcedures = {
  /** The public request form: only its own fields; the status always starts as pending. */
  submit: publicForm(5)
    .input(verificationRequestSchema)
    .mutation(async ({ ctx, input: { website: _bot, ...input } }) => {
      const row = await ctx.db.transaction().execute(async (tx) => {
        const row = await createRecord(tx, cryptoVerifications, { ...input, status: 'pending' });
        await alertOwner(tx, ctx.config, {
          kind: 'request',
          subject: `Nouvelle demande de vérification : ${input.name}`,
          lines: [
            `${input.name} (${row.phone}, ${input.email}) demande une vérification ${row.cryptoType}.`,
            `Adresse : ${input.walletAddress}`,
          ],
          adminPath: adminPath(cryptoVerifications, row.id),
        });
        return row;
      });
      return { id: row.id, status: 'pending' as const };
    }),
};
