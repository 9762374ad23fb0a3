import { type Kysely, sql } from 'kysely';

// Keys every app server must share (the owner's device cookies are signed with one): kept in the
// database, made once by whichever server needs them first.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
CREATE TABLE server_secrets (
  name text PRIMARY KEY CHECK (name ~ '^[a-z][a-z0-9_-]{0,62}$'),
  value text NOT NULL CHECK (length(value) >= 32),
  created_at timestamptz NOT NULL DEFAULT now()
);
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS server_secrets;`.execute(db);
}
