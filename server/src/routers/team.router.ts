import { acceptSchema, AREAS, invitationToken, inviteSchema, MANAGERS, setRoleSchema } from '@app/shared';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { idInput } from '../crud/crud-router';
import { signedIn } from './auth.router';
import {
  acceptInvitation,
  invite,
  openInvitation,
  openSessions,
  pendingInvitations,
  removeMember,
  setRole,
  teamMembers,
} from '../team/team';
import { adminProcedure, publicProcedure, router } from '../trpc';

/** Nothing here is public: no cache to drop. */
const NOTHING_PUBLIC = { invalidates: [] } as const;
const ownerOnly = adminProcedure.meta({ ...NOTHING_PUBLIC, roles: AREAS.team });
const account = adminProcedure.meta({ ...NOTHING_PUBLIC, roles: AREAS.account });
const someone = z.strictObject({ adminId: z.uuid('Identifiant invalide.').optional() });

/** The owner's team (server/src/team/team.ts): invitations, roles, leaving; everyone's own sessions. */
export const teamRouter = router({
  members: ownerOnly.query(({ ctx }) => teamMembers(ctx.db)),
  /** The couriers an order can be given to (the managers assign deliveries). */
  couriers: adminProcedure
    .meta({ roles: MANAGERS })
    .query(({ ctx }) =>
      ctx.db
        .selectFrom('admins')
        .select(['id', 'displayName', 'email', 'phone'])
        .where('role', '=', 'courier')
        .orderBy('displayName')
        .execute(),
    ),
  invitations: ownerOnly.query(({ ctx }) => pendingInvitations(ctx.db)),
  invite: ownerOnly
    .meta({ audit: 'invitations' })
    .input(inviteSchema)
    .mutation(({ ctx, input }) => invite(ctx.db, ctx.config, input, ctx.admin)),
  revokeInvitation: ownerOnly
    .meta({ audit: 'invitations' })
    .input(idInput)
    .mutation(async ({ ctx, input }) => {
      await ctx.db.updateTable('invitations').set({ revokedAt: new Date().toISOString() }).where('id', '=', input.id).execute();
      return { ok: true };
    }),
  setRole: ownerOnly
    .meta({ audit: 'admins' })
    .input(setRoleSchema)
    .mutation(({ ctx, input }) => setRole(ctx.db, input.id, input.role)),
  remove: ownerOnly
    .meta({ audit: 'admins' })
    .input(idInput)
    .mutation(({ ctx, input }) => removeMember(ctx.db, input.id)),

  /** The invitation a link opens: who is invited, as what (or why it no longer works). */
  invitation: publicProcedure
    .meta({ rateLimit: { limit: 30, windowSeconds: 10 * 60 } })
    .input(z.strictObject({ token: invitationToken }))
    .query(({ ctx, input }) => openInvitation(ctx.db, input.token)),
  /** The invited person chooses a password and is signed in. */
  accept: publicProcedure
    .meta({ ...NOTHING_PUBLIC, rateLimit: { limit: 10, windowSeconds: 10 * 60 } })
    .input(acceptSchema)
    .mutation(async ({ ctx, input }) => {
      const admin = await acceptInvitation(ctx.db, input.token, input.password);
      return signedIn(ctx, admin, 'Invitation acceptée');
    }),

  /** One's own open sessions, or (the owner) anyone's. */
  sessions: account.input(someone).query(async ({ ctx, input }) => {
    const adminId = whose(ctx.admin, input.adminId);
    return (await openSessions(ctx.db, adminId)).map((s) => ({ ...s, current: s.id === ctx.admin.sessionId }));
  }),
  /** "Se déconnecter partout": every session but this one (one's own), or all of someone's (the owner). */
  endSessions: account.input(someone).mutation(async ({ ctx, input }) => {
    const adminId = whose(ctx.admin, input.adminId);
    let query = ctx.db.deleteFrom('sessions').where('adminId', '=', adminId);
    if (adminId === ctx.admin.id) query = query.where('id', '!=', ctx.admin.sessionId);
    const ended = await query.executeTakeFirst();
    return { ended: Number(ended.numDeletedRows) };
  }),
});

/** Oneself, or someone else when the owner asks. */
function whose(admin: { id: string; role: string }, adminId: string | undefined) {
  if (!adminId || adminId === admin.id) return admin.id;
  if (admin.role !== 'owner')
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Seul le propriétaire peut voir ou fermer les sessions d’une autre personne.' });
  return adminId;
}
