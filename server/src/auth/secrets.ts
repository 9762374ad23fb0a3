import { randomBytes } from 'node:crypto';
import type { DB } from '../db/schema';

const known = new Map<string, string>();

/**
 * A key every app server shares, made once by whichever needs it first and kept in the database
 * (never changed afterwards, so each process may remember it).
 */
export async function serverSecret(db: DB, name: string): Promise<string> {
  const remembered = known.get(name);
  if (remembered) return remembered;
  await db
    .insertInto('serverSecrets')
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const { value } = await db.selectFrom('serverSecrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  known.set(name, value);
  return value;
}
