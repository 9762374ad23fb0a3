import { randomBytes } from 'node:crypto';
import type { DB } from '../db/schema';

/** Per database (a test process opens several): name -> value. */
const known = new WeakMap<DB, Map<string, string>>();

/**
 * A key every app server shares, made once by whichever needs it first and kept in the database
 * (never changed afterwards, so each process may remember it).
 */
export async function serverSecret(db: DB, name: string, make = () => randomBytes(32).toString('base64url')): Promise<string> {
  let mine = known.get(db);
  if (!mine) known.set(db, (mine = new Map()));
  const remembered = mine.get(name);
  if (remembered) return remembered;
  await db
    .insertInto('serverSecrets')
    .values({ name, value: make() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const { value } = await db.selectFrom('serverSecrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  mine.set(name, value);
  return value;
}
