import { type Kysely, sql } from 'kysely';

// Issue 60: the shop's expenses (shared/src/resources/expenses.resource.ts), written by
// `npm run migration:new expenses`, with an index by date for the books. Frozen once landed:
// change the schema in a new file.

const statements = `
CREATE TABLE expenses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  date date NOT NULL,
  label text NOT NULL CHECK (char_length(label) <= 200),
  category text NOT NULL CHECK (category IN ('purchases', 'rent', 'electricity', 'water', 'fuel', 'transport', 'telecom', 'supplies', 'repairs', 'advertising', 'salaries', 'bankFees', 'taxes', 'other')),
  amount numeric(12,2) NOT NULL CHECK (amount > 0),
  method text NOT NULL CHECK (method IN ('mobile_money', 'cash', 'bank')),
  supplier text CHECK (char_length(supplier) <= 150),
  receipt text,
  cash_session uuid REFERENCES cash_sessions (id),
  actor text CHECK (char_length(actor) <= 320),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX expenses_created_at ON expenses (created_at DESC, id);
CREATE INDEX expenses_date ON expenses (date);
CREATE INDEX expenses_cash_session ON expenses (cash_session);
CREATE INDEX expenses_label_search ON expenses USING gin (f_unaccent(lower(label)) gin_trgm_ops);
CREATE INDEX expenses_supplier_search ON expenses USING gin (f_unaccent(lower(supplier)) gin_trgm_ops);
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS expenses').execute(db);
}
