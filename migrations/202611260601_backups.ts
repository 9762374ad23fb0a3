import { type Kysely, sql } from 'kysely';

// Each backup the job made (or failed to make): the dashboard shows the last good one and warns
// when it is older than 2 days or when the last attempt failed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
CREATE TABLE backups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  file text CHECK (char_length(file) <= 500),
  bytes bigint CHECK (bytes >= 0),
  error text CHECK (char_length(error) <= 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((file IS NOT NULL) <> (error IS NOT NULL))
);
CREATE INDEX backups_created ON backups (created_at DESC);
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS backups;`.execute(db);
}
