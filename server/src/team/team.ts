import { randomBytes } from 'node:crypto';
import { formatXOF, ROLE_LABELS, type Role, whatsappLink } from '@app/shared';
import { cashToHandOver } from './rounds';
import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import { hashPassword } from '../auth/password';
import { hashToken } from '../auth/sessions';
import { enqueueMail } from '../platform/outbox';

/** An invitation is good once, for 48 hours. */
export const INVITATION_HOURS = 48;
export const INVITATION_PATH = '/admin/invitation';
export const INVITATION_GONE =
  'Cette invitation n’est plus valable (déjà utilisée, annulée ou expirée au bout de 48 heures). Demandez-en une nouvelle au propriétaire.';
export const LAST_OWNER = 'La boutique doit garder au moins un propriétaire : nommez-en un autre d’abord.';

const refuse = (code: 'BAD_REQUEST' | 'CONFLICT' | 'NOT_FOUND', message: string): never => {
  throw new TRPCError({ code, message });
};

/** The team: each person, their role, and when they last used the admin. */
export function teamMembers(db: DB) {
  return db
    .selectFrom('admins')
    .select(['admins.id', 'email', 'displayName', 'role', 'phone', 'admins.createdAt'])
    .select((eb) =>
      eb
        .selectFrom('sessions')
        .select((s) => s.fn.max('lastSeenAt').as('at'))
        .whereRef('sessions.adminId', '=', 'admins.id')
        .as('lastSeenAt'),
    )
    .orderBy('createdAt')
    .execute();
}

export function pendingInvitations(db: DB) {
  return db
    .selectFrom('invitations')
    .select(['id', 'email', 'displayName', 'phone', 'role', 'invitedBy', 'createdAt', 'expiresAt'])
    .where('usedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', sql<string>`now()`)
    .orderBy('createdAt', 'desc')
    .execute();
}

/** A new invitation: its link (shown once to the owner, mailed, and ready for WhatsApp). */
export async function invite(
  db: DB,
  config: Config,
  input: { email: string; displayName: string; phone?: string | undefined; role: Role },
  by: { email: string; displayName: string },
) {
  const token = randomBytes(32).toString('base64url');
  const link = `${config.publicUrl}${INVITATION_PATH}?token=${token}`;
  const shop = await db.selectFrom('settings').select('businessName').executeTakeFirst();
  const name = shop?.businessName ?? 'la boutique';
  const message = `Bonjour ${input.displayName}, ${by.displayName} vous invite à rejoindre l’équipe de ${name} (${ROLE_LABELS[input.role]}). Choisissez votre mot de passe ici (lien valable 48 heures, une seule fois) : ${link}`;
  const id = await db.transaction().execute(async (tx) => {
    const taken = await tx
      .selectFrom('admins')
      .select('id')
      .where(sql`lower(email)`, '=', input.email)
      .executeTakeFirst();
    if (taken) refuse('CONFLICT', 'Cette adresse e-mail a déjà un compte dans l’équipe.');
    // A new invitation replaces one still waiting for the same person.
    await tx
      .updateTable('invitations')
      .set({ revokedAt: sql<string>`now()` })
      .where('email', '=', input.email)
      .where('usedAt', 'is', null)
      .where('revokedAt', 'is', null)
      .execute();
    const { id } = await tx
      .insertInto('invitations')
      .values({
        tokenHash: hashToken(token),
        email: input.email,
        displayName: input.displayName,
        phone: input.phone || null,
        role: input.role,
        invitedBy: by.email,
        expiresAt: sql<string>`now() + make_interval(hours => ${INVITATION_HOURS})`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enqueueMail(tx, {
      to: input.email,
      subject: `Invitation à rejoindre l’équipe de ${name}`,
      expiresInMinutes: INVITATION_HOURS * 60,
      secret: link,
      text: `${message}\n\nSi vous ne vous attendiez pas à cette invitation, ignorez ce message.`,
    });
    return id;
  });
  return { id, link, whatsapp: input.phone ? whatsappLink(input.phone, message) : null };
}

/** An invitation still good, for its page: who is invited, as what. */
export async function openInvitation(db: DB, token: string) {
  const row = await db
    .selectFrom('invitations')
    .select(['email', 'displayName', 'role'])
    .where('tokenHash', '=', hashToken(token))
    .where('usedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', sql<string>`now()`)
    .executeTakeFirst();
  return row ? { ...row, roleLabel: ROLE_LABELS[row.role] } : refuse('NOT_FOUND', INVITATION_GONE);
}

/** The invited person chooses a password: their account exists from here, the invitation is spent. */
export async function acceptInvitation(db: DB, token: string, password: string) {
  // Hashed before the transaction (bcrypt is slow); the link is checked again inside it.
  await openInvitation(db, token);
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (tx) => {
    const invitation = await tx
      .updateTable('invitations')
      .set({ usedAt: sql<string>`now()` })
      .where('tokenHash', '=', hashToken(token))
      .where('usedAt', 'is', null)
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', sql<string>`now()`)
      .returning(['email', 'displayName', 'phone', 'role'])
      .executeTakeFirst();
    if (!invitation) return refuse('NOT_FOUND', INVITATION_GONE);
    const taken = await tx
      .selectFrom('admins')
      .select('id')
      .where(sql`lower(email)`, '=', invitation.email)
      .executeTakeFirst();
    if (taken) return refuse('CONFLICT', 'Cette adresse e-mail a déjà un compte : connectez-vous avec son mot de passe.');
    return tx
      .insertInto('admins')
      .values({ ...invitation, passwordHash })
      .returning(['id', 'email', 'displayName', 'role'])
      .executeTakeFirstOrThrow();
  });
}

/** Owners left once this account is no longer one: refused at zero, under a lock two owners share. */
async function keepAnOwner(tx: DB, id: string) {
  await sql`SELECT pg_advisory_xact_lock(hashtext('team-owners'))`.execute(tx);
  const others = await tx
    .selectFrom('admins')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('role', '=', 'owner')
    .where('id', '!=', id)
    .executeTakeFirstOrThrow();
  if (Number(others.n) === 0) refuse('CONFLICT', LAST_OWNER);
}

export async function setRole(db: DB, id: string, role: Role) {
  return db.transaction().execute(async (tx) => {
    const member = await tx.selectFrom('admins').select(['id', 'role']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!member) return refuse('NOT_FOUND', 'Cette personne ne fait plus partie de l’équipe.');
    if (member.role === 'owner' && role !== 'owner') await keepAnOwner(tx, id);
    await tx
      .updateTable('admins')
      .set({ role, updatedAt: sql<string>`now()` })
      .where('id', '=', id)
      .execute();
    return { id, role };
  });
}

/** Removing someone ends their sessions at once (they cascade with the account). */
export async function removeMember(db: DB, id: string) {
  return db.transaction().execute(async (tx) => {
    const member = await tx.selectFrom('admins').select(['id', 'role']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!member) return refuse('NOT_FOUND', 'Cette personne ne fait plus partie de l’équipe.');
    if (member.role === 'owner') await keepAnOwner(tx, id);
    // A courier still holding the shop's cash: the owner records his handover first (never dropped from the figures).
    const held = await cashToHandOver(tx, id);
    if (held.total > 0)
      refuse(
        'CONFLICT',
        `Cette personne détient encore ${formatXOF(held.total)} d’espèces encaissées (${held.count} livraison(s)) : enregistrez sa remise d’espèces dans « Tournées » avant de la retirer de l’équipe.`,
      );
    await tx.deleteFrom('admins').where('id', '=', id).execute();
    return { id };
  });
}

/** A person's open sessions, most recent first ("Sessions ouvertes"). */
export function openSessions(db: DB, adminId: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'userAgent', 'ip', 'createdAt', 'lastSeenAt'])
    .where('adminId', '=', adminId)
    .where('expiresAt', '>', sql<string>`now()`)
    .orderBy('lastSeenAt', 'desc')
    .execute();
}
