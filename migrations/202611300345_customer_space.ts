import { type Kysely, sql } from 'kysely';

// Written by `npm run migration:new customers lastSignInAt`, then completed by hand. Frozen once landed.
// « Mon espace » (issue 59): a customer signs in with a one-time code of 6 digits sent to the phone
// (WhatsApp) or the e-mail of past orders. A code is kept hashed, short-lived, single-use, with its
// wrong tries counted; a row is written for an unknown phone or address too (never sent), so the
// throttle and the answers are the same whether or not it ever ordered. A session is a long-lived
// cookie whose token is kept hashed, revocable one by one or all at once.

const statements = `
ALTER TABLE customers ADD COLUMN last_sign_in_at timestamptz;
CREATE TABLE customer_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  destination text NOT NULL CHECK (char_length(destination) <= 320),
  phone text,
  channel text CHECK (channel IN ('whatsapp', 'email')),
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  ip text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_codes_destination ON customer_codes (destination, created_at DESC);
CREATE INDEX customer_codes_created_at ON customer_codes (created_at);
CREATE TABLE customer_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  phone text NOT NULL,
  user_agent text CHECK (char_length(user_agent) <= 500),
  ip text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX customer_sessions_phone ON customer_sessions (phone);
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      'DROP TABLE IF EXISTS customer_sessions; DROP TABLE IF EXISTS customer_codes; ALTER TABLE customers DROP COLUMN IF EXISTS last_sign_in_at;',
    )
    .execute(db);
}
