import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import { findAdminByEmail } from './admins';
import { enqueueMail } from '../platform/outbox';
import { hashPassword } from './password';
import { hashToken } from './sessions';
import { clearAccountLock } from './throttle';
import type { Logger } from '../platform/context';
import { writeAudit } from '../platform/audit';

/** Where a request came from, for the audit log. */
type From = { device?: string | undefined; ip?: string | undefined };

export const RESET_LINK_PATH = '/admin/reset-password';
const NO_ADMIN = '00000000-0000-0000-0000-000000000000';

/** Reset mails one account receives in an hour, whoever asks: strangers cannot fill the owner's box. */
export const RESET_MAILS_PER_HOUR = 3;

/**
 * Creates a single-use token (256 bits, stored hashed, one hour) for a known admin and mails the
 * link. A link already sent keeps working until it expires or one of them is used (then all die):
 * a stranger's request never spoils the one the owner is about to open. The link's host is
 * PUBLIC_URL, never the request's Host header.
 */
export async function startPasswordReset(db: DB, config: Config, email: string, log: Logger, from: From = {}) {
  const admin = await findAdminByEmail(db, email);
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  const link = `${config.publicUrl}${RESET_LINK_PATH}?token=${token}`;
  // The same statements run for an unknown e-mail (on no row), so the database's load does not tell either.
  const sent = await db.transaction().execute(async (tx) => {
    // One request at a time per account, so the hourly cap holds against a burst.
    await tx
      .selectFrom('admins')
      .select('id')
      .where('id', '=', admin?.id ?? NO_ADMIN)
      .forUpdate()
      .execute();
    await tx
      .deleteFrom('passwordResetTokens')
      .where('expiresAt', '<', sql<string>`now()`)
      .execute();
    const recent = await tx
      .selectFrom('passwordResetTokens')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('adminId', '=', admin?.id ?? NO_ADMIN)
      .where('createdAt', '>', sql<string>`now() - interval '1 hour'`)
      .executeTakeFirstOrThrow();
    if (!admin || Number(recent.n) >= RESET_MAILS_PER_HOUR) return false;
    await tx
      .insertInto('passwordResetTokens')
      .values({ adminId: admin.id, tokenHash, expiresAt: sql<string>`now() + interval '1 hour'` })
      .execute();
    await writeAudit(tx, { email: admin.email, role: admin.role, ...from }, { action: 'Réinitialisation du mot de passe demandée' });
    // Sent late is no use: the link dies with the token, and the outbox forgets it once sent.
    await enqueueMail(tx, {
      to: admin.email,
      subject: 'Réinitialisation de votre mot de passe',
      expiresInMinutes: 60,
      secret: link,
      text: [
        'Bonjour,',
        '',
        'Une réinitialisation du mot de passe de votre espace administration a été demandée.',
        'Pour choisir un nouveau mot de passe, ouvrez ce lien (valable une heure, une seule fois) :',
        '',
        link,
        '',
        "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
      ].join('\n'),
    });
    return true;
  });
  // Without SMTP the local outbox is the only way to reach the link: say where it is. The link itself
  // (a secret) is logged only outside production, where it makes the flow usable on a fresh machine.
  if (sent && !config.smtpUrl)
    log.info(`E-mail de réinitialisation déposé dans ${config.dataDir}/outbox${config.production ? '.' : ` : ${link}`}`);
}

/** Sets the new password and ends every session. Returns false for an unknown, used or expired token. */
export async function finishPasswordReset(db: DB, token: string, password: string, from: From = {}): Promise<boolean> {
  // A made-up token costs one indexed read, never a hash.
  const known = await db
    .selectFrom('passwordResetTokens')
    .select('adminId')
    .where('tokenHash', '=', hashToken(token))
    .where('expiresAt', '>', sql<string>`now()`)
    .executeTakeFirst();
  if (!known) return false;
  const passwordHash = await hashPassword(password);
  // Taken under the transaction: of two uses of one link racing, one wins.
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .deleteFrom('passwordResetTokens')
      .where('tokenHash', '=', hashToken(token))
      .returning(['adminId', sql<boolean>`expires_at > now()`.as('valid')])
      .executeTakeFirst();
    if (!row?.valid) return false;
    await tx
      .updateTable('admins')
      .set({ passwordHash, updatedAt: sql<string>`now()` })
      .where('id', '=', row.adminId)
      .execute();
    await tx.deleteFrom('sessions').where('adminId', '=', row.adminId).execute();
    await tx.deleteFrom('passwordResetTokens').where('adminId', '=', row.adminId).execute();
    const { email, role } = await tx.selectFrom('admins').select(['email', 'role']).where('id', '=', row.adminId).executeTakeFirstOrThrow();
    await clearAccountLock(tx, email);
    await writeAudit(tx, { email, role, ...from }, { action: 'Mot de passe réinitialisé par le lien reçu' });
    return true;
  });
}
