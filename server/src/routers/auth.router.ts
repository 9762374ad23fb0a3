import { AREAS, PASSWORD_MAX, passwordSchema, type Role } from '@app/shared';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { EMAIL_MAX, isEmail } from '@app/shared/format';
import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { z } from 'zod';
import { adminProcedure, type Context, publicProcedure, router } from '../trpc';
import { registerPasskey, registrationOptions, signInOptions, verifyPasskey } from '../auth/passkeys';
import { findAdminByEmail } from '../auth/admins';
import { asStranger, DEVICE_COOKIE_DAYS, deviceCookieName, issueDeviceToken, verifyDevice } from '../auth/device';
import { BUSY_MESSAGE, DUMMY_HASH, hashPassword, verifyPassword } from '../auth/password';
import { finishPasswordReset, startPasswordReset } from '../auth/password-reset';
import { createSession, deleteSession, findSession, sessionCookieName } from '../auth/sessions';
import { writeAudit } from '../platform/audit';
import { clearLoginFailures, loginKeys, recordLoginFailure, reserveLoginAttempt } from '../auth/throttle';

const email = z
  .string('Adresse e-mail attendue.')
  .trim()
  .max(EMAIL_MAX, 'Adresse e-mail trop longue.')
  .refine(isEmail, 'Adresse e-mail invalide.');
const loginInput = z.object({
  email,
  password: z.string('Mot de passe attendu.').min(1, 'Saisissez votre mot de passe.').max(PASSWORD_MAX, 'Mot de passe trop long.'),
});

/** Accounts and sessions: nothing the public cache holds. */
const NOTHING_PUBLIC = { invalidates: [] };

const busy = (): never => {
  throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: BUSY_MESSAGE });
};

export const RESET_REQUESTED =
  'Si un compte correspond à cette adresse, un e-mail contenant un lien de réinitialisation vient de lui être envoyé. Pensez à vérifier vos courriers indésirables.';

/**
 * Opens a session for someone who proved who they are (password, passkey, invitation): a new token
 * (a session id planted before sign-in is worthless after it), the device cookie that makes this
 * browser theirs (auth/device.ts), and the audit log's line.
 */
export async function signedIn(ctx: Context, admin: { id: string; email: string; displayName: string; role: Role }, how: string) {
  const name = sessionCookieName(ctx.config);
  const previous = await findSession(ctx.db, ctx.config, ctx.cookies.get(name));
  if (previous) await deleteSession(ctx.db, previous.sessionId);
  const token = await createSession(ctx.db, ctx.config, admin.id, { userAgent: ctx.device, ip: ctx.ip });
  await writeAudit(ctx.db, { email: admin.email, role: admin.role, device: ctx.device, ip: ctx.ip }, { action: how });
  ctx.cookies.set(name, token, { maxAge: ctx.config.sessionAbsoluteHours * 3600 });
  ctx.cookies.set(deviceCookieName(ctx.config), await issueDeviceToken(ctx.db, admin.id), {
    maxAge: DEVICE_COOKIE_DAYS * 24 * 3600,
  });
  return { email: admin.email, displayName: admin.displayName, role: admin.role };
}

/** What a browser sends back from navigator.credentials (its shape is checked by @simplewebauthn/server). */
const credentialJson = z.looseObject({
  id: z.string().min(1).max(1400),
  rawId: z.string().min(1).max(1400),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(4000) }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

export const authRouter = router({
  login: publicProcedure
    .meta(NOTHING_PUBLIC)
    .input(loginInput)
    .mutation(async ({ ctx, input }) => {
      const owners = await verifyDevice(ctx.db, ctx.cookies.get(deviceCookieName(ctx.config)));
      const attempt = async () => {
        const admin = await findAdminByEmail(ctx.db, input.email);
        const device = admin && owners?.adminId === admin.id ? owners.device : null;
        const keys = loginKeys(input.email, ctx.ip, device);
        await reserveLoginAttempt(ctx.db, keys);
        const ok = await verifyPassword(input.password, admin?.passwordHash ?? DUMMY_HASH, { priority: device !== null });
        if (!admin || !ok) {
          await recordLoginFailure(ctx.db, keys);
          await writeAudit(
            ctx.db,
            { email: input.email, role: admin?.role ?? null, device: ctx.device, ip: ctx.ip },
            {
              action: admin ? 'Connexion refusée : mot de passe incorrect' : 'Connexion refusée : compte inconnu',
            },
          );
          throw new TRPCError({ code: 'UNAUTHORIZED', message: 'E-mail ou mot de passe incorrect.' });
        }
        await clearLoginFailures(ctx.db, keys);
        return admin;
      };
      // Without a device cookie, the body guard already gave this request a stranger's place
      // (http/body-guard.ts); a cookie that is not genuine takes one here.
      const holdsPlace = !ctx.cookies.get(deviceCookieName(ctx.config));
      const admin = owners || holdsPlace ? await attempt() : await asStranger(attempt, busy);
      return signedIn(ctx, admin, 'Connexion (mot de passe)');
    }),

  logout: adminProcedure.meta({ ...NOTHING_PUBLIC, roles: AREAS.account }).mutation(async ({ ctx }) => {
    // This device stops ringing: its alerts belong to the session that last saw it.
    await ctx.db.deleteFrom('pushSubscriptions').where('sessionId', '=', ctx.admin.sessionId).execute();
    await deleteSession(ctx.db, ctx.admin.sessionId);
    ctx.cookies.clear(sessionCookieName(ctx.config));
    return { ok: true };
  }),

  me: publicProcedure.query(({ ctx }) =>
    ctx.admin ? { email: ctx.admin.email, displayName: ctx.admin.displayName, role: ctx.admin.role } : null,
  ),

  /** Same answer, in the same time, whether the e-mail is known or not: the work happens after the reply. */
  requestPasswordReset: publicProcedure
    .meta({ ...NOTHING_PUBLIC, rateLimit: { limit: 5, windowSeconds: 15 * 60 } })
    .input(z.object({ email }))
    .mutation(({ ctx, input }) => {
      // Even the lookup of the e-mail waits until the answer is sent: nothing before it differs.
      ctx.afterResponse(() => startPasswordReset(ctx.db, ctx.config, input.email, ctx.log, { device: ctx.device, ip: ctx.ip }));
      return { message: RESET_REQUESTED };
    }),

  resetPassword: publicProcedure
    .meta({ ...NOTHING_PUBLIC, rateLimit: { limit: 20, windowSeconds: 15 * 60 } })
    .input(z.object({ token: z.string().min(20).max(100), password: passwordSchema }))
    .mutation(async ({ ctx, input }) => {
      if (!(await finishPasswordReset(ctx.db, input.token, input.password, { device: ctx.device, ip: ctx.ip }))) {
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: 'Ce lien de réinitialisation est invalide, déjà utilisé ou expiré. Demandez-en un nouveau.',
        });
      }
      return { message: 'Votre mot de passe a été modifié. Connectez-vous avec le nouveau mot de passe.' };
    }),

  changePassword: adminProcedure
    .meta({ ...NOTHING_PUBLIC, roles: AREAS.account })
    .input(
      z.object({
        currentPassword: z.string().min(1, 'Saisissez votre mot de passe actuel.').max(PASSWORD_MAX),
        newPassword: passwordSchema,
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const admin = await ctx.db.selectFrom('admins').select('passwordHash').where('id', '=', ctx.admin.id).executeTakeFirstOrThrow();
      if (!(await verifyPassword(input.currentPassword, admin.passwordHash, { priority: true }))) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: 'Le mot de passe actuel est incorrect.' });
      }
      const passwordHash = await hashPassword(input.newPassword);
      await ctx.db
        .updateTable('admins')
        .set({ passwordHash, updatedAt: sql<string>`now()` })
        .where('id', '=', ctx.admin.id)
        .execute();
      // Other devices must sign in again with the new password; this one stays signed in.
      await ctx.db.deleteFrom('sessions').where('adminId', '=', ctx.admin.id).where('id', '!=', ctx.admin.sessionId).execute();
      return { message: 'Mot de passe modifié.' };
    }),
  /** Sign-in with a passkey: a challenge, then the phone's signature of it. */
  passkeyOptions: publicProcedure
    .meta({ ...NOTHING_PUBLIC, rateLimit: { limit: 30, windowSeconds: 10 * 60, bucket: 'passkey' } })
    .mutation(({ ctx }) => signInOptions(ctx.db, ctx.config)),
  passkeyLogin: publicProcedure
    .meta({ ...NOTHING_PUBLIC, rateLimit: { limit: 30, windowSeconds: 10 * 60, bucket: 'passkey' } })
    .input(z.object({ response: credentialJson }))
    .mutation(async ({ ctx, input }) => {
      const admin = await verifyPasskey(ctx.db, ctx.config, input.response as unknown as AuthenticationResponseJSON).catch(
        async (error: unknown) => {
          await writeAudit(
            ctx.db,
            { email: 'inconnu', role: null, device: ctx.device, ip: ctx.ip },
            { action: 'Connexion refusée : clé d’accès' },
          );
          throw error;
        },
      );
      return signedIn(ctx, admin, 'Connexion (clé d’accès)');
    }),

  /** One's passkeys: listed, added (options, then the phone's answer), removed. */
  passkeys: adminProcedure
    .meta({ roles: AREAS.account })
    .query(({ ctx }) =>
      ctx.db
        .selectFrom('passkeys')
        .select(['id', 'name', 'createdAt', 'lastUsedAt'])
        .where('adminId', '=', ctx.admin.id)
        .orderBy('createdAt', 'desc')
        .execute(),
    ),
  passkeyRegistrationOptions: adminProcedure
    .meta({ ...NOTHING_PUBLIC, roles: AREAS.account, audit: false })
    .mutation(({ ctx }) => registrationOptions(ctx.db, ctx.config, ctx.admin)),
  addPasskey: adminProcedure
    .meta({ ...NOTHING_PUBLIC, roles: AREAS.account })
    .input(z.object({ response: credentialJson }))
    .mutation(({ ctx, input }) =>
      registerPasskey(ctx.db, ctx.config, ctx.admin.id, input.response as unknown as RegistrationResponseJSON, ctx.device),
    ),
  removePasskey: adminProcedure
    .meta({ ...NOTHING_PUBLIC, roles: AREAS.account })
    .input(z.object({ id: z.string().min(1).max(1400) }))
    .mutation(async ({ ctx, input }) => {
      const gone = await ctx.db.deleteFrom('passkeys').where('id', '=', input.id).where('adminId', '=', ctx.admin.id).executeTakeFirst();
      if (!gone.numDeletedRows) throw new TRPCError({ code: 'NOT_FOUND', message: 'Cette clé d’accès n’existe plus.' });
      return { ok: true };
    }),
});
