import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../db/schema';
import { hashPassword } from './password';

export const findAdminByEmail = (db: DB, email: string) =>
  db
    .selectFrom('admins')
    .selectAll()
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();

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
      return 'updated';
    }
    await tx.insertInto('admins').values({ email: normalized, passwordHash }).execute();
    return 'created';
  });
}

/**
 * First start: make sure someone can sign in. From ADMIN_EMAIL/ADMIN_PASSWORD
 * when set, otherwise with a random password shown once on the console.
 */
export async function ensureFirstAdmin(db: DB, env: { adminEmail?: string | undefined; adminPassword?: string | undefined }) {
  const { count } = await db
    .selectFrom('admins')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(count) > 0) return null;
  const email = env.adminEmail ?? 'admin@boutique.local';
  const password = env.adminPassword ?? randomBytes(12).toString('base64url');
  await upsertAdmin(db, email, password);
  if (!env.adminPassword) {
    // Printed once, on purpose: it is the only way the owner learns it. Not sent to the log.
    console.log(
      `\n  Premier administrateur créé : ${email}\n  Mot de passe (affiché une seule fois) : ${password}\n` +
        `  Changez-le dans l’administration (Mon compte), ou, boutique arrêtée : npm run admin:create -- --email ${email}\n`,
    );
  }
  return email;
}
