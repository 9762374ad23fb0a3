import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { DB } from '../db/schema';

export const TOO_MANY = 'Trop de demandes envoyées. Merci de patienter quelques minutes avant de réessayer.';

/**
 * Keys this process saw over their limit, until their window ends, per database. A refusal is then
 * answered from memory, without a database round trip: a burst from one address costs the others
 * nothing. Only refusals are remembered; the count itself stays in the database, shared by every server.
 */
const refusals = new WeakMap<object, LRUCache<string, number>>();
const memoryOf = (scope: object) => {
  let memory = refusals.get(scope);
  if (!memory) refusals.set(scope, (memory = new LRUCache<string, number>({ max: 10_000 })));
  return memory;
};

/** Whether this process already knows the key is over its limit on this database (its window not over yet). */
export const knownOverLimit = (db: DB, key: string) => (memoryOf(db).get(key) ?? 0) > Date.now();

/**
 * Fixed-window counter per key; throws TOO_MANY_REQUESTS past the limit.
 * Used for the limits procedures declare in `meta.rateLimit` (per address and procedure).
 */
export async function hitRateLimit(
  db: DB,
  key: string,
  limit: number,
  windowSeconds: number,
  message = TOO_MANY,
  /** The database whose refusals this process remembers; null inside a transaction that may roll back. */
  memory: DB | null = db,
) {
  if (memory && knownOverLimit(memory, key)) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message });
  const row = await db
    .insertInto('rateLimits')
    .values({ key, hits: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE rate_limits.hits + 1 END`,
        windowStart: sql<string>`CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE rate_limits.window_start END`,
      }),
    )
    .returning(['hits', sql<number>`extract(epoch from window_start + make_interval(secs => ${windowSeconds}) - now())`.as('left')])
    .executeTakeFirstOrThrow();
  if (row.hits > limit) {
    if (memory) memoryOf(memory).set(key, Date.now() + Number(row.left) * 1000);
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message });
  }
}
