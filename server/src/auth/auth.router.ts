import { PASSWORD_MAX } from '@app/shared';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { adminProcedure, publicProcedure, router } from '../trpc';
import { findAdminByEmail } from './admins';
import { DUMMY_HASH, verifyPassword } from './password';
import { createSession, deleteSession, findSession, sessionCookieName } from './sessions';

const loginInput = z.object({
  email: z.string().trim().max(254).pipe(z.email('Adresse e-mail invalide.')),
  password: z.string().min(1, 'Saisissez votre mot de passe.').max(PASSWORD_MAX, 'Mot de passe trop long.'),
});

export const authRouter = router({
  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const admin = await findAdminByEmail(ctx.db, input.email);
    const ok = await verifyPassword(input.password, admin?.passwordHash ?? DUMMY_HASH);
    if (!admin || !ok) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'E-mail ou mot de passe incorrect.' });
    // A new token at every login: a session id planted before sign-in is worthless after it.
    const name = sessionCookieName(ctx.config);
    const previous = await findSession(ctx.db, ctx.config, ctx.cookies.get(name));
    if (previous) await deleteSession(ctx.db, previous.sessionId);
    const token = await createSession(ctx.db, ctx.config, admin.id);
    ctx.cookies.set(name, token, { maxAge: ctx.config.sessionAbsoluteHours * 3600 });
    return { email: admin.email, displayName: admin.displayName };
  }),
  logout: adminProcedure.mutation(async ({ ctx }) => {
    await deleteSession(ctx.db, ctx.admin.sessionId);
    ctx.cookies.clear(sessionCookieName(ctx.config));
    return { ok: true };
  }),
  me: publicProcedure.query(({ ctx }) =>
    ctx.admin ? { email: ctx.admin.email, displayName: ctx.admin.displayName, role: 'admin' as const } : null,
  ),
});
