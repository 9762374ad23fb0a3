import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../db/schema';
import { hashPassword } from './password';
import { clearAccountLock } from './throttle';

export const findAdminByEmail = (db: DB, email: string) =>
  db
    .selectFrom('admins')
    .selectAll()
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();

/** A first name to call someone by before they choose one: awa.dossou@… → « Awa Dossou ». */
export const nameFromEmail = (email: string) =>
  (email.split('@')[0] ?? '')
    .replace(/\+.*$/, '')
    .split(/[._-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
    .slice(0, 100) || 'Propriétaire';

/** Creates the admin, or resets the password of an existing one (and signs it out everywhere). */
export async function upsertAdmin(db: DB, email: string, password: string): Promise<'created' | 'updated'> {
  const passwordHash = await hashPassword(password);
  const normalized = email.trim().toLowerCase();
  return db.transaction().execute(async (tx) => {
    const existing = await findAdminByEmail(tx, normalized);
    if (existing) {
      await tx
        .updateTable('admins')
        .set({ passwordHash, updatedAt: sql<string>`now()` })
        .where('id', '=', existing.id)
        .execute();
      await tx.deleteFrom('sessions').where('adminId', '=', existing.id).execute();
      await clearAccountLock(tx, normalized);
      return 'updated';
    }
    await tx
      .insertInto('admins')
      .values({ email: normalized, passwordHash, role: 'owner', displayName: nameFromEmail(normalized) })
      .execute();
    return 'created';
  });
}

/**
 * First start: make sure someone can sign in. From ADMIN_EMAIL/ADMIN_PASSWORD
 * when set, otherwise with a random password shown once on the console.
 */
export async function ensureFirstAdmin(db: DB, env: { adminEmail?: string | undefined; adminPassword?: string | undefined }) {
  const none = async (q: DB) =>
    Number(
      (
        await q
          .selectFrom('admins')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    ) === 0;
  if (!(await none(db))) return null;
  const email = env.adminEmail ?? 'admin@boutique.local';
  const password = env.adminPassword ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  // Several servers starting at once on a new database: one creates the admin, the others see it.
  const created = await db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('first-admin'))`.execute(tx);
    if (!(await none(tx))) return false;
    const normalized = email.trim().toLowerCase();
    await tx
      .insertInto('admins')
      .values({ email: normalized, passwordHash, role: 'owner', displayName: nameFromEmail(normalized) })
      .execute();
    return true;
  });
  if (!created) return null;
  // The password made here, for main.ts to print once (the only way the owner learns it; never logged).
  return { email, generatedPassword: env.adminPassword ? null : password };
}
