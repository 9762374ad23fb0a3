import type { OutboxChannel, OutboxPayload } from '@app/shared';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { Logger } from './context';

// Carries out the side effects written by platform/outbox.ts, on every app server at once: a row
// is claimed under FOR UPDATE SKIP LOCKED and leased for a while, so two servers never take the
// same one, and a server that dies mid-way leaves it to another once the lease is over.

export interface Claimed {
  id: string;
  channel: OutboxChannel;
  payload: OutboxPayload;
  attempts: number;
  /** Past its `expiresAt`: given up on, not sent. */
  expired: boolean | null;
  /** The request that wrote it (platform/request-context.ts): its log lines carry the same id. */
  requestId: string | null;
}

/**
 * A delivery that failed, said in French for the "Envois", and what to do next: try again later,
 * stop and wait for the owner ('fail': a refused address), or drop it ('drop': the device is gone).
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly then: 'retry' | 'fail' | 'drop' = 'retry',
  ) {
    super(message);
  }
}

export type Deliver = (row: Claimed) => Promise<void>;

const LEASE_SECONDS = 60;
const BATCH = 10;
/** Past this many attempts (about six hours with the default delay) a message waits for "Réessayer". */
export const MAX_ATTEMPTS = 12;
const MAX_DELAY_SECONDS = 3_600;
/** How long a server that stops waits for the deliveries under way. */
const STOP_WAIT_MS = 3_000;

/** Due rows (of one channel, or of all), taken by this server for the lease. Each claim counts as an attempt. */
export async function claimDue(
  db: Kysely<Database>,
  limit = BATCH,
  leaseSeconds = LEASE_SECONDS,
  channel: OutboxChannel | null = null,
): Promise<Claimed[]> {
  const { rows } = await sql<Claimed>`
    UPDATE outbox SET locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1, updated_at = now()
    WHERE id IN (
      SELECT id FROM outbox
      WHERE status = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
        AND (${channel}::text IS NULL OR channel = ${channel})
      ORDER BY next_attempt_at LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id, channel, payload, attempts, expires_at < now() AS expired, request_id AS "requestId"`.execute(db);
  return rows;
}

/**
 * What became of a claimed row. Only the claim that took it may write it (same attempt count):
 * a server that overran its lease does not undo the work of the one that took over.
 */
async function settle(db: Kysely<Database>, row: Claimed, outcome: { sent: true } | { error: DeliveryError }, retrySeconds: number) {
  const mine = db.updateTable('outbox').where('id', '=', row.id).where('attempts', '=', row.attempts);
  if ('sent' in outcome) {
    await mine
      .set({
        status: 'sent',
        sentAt: sql<string>`now()`,
        lastError: null,
        lockedUntil: null,
        updatedAt: sql<string>`now()`,
        // A sealed link (platform/sealed.ts) is of no more use here once sent.
        payload: sql<OutboxPayload>`payload - 'sealed'`,
      })
      .execute();
    return;
  }
  const { error } = outcome;
  const status = error.then === 'drop' ? 'cancelled' : error.then === 'fail' || row.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
  const delay = Math.min(retrySeconds * 2 ** (row.attempts - 1), MAX_DELAY_SECONDS);
  await mine
    .set({
      status,
      // Given up on: a sealed link goes with it ("Réessayer" cannot bring back what has expired anyway).
      ...(status === 'cancelled' ? { payload: sql<OutboxPayload>`payload - 'sealed'` } : {}),
      lastError: error.message.slice(0, 1000),
      lockedUntil: null,
      nextAttemptAt: sql<string>`now() + make_interval(secs => ${delay})`,
      updatedAt: sql<string>`now()`,
    })
    .execute();
}

/**
 * Claims what is due (of one channel, or of all) and carries it out, until nothing is due. Returns
 * how many rows it handled.
 */
export async function runDue(
  db: Kysely<Database>,
  deliverers: Record<OutboxChannel, Deliver>,
  retrySeconds: number,
  log: Logger,
  leaseSeconds = LEASE_SECONDS,
  channel: OutboxChannel | null = null,
) {
  let handled = 0;
  for (;;) {
    const rows = await claimDue(db, BATCH, leaseSeconds, channel);
    // At once, not one after the other: a batch of slow servers still ends well inside the lease.
    await Promise.all(
      rows.map(async (row) => {
        let outcome: { sent: true } | { error: DeliveryError };
        if (row.expired)
          outcome = { error: new DeliveryError('Expiré avant de pouvoir partir : il ne servait plus à rien de l’envoyer.', 'drop') };
        else {
          try {
            await deliverers[row.channel](row);
            outcome = { sent: true };
          } catch (err) {
            outcome = {
              error:
                err instanceof DeliveryError
                  ? err
                  : new DeliveryError(`Erreur inattendue : ${err instanceof Error ? err.message : String(err)}`),
            };
            log.warn(
              { err, outboxId: row.id, channel: row.channel, requestId: row.requestId },
              `envoi en échec : ${outcome.error.message}`,
            );
          }
        }
        await settle(db, row, outcome, retrySeconds);
      }),
    );
    handled += rows.length;
    if (rows.length < BATCH) return handled;
  }
}

/**
 * Runs `runDue` every `pollMs`, and at once when woken (after a write on this server), for each
 * channel on its own: a slow service (the DGI taking 20 s to answer) delays its own messages, never
 * the owner's alerts or a customer's mail. One run at a time per channel and server; a wake during
 * a run makes it go round once more. Returns wake and stop.
 */
export function startOutboxWorker(db: Kysely<Database>, config: Config, log: Logger, deliverers: Record<OutboxChannel, Deliver>) {
  let stopped = false;
  const lanes = (Object.keys(deliverers) as OutboxChannel[]).map((channel) => {
    let running: Promise<void> | null = null;
    let again = false;
    let timer: NodeJS.Timeout | undefined;
    const schedule = () => {
      clearTimeout(timer);
      if (stopped) return;
      timer = setTimeout(wake, config.outboxPollMs);
      timer.unref();
    };
    function wake() {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = (async () => {
        do {
          again = false;
          await runDue(db, deliverers, config.outboxRetrySeconds, log, config.outboxLeaseSeconds, channel).catch((err: unknown) =>
            log.warn({ err }, 'envois : base de données indisponible, nouvel essai bientôt'),
          );
        } while (again && !stopped);
      })().finally(() => {
        running = null;
        schedule();
      });
    }
    schedule();
    return { wake, running: () => running, stop: () => clearTimeout(timer) };
  });
  return {
    wake: () => lanes.forEach((lane) => lane.wake()),
    /** Lets the work under way end, for a while: past that, its rows are another server's once their lease is out. */
    async stop() {
      stopped = true;
      for (const lane of lanes) lane.stop();
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(lanes.map((lane) => lane.running())),
        new Promise((resolve) => (wait = setTimeout(resolve, STOP_WAIT_MS))),
      ]);
      clearTimeout(wait);
    },
  };
}
