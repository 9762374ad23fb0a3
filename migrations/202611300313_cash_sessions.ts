import { type Kysely, sql } from 'kysely';

// The cash drawer's days (written by `npm run migration:new cashSessions` and `... orders cashSession`
// from the declarations), and one day open at a time (added by hand). Review it; once landed it is frozen:
// change the schema in a new file.

const statements = `
CREATE TABLE cash_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (char_length(name) <= 100),
  opened_by text NOT NULL CHECK (char_length(opened_by) <= 200),
  opening_float numeric(12,2) NOT NULL CHECK (opening_float >= 0),
  movements jsonb NOT NULL DEFAULT '[]',
  closed_at timestamptz,
  closed_by text CHECK (char_length(closed_by) <= 200),
  sales_count integer CHECK (sales_count >= 0),
  sales_total numeric(12,2) CHECK (sales_total >= 0),
  expected_cash numeric(12,2) CHECK (expected_cash >= 0),
  counted_cash numeric(12,2) CHECK (counted_cash >= 0),
  cash_difference numeric(12,2),
  expected_mobile_money numeric(12,2) CHECK (expected_mobile_money >= 0),
  counted_mobile_money numeric(12,2) CHECK (counted_mobile_money >= 0),
  mobile_money_difference numeric(12,2),
  closing_note text CHECK (char_length(closing_note) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cash_sessions_created_at ON cash_sessions (created_at DESC, id);
CREATE INDEX cash_sessions_name_search ON cash_sessions USING gin (f_unaccent(lower(name)) gin_trgm_ops);
CREATE UNIQUE INDEX cash_sessions_one_open ON cash_sessions ((true)) WHERE closed_at IS NULL;
ALTER TABLE orders ADD COLUMN cash_session uuid REFERENCES cash_sessions (id);
CREATE INDEX orders_cash_session ON orders (cash_session);
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('ALTER TABLE orders DROP COLUMN IF EXISTS cash_session; DROP TABLE IF EXISTS cash_sessions;').execute(db);
}
