import { type Kysely, sql } from 'kysely';

// /metrics (issue 61) counts the outbox's failed messages per channel at each scrape: an index of
// those rows only, so the count never reads the hundreds of thousands sent.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX outbox_failed ON outbox (channel) WHERE status = 'failed'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS outbox_failed`.execute(db);
}
