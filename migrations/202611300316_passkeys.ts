import { type Kysely, sql } from 'kysely';

// Passkeys (WebAuthn): each person may sign in with a key kept by their phone instead of typing a
// password. A challenge is kept in the database (any server may receive the answer), used once.
// Review it; once landed it is frozen: change the schema in a new file.

const statements = `
CREATE TABLE passkeys (
  id text PRIMARY KEY CHECK (char_length(id) <= 1400),
  admin_id uuid NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL CHECK (char_length(name) <= 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX passkeys_admin ON passkeys (admin_id);

CREATE TABLE webauthn_challenges (
  challenge text PRIMARY KEY CHECK (char_length(challenge) <= 200),
  kind text NOT NULL CHECK (kind IN ('register', 'sign-in')),
  admin_id uuid REFERENCES admins (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX webauthn_challenges_expires_at ON webauthn_challenges (expires_at);
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS webauthn_challenges; DROP TABLE IF EXISTS passkeys;').execute(db);
}
