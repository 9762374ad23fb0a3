import { type Kysely, sql } from 'kysely';

// Written by `npm run migration:new stockCounts` from the resource's declaration. Review it; once landed it is frozen:
// change the schema in a new file.

const statements = `
CREATE TABLE stock_counts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (char_length(name) <= 100),
  scope text NOT NULL DEFAULT 'all' CHECK (scope IN ('all', 'category', 'supplier')),
  category text CHECK (category IN ('computers', 'phones', 'accessories', 'networking', 'audio', 'wallets')),
  supplier uuid REFERENCES suppliers (id),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'applied', 'cancelled')),
  counted jsonb NOT NULL DEFAULT '[]',
  batches jsonb NOT NULL DEFAULT '[]',
  applied_at timestamptz,
  applied_by text CHECK (char_length(applied_by) <= 320),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stock_counts_created_at ON stock_counts (created_at DESC, id);
CREATE INDEX stock_counts_supplier ON stock_counts (supplier);
CREATE INDEX stock_counts_name_search ON stock_counts USING gin (f_unaccent(lower(name)) gin_trgm_ops);
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS stock_counts').execute(db);
}
