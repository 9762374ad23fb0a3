import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { DB } from '../db/schema';

/**
 * Fixed-window counter per key; throws TOO_MANY_REQUESTS past the limit.
 * Used for the limits procedures declare in `meta.rateLimit` (per address and procedure).
 */
export async function hitRateLimit(
  db: DB,
  key: string,
  limit: number,
  windowSeconds: number,
  message = 'Trop de demandes envoyées. Merci de patienter quelques minutes avant de réessayer.',
) {
  const row = await db
    .insertInto('rateLimits')
    .values({ key, hits: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE rate_limits.hits + 1 END`,
        windowStart: sql<string>`CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE rate_limits.window_start END`,
      }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  if (row.hits > limit) {
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message });
  }
}
