import { sql } from 'kysely';
import { eraseDue } from '../customers/privacy';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import { purgeUnusedMedia } from '../media/gc';
import { moveFilesOut, purgeUnusedFiles } from '../files/holders';
import { filesOf } from '../db/files';
import { queueUnfinishedLetters } from '../newsletter/letters';
import { purgeOldMedia } from '../whatsapp/media';
import { releaseUnconfirmedOrders } from '../orders/release';
import { sessionStartedWithin } from '../sessions/seats';
import { remindSessions } from '../sessions/reminders';
import type { Logger } from '../platform/context';
import type { CacheTag } from '../trpc';
import type { ScheduledJob } from '../platform/scheduler';

const HOUR = 3_600_000;
/**
 * Rows deleted per statement from the large log-like tables: a first purge of a year of them, on the
 * embedded database, never holds it for long (shoppers' queries pass between two statements).
 */
export const PURGE_BATCH = 2000;

/** Runs a batched DELETE again until it deletes less than a batch; returns how many in all. */
async function inBatches(batch: () => Promise<{ numAffectedRows?: bigint }>) {
  let total = 0;
  for (;;) {
    const n = Number((await batch()).numAffectedRows ?? 0);
    total += n;
    if (n < PURGE_BATCH) return total;
  }
}

/**
 * The "Envois" sent or given up on more than `keepDays` ago. Kept: what waits or failed (the owner
 * may still retry it), anything recent (a WhatsApp status or the newsletter's one-confirmation-an-hour
 * read the last days), and every row of a letter still under way (queued or waiting). A letter's
 * rows leave their counts on its sending as they go, so its figures stay right.
 */
export async function purgeSettledOutbox(db: DB, keepDays: number) {
  const unfinished = (
    await sql<{ id: string }>`
      SELECT newsletter_id::text AS id FROM newsletter_sendings WHERE queued_at IS NULL
      UNION SELECT DISTINCT payload->>'newsletterId' FROM outbox WHERE status = 'pending' AND (payload->>'newsletterId') IS NOT NULL`.execute(
      db,
    )
  ).rows.map((r) => r.id);
  return inBatches(() =>
    sql`
      WITH gone AS (
        DELETE FROM outbox WHERE id IN (
          SELECT id FROM outbox
          WHERE status IN ('sent', 'cancelled') AND updated_at < now() - make_interval(days => ${keepDays})
            AND coalesce(payload->>'newsletterId', '') <> ALL(${unfinished}::text[])
          ORDER BY updated_at LIMIT ${PURGE_BATCH})
        RETURNING payload->>'newsletterId' AS letter, status
      ), counted AS (
        INSERT INTO newsletter_sendings AS s (newsletter_id, queued_at, sent, failed)
        SELECT n.id, now(), count(*) FILTER (WHERE g.status = 'sent'), count(*) FILTER (WHERE g.status = 'cancelled')
        FROM gone g JOIN newsletters n ON n.id::text = g.letter
        GROUP BY n.id
        ON CONFLICT (newsletter_id) DO UPDATE SET sent = s.sent + excluded.sent, failed = s.failed + excluded.failed
        RETURNING 1
      )
      SELECT count(*) FROM gone`
      .execute(db)
      .then((r) => ({ numAffectedRows: BigInt((r.rows[0] as { count: string } | undefined)?.count ?? 0) })),
  );
}

/**
 * Deletes what can no longer be used: ended sessions, expired reset tokens, throttling rows
 * old enough to have been forgotten anyway, spent invitations, audit entries and settled "Envois" past the days set in
 * Paramètres, customers' PDFs rendered and WhatsApp webhook
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
  const [sessions, resetTokens, rateLimits, loginFailures, invitations, documents, customerCodes, customerSessions, webhooks] = counts.map(
    (r) => Number(r.numDeletedRows),
  );
  const keep = await db.selectFrom('settings').select(['outboxKeepDays', 'auditKeepDays']).executeTakeFirst();
  // The journal d'audit keeps what Paramètres says (a year by default).
  const audit = await inBatches(() =>
    sql`DELETE FROM audit_log WHERE id IN (
          SELECT id FROM audit_log WHERE created_at < now() - make_interval(days => ${keep?.auditKeepDays ?? 365})
          ORDER BY created_at LIMIT ${PURGE_BATCH})`.execute(db),
  );
  const outbox = await purgeSettledOutbox(db, keep?.outboxKeepDays ?? 90);
  const media = await purgeUnusedMedia(db);
  const whatsappFiles = await purgeOldMedia(db);
  // After the rows: the files they left unused go a day later (files/holders.ts).
  const files = await purgeUnusedFiles(db, filesOf(config));
  return {
    sessions,
    resetTokens,
    rateLimits,
    loginFailures,
    invitations,
    audit,
    outbox,
    documents,
    customerCodes,
    customerSessions,
    webhooks,
    media,
    whatsappFiles,
    files,
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
    // A letter whose queuing a stopped server left half done (newsletter/letters.ts).
    {
      name: 'letters-queue',
      every: 60_000,
      run: async () => {
        const letters = await queueUnfinishedLetters(db);
        if (letters) log.info({ letters }, 'lettres d’information : mise en file reprise');
      },
    },
    // Files still in the database (written before the file store) moved out, a few at a time.
    {
      name: 'files-move',
      every: 60_000,
      firstAfter: 20_000,
      run: async () => {
        const moved = await moveFilesOut(db, filesOf(config));
        if (moved) log.info({ moved, to: filesOf(config).where }, 'fichiers sortis de la base');
      },
    },
    // A session that began leaves the shop's list (cached until a write) within the minute.
    { name: 'sessions-started', every: 60_000, run: async () => (await sessionStartedWithin(db, 2)) && invalidate(['courseSessions']) },
  ];
}
