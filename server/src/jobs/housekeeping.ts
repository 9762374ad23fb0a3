import { sql } from 'kysely';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import { purgeUnusedMedia } from '../media/gc';
import { releaseUnconfirmedOrders } from '../orders/release';
import { sessionStartedWithin } from '../orders/seats';
import { remindSessions } from '../orders/session-reminders';
import type { Logger } from '../platform/context';

const HOUR = 3_600_000;

/**
 * Deletes what can no longer be used: ended sessions, expired reset tokens, throttling rows
 * old enough to have been forgotten anyway, customers' PDFs rendered over 30 days ago, and
 * uploaded photos no record uses. Each statement is idempotent, so several servers
 * running it at once is harmless.
 */
export async function purgeExpired(db: DB, config: Config) {
  const counts = await Promise.all([
    db
      .deleteFrom('sessions')
      .where((eb) =>
        eb.or([
          eb('expiresAt', '<', sql<string>`now()`),
          eb('lastSeenAt', '<', sql<string>`now() - make_interval(mins => ${config.sessionIdleMinutes})`),
        ]),
      )
      .executeTakeFirst(),
    db
      .deleteFrom('passwordResetTokens')
      .where('expiresAt', '<', sql<string>`now()`)
      .executeTakeFirst(),
    db
      .deleteFrom('rateLimits')
      .where('windowStart', '<', sql<string>`now() - interval '1 day'`)
      .executeTakeFirst(),
    db
      .deleteFrom('loginFailures')
      .where('lastFailureAt', '<', sql<string>`now() - interval '1 day'`)
      .executeTakeFirst(),
    // A customer's PDF rendered long ago: rendered again if she ever asks for it.
    db
      .deleteFrom('renderedDocuments')
      .where('createdAt', '<', sql<string>`now() - interval '30 days'`)
      .executeTakeFirst(),
  ]);
  const [sessions, resetTokens, rateLimits, loginFailures, documents] = counts.map((r) => Number(r.numDeletedRows));
  const media = await purgeUnusedMedia(db);
  return { sessions, resetTokens, rateLimits, loginFailures, documents, media };
}

/**
 * Purges a minute after start, then every hour; releases unconfirmed orders past their delay every
 * five minutes (`invalidate` tells every server's cache that stock came back); queues tomorrow's
 * session reminders every quarter of an hour, and drops the shop's cached sessions within a minute
 * of one beginning. The returned function stops it.
 */
export function startHousekeeping(db: DB, config: Config, log: Logger, invalidate: (deps: readonly string[]) => Promise<void>): () => void {
  const purge = () =>
    void purgeExpired(db, config)
      .then((deleted) => log.info({ deleted }, 'housekeeping: expired rows purged'))
      .catch((err: unknown) => log.warn({ err }, 'housekeeping: purge failed, will retry'));
  const release = () =>
    void releaseUnconfirmedOrders(db, config, log)
      .then(async (released) => {
        if (!released) return;
        await invalidate(['products', 'courseSessions']);
        log.info({ released }, 'commandes non confirmées annulées, stock remis en vente');
      })
      .catch((err: unknown) => log.warn({ err }, 'housekeeping: release failed, will retry'));
  const remind = () =>
    void remindSessions(db, config)
      .then((reminded) => reminded && log.info({ reminded }, 'rappels des sessions de demain mis en file'))
      .catch((err: unknown) => log.warn({ err }, 'housekeeping: session reminders failed, will retry'));
  // A session that began leaves the shop's list (cached until a write) within the minute.
  const sweep = () =>
    void sessionStartedWithin(db, 2)
      .then((started) => (started ? invalidate(['courseSessions']) : undefined))
      .catch((err: unknown) => log.warn({ err }, 'housekeeping: started sessions check failed, will retry'));
  const timers = [
    setTimeout(purge, 60_000),
    setInterval(purge, HOUR),
    setTimeout(release, 30_000),
    setInterval(release, 5 * 60_000),
    setTimeout(remind, 45_000),
    setInterval(remind, 15 * 60_000),
    setInterval(sweep, 60_000),
  ];
  for (const timer of timers) timer.unref();
  return () => timers.forEach((timer) => clearInterval(timer));
}
