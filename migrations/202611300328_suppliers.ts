import { type Kysely, sql } from 'kysely';

// Written by `npm run migration:new suppliers` from the resource's declaration. Review it; once landed it is frozen:
// change the schema in a new file.

const statements = `
CREATE TABLE suppliers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (char_length(name) <= 150),
  phone text,
  whatsapp text,
  email text,
  notes text CHECK (char_length(notes) <= 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX suppliers_created_at ON suppliers (created_at DESC, id);
CREATE INDEX suppliers_name_search ON suppliers USING gin (f_unaccent(lower(name)) gin_trgm_ops);
CREATE INDEX suppliers_phone_search ON suppliers USING gin (f_unaccent(lower(phone)) gin_trgm_ops);
CREATE INDEX suppliers_email_search ON suppliers USING gin (f_unaccent(lower(email)) gin_trgm_ops);
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS suppliers').execute(db);
}
