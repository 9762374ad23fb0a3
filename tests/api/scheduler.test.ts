import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../server/src/db/index';
import type { DB } from '../../server/src/db/schema';
import { startScheduler } from '../../server/src/platform/scheduler';
import { startTestApp } from '../support/app';
import { createTestDb } from '../support/db';

const quiet = { warn: () => undefined, info: () => undefined, error: () => undefined } as never;
const never = { tickMs: 3_600_000 };

describe('the scheduler', () => {
  let base: Awaited<ReturnType<typeof createTestDb>>;
  /** Two app servers on one database: two pools on PostgreSQL; PGlite is one process's own. */
  let other: DB;
  beforeAll(async () => {
    base = await createTestDb();
    other = base.url ? createDb({ databaseUrl: base.url }) : base.db;
  });
  afterAll(async () => {
    if (other !== base.db) await other.destroy();
    await base.drop();
  });
  const due = (name: string) => sql`UPDATE schedules SET next_run_at = now() - interval '1 second' WHERE name = ${name}`.execute(base.db);
  const row = (name: string) => base.db.selectFrom('schedules').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

  it('runs a job once a period whatever the number of servers ticking', async () => {
    let runs = 0;
    const job = { name: 'count', every: 3_600_000, firstAfter: 0, run: async () => runs++ };
    const [a, b] = [startScheduler(base.db, [job], quiet, never), startScheduler(other, [job], quiet, never)];
    try {
      for (let i = 0; i < 3; i++) await Promise.all([a.tick(), b.tick()]);
      expect(runs).toBe(1);
      // An hour later (the row says so), one of them runs it again, once.
      await due('count');
      const rounds = await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
      expect(runs).toBe(2);
      expect(rounds.flat()).toEqual(['count']);
      const { nextRunAt, lastRunAt } = await row('count');
      expect(new Date(nextRunAt).getTime() - new Date(lastRunAt!).getTime()).toBe(3_600_000);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('waits a first delay, and tries a failed job again a minute later rather than a period later', async () => {
    let fail = true;
    const job = {
      name: 'flaky',
      every: 3_600_000,
      firstAfter: 60_000,
      run: async () => {
        if (fail) throw new Error('base injoignable');
      },
    };
    const s = startScheduler(base.db, [job], quiet, never);
    try {
      expect(await s.tick()).toEqual([]);
      await due('flaky');
      expect(await s.tick()).toEqual(['flaky']);
      const failed = await row('flaky');
      expect(failed.lastError).toBe('base injoignable');
      expect(new Date(failed.nextRunAt).getTime() - new Date(failed.lastRunAt!).getTime()).toBeLessThanOrEqual(61_000);
      fail = false;
      await due('flaky');
      expect(await s.tick()).toEqual(['flaky']);
      expect((await row('flaky')).lastError).toBeNull();
    } finally {
      await s.stop();
    }
  });

  it('is what the shop runs its housekeeping on', async () => {
    const app = await startTestApp();
    try {
      const names = async () => (await app.db.selectFrom('schedules').select('name').execute()).map((r) => r.name).sort();
      await expect
        .poll(names)
        .toEqual([
          'files-move',
          'letters-queue',
          'pending-erasures',
          'purge',
          'release-unconfirmed-orders',
          'session-reminders',
          'sessions-started',
        ]);
    } finally {
      await app.close();
    }
  });
});
