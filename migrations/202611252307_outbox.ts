import { type Kysely, sql } from 'kysely';

// Written by `npm run migration:new outbox` from the resource's declaration, then given the worker's
// index and a default for the first attempt. Once landed it is frozen: change the schema in a new file.

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
CREATE TABLE outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  channel text NOT NULL CHECK (channel IN ('mail', 'push')),
  recipient text NOT NULL CHECK (char_length(recipient) <= 320),
  subject text NOT NULL CHECK (char_length(subject) <= 500),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'cancelled')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_error text CHECK (char_length(last_error) <= 1000),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  expires_at timestamptz,
  locked_until timestamptz,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- What the worker looks for: what is due, oldest first.
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE status = 'pending';
CREATE INDEX outbox_created_at ON outbox (created_at DESC, id);
CREATE INDEX outbox_recipient_search ON outbox USING gin (f_unaccent(lower(recipient)) gin_trgm_ops);
CREATE INDEX outbox_subject_search ON outbox USING gin (f_unaccent(lower(subject)) gin_trgm_ops);
`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS outbox').execute(db);
}
