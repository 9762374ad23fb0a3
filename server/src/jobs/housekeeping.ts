import { sql } from 'kysely';
import { eraseDue } from '../customers/privacy';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import { purgeUnusedMedia } from '../media/gc';
import { purgeOldMedia } from '../whatsapp/media';
import { releaseUnconfirmedOrders } from '../orders/release';
import { sessionStartedWithin } from '../sessions/seats';
import { remindSessions } from '../sessions/reminders';
import { AUDIT_KEEP_DAYS } from '../platform/audit';
import type { Logger } from '../platform/context';
import type { CacheTag } from '../trpc';
import type { ScheduledJob } from '../platform/scheduler';

const HOUR = 3_600_000;

/**
 * Deletes what can no longer be used: ended sessions, expired reset tokens, throttling rows
 * old enough to have been forgotten anyway, spent invitations, audit entries over a year old, customers' PDFs rendered and WhatsApp webhook
 * bodies received over 30 days ago, the files customers sent on WhatsApp past the days set in Paramètres, and
 * uploaded photos no record uses. Each statement is idempotent (the scheduler runs
 * it on one server at a time, and a run cut short is finished by the next).
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
    // Invitations nobody used, a week after they expired.
    db
      .deleteFrom('invitations')
      .where('expiresAt', '<', sql<string>`now() - interval '7 days'`)
      .executeTakeFirst(),
    // The audit log keeps a year.
    db
      .deleteFrom('auditLog')
      .where('createdAt', '<', sql<string>`now() - make_interval(days => ${AUDIT_KEEP_DAYS})`)
      .executeTakeFirst(),
    // A customer's PDF rendered long ago: rendered again if she ever asks for it.
    db
      .deleteFrom('renderedDocuments')
      .where('createdAt', '<', sql<string>`now() - interval '30 days'`)
      .executeTakeFirst(),
    // Mon espace: codes a day old, sessions closed or expired a month ago.
    db
      .deleteFrom('customerCodes')
      .where('createdAt', '<', sql<string>`now() - interval '1 day'`)
      .executeTakeFirst(),
    db
      .deleteFrom('customerSessions')
      .where((eb) => eb.or([eb('expiresAt', '<', sql<string>`now()`), eb('revokedAt', '<', sql<string>`now() - interval '30 days'`)]))
      .executeTakeFirst(),
    // What Meta posted to the webhook, handled long since (its messages and statuses are kept).
    db
      .deleteFrom('whatsappWebhooks')
      .where('receivedAt', '<', sql<string>`now() - interval '30 days'`)
      .executeTakeFirst(),
  ]);
  const [sessions, resetTokens, rateLimits, loginFailures, invitations, audit, documents, customerCodes, customerSessions, webhooks] =
    counts.map((r) => Number(r.numDeletedRows));
  const media = await purgeUnusedMedia(db);
  const whatsappFiles = await purgeOldMedia(db);
  return {
    sessions,
    resetTokens,
    rateLimits,
    loginFailures,
    invitations,
    audit,
    documents,
    customerCodes,
    customerSessions,
    webhooks,
    media,
    whatsappFiles,
  };
}

/**
 * The shop's timed jobs, each run once a period by one server (`startScheduler`): purge a minute
 * after the first start, then hourly; release unconfirmed orders past their delay every five
 * minutes (`invalidate` tells every server's cache that stock came back); queue tomorrow's session
 * reminders every quarter of an hour; drop the shop's cached sessions within a minute of one
 * beginning. A failed job is logged and tried again a minute later.
 */
export function housekeepingJobs(
  db: DB,
  config: Config,
  log: Logger,
  invalidate: (deps: readonly CacheTag[]) => Promise<void>,
): ScheduledJob[] {
  return [
    {
      name: 'purge',
      every: HOUR,
      firstAfter: 60_000,
      run: async () => log.info({ deleted: await purgeExpired(db, config) }, 'housekeeping: expired rows purged'),
    },
    {
      name: 'release-unconfirmed-orders',
      every: 5 * 60_000,
      firstAfter: 30_000,
      run: async () => {
        const released = await releaseUnconfirmedOrders(db, config, log);
        if (!released) return;
        await invalidate(['products', 'courseSessions']);
        log.info({ released }, 'commandes non confirmées annulées, stock remis en vente');
      },
    },
    {
      name: 'session-reminders',
      every: 15 * 60_000,
      firstAfter: 45_000,
      run: async () => {
        const reminded = await remindSessions(db, config);
        if (reminded) log.info({ reminded }, 'rappels des sessions de demain mis en file');
      },
    },
    // A customer's erasure asked while an order was on its way, done once it has arrived (customers/privacy.ts).
    {
      name: 'pending-erasures',
      every: 15 * 60_000,
      firstAfter: 90_000,
      run: async () => {
        const erased = await eraseDue(db);
        if (erased) log.info({ erased }, 'données de clients effacées à leur demande');
      },
    },
    // A session that began leaves the shop's list (cached until a write) within the minute.
    { name: 'sessions-started', every: 60_000, run: async () => (await sessionStartedWithin(db, 2)) && invalidate(['courseSessions']) },
  ];
}
