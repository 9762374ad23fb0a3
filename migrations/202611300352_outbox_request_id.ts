import { type Kysely, sql } from 'kysely';

// Issue 61: an outbox row keeps the id of the request that wrote it (platform/request-context.ts), so
// the worker's log lines about it carry the same id as the request's. Frozen once landed.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE outbox ADD COLUMN request_id text CHECK (char_length(request_id) <= 64)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE outbox DROP COLUMN IF EXISTS request_id`.execute(db);
}
