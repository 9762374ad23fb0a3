import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import type { SessionAdmin } from '../platform/context';

export const sessionCookieName = (config: Config) => (config.production ? '__Host-session' : 'session');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Where a session was opened from, as "Sessions ouvertes" shows it. */
export interface SessionDevice {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

export async function createSession(db: DB, config: Config, adminId: string, device: SessionDevice = {}): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      tokenHash: hashToken(token),
      adminId,
      userAgent: device.userAgent?.slice(0, 300) ?? null,
      ip: device.ip?.slice(0, 64) ?? null,
      expiresAt: sql<string>`now() + make_interval(hours => ${config.sessionAbsoluteHours})`,
    })
    .execute();
  return token;
}

/** The signed-in admin for a cookie token, or null when it is unknown or has expired. */
export async function findSession(db: DB, config: Config, token: string | undefined): Promise<SessionAdmin | null> {
  if (!token || token.length > 100) return null;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('admins', 'admins.id', 'sessions.adminId')
    .select(['sessions.id as sessionId', 'admins.id', 'admins.email', 'admins.displayName', 'admins.role'])
    .select(sql<boolean>`sessions.last_seen_at < now() - interval '1 minute'`.as('stale'))
    .where('sessions.tokenHash', '=', hashToken(token))
    .where('sessions.expiresAt', '>', sql<string>`now()`)
    .where('sessions.lastSeenAt', '>', sql<string>`now() - make_interval(mins => ${config.sessionIdleMinutes})`)
    .executeTakeFirst();
  if (!row) return null;
  // Sliding idle timeout; written at most once a minute to spare the database.
  if (row.stale) {
    await db
      .updateTable('sessions')
      .set({ lastSeenAt: sql<string>`now()` })
      .where('id', '=', row.sessionId)
      .execute();
  }
  return { id: row.id, email: row.email, displayName: row.displayName, role: row.role, sessionId: row.sessionId };
}

export async function deleteSession(db: DB, sessionId: string) {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}
