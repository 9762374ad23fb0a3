import { sql } from 'kysely';
import type { DB } from '../db/schema';
import type { Logger } from './context';

/** A job run once a period by whichever server claims it first. */
export interface ScheduledJob {
  name: string;
  /** Its period, in milliseconds. */
  every: number;
  /** How long after its first registration it first runs (default: one period). */
  firstAfter?: number;
  /** Idempotent: a server that stops mid-run leaves it for the next period. */
  run: () => Promise<unknown>;
}

/** How often each server looks for a due job. */
const TICK_MS = 15_000;
/** A failed job is tried again this soon (or at its next period, if sooner). */
const RETRY_MS = 60_000;

const after = (ms: number) => sql<string>`now() + make_interval(secs => ${ms / 1000})`;

/**
 * Claims a due job for this server: the UPDATE moves its next run on only while it is due, so of
 * several servers ticking at once exactly one gets the row back.
 */
export async function claim(db: DB, job: Pick<ScheduledJob, 'name' | 'every'>): Promise<boolean> {
  const row = await db
    .updateTable('schedules')
    .set({ nextRunAt: after(job.every), lastRunAt: sql<string>`now()` })
    .where('name', '=', job.name)
    .where('nextRunAt', '<=', sql<string>`now()`)
    .returning('name')
    .executeTakeFirst();
  return !!row;
}

/**
 * The one scheduler of the shop's timed jobs, whatever the number of servers: each server ticks,
 * and a job runs on the server that claims it (`claim`). `tick` runs one round at once (tests);
 * `stop` waits for the round under way.
 */
export function startScheduler(db: DB, jobs: readonly ScheduledJob[], log: Logger, { tickMs = TICK_MS } = {}) {
  let registered = false;
  const register = async () => {
    if (registered) return;
    await db
      .insertInto('schedules')
      .values(jobs.map((job) => ({ name: job.name, nextRunAt: after(job.firstAfter ?? job.every) })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    registered = true;
  };
  const runOne = async (job: ScheduledJob) => {
    if (!(await claim(db, job))) return false;
    try {
      await job.run();
      await db.updateTable('schedules').set({ lastError: null }).where('name', '=', job.name).execute();
    } catch (err) {
      log.warn({ err, job: job.name }, 'tâche planifiée en échec, nouvel essai dans une minute');
      await db
        .updateTable('schedules')
        .set({ nextRunAt: after(Math.min(job.every, RETRY_MS)), lastError: err instanceof Error ? err.message : String(err) })
        .where('name', '=', job.name)
        .execute();
    }
    return true;
  };
  let round: Promise<string[]> = Promise.resolve([]);
  const tick = () => {
    // One round at a time on a server: a slow job is not claimed again by its own server meanwhile.
    round = round
      .catch(() => [])
      .then(async () => {
        await register();
        const ran: string[] = [];
        for (const job of jobs) if (await runOne(job)) ran.push(job.name);
        return ran;
      });
    return round;
  };
  const background = () => void tick().catch((err: unknown) => log.warn({ err }, 'planificateur : tour en échec'));
  // A first round at once: the jobs are registered, and one overdue while no server ran is run.
  background();
  const timer = setInterval(background, tickMs);
  timer.unref();
  return {
    tick,
    async stop() {
      clearInterval(timer);
      await round.catch(() => undefined);
    },
  };
}
