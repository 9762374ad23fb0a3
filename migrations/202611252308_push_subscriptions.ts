import { type Kysely, sql } from 'kysely';

// The owner's devices that receive alerts (Web Push): one row per browser subscription. Signing out
// on a device removes its row (by the session that last saw it); an expired session leaves it.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
CREATE TABLE push_subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  admin_id uuid NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
  session_id uuid REFERENCES sessions (id) ON DELETE SET NULL,
  endpoint text NOT NULL UNIQUE CHECK (endpoint ~ '^https?://' AND char_length(endpoint) <= 1000),
  p256dh text NOT NULL CHECK (char_length(p256dh) BETWEEN 80 AND 100),
  auth text NOT NULL CHECK (char_length(auth) BETWEEN 16 AND 32),
  device text NOT NULL CHECK (char_length(device) BETWEEN 1 AND 100),
  kinds jsonb NOT NULL CHECK (jsonb_typeof(kinds) = 'array'),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sent_at timestamptz
);
CREATE INDEX push_subscriptions_session ON push_subscriptions (session_id);
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS push_subscriptions;`.execute(db);
}
