import { type Kysely, sql } from 'kysely';

// One row per timed job (purge, release, reminders...): when it is next due. A server runs a job
// only after moving that time on in one UPDATE, so with several servers each job runs once a period.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
CREATE TABLE schedules (
  name text PRIMARY KEY,
  next_run_at timestamptz NOT NULL,
  last_run_at timestamptz,
  last_error text
);
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS schedules`.execute(db);
}
