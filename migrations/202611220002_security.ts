import { type Kysely, sql } from 'kysely';

// Password reset tokens (hashed, single use, one hour), and counters for
// login throttling and public form rate limits: kept in the database so that
// several app servers share them.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
CREATE TABLE password_reset_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  admin_id uuid NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX password_reset_tokens_admin ON password_reset_tokens (admin_id);

CREATE TABLE login_failures (
  key text PRIMARY KEY,
  failures integer NOT NULL CHECK (failures >= 0),
  last_failure_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL CHECK (hits >= 0),
  window_start timestamptz NOT NULL DEFAULT now()
);
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS rate_limits, login_failures, password_reset_tokens`.execute(db);
}
