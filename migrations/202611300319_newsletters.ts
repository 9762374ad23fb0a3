import { type Kysely, sql } from 'kysely';

// Written by `npm run migration:new newsletters` from the resource's declaration; a featured product
// or training deleted later leaves its letter (ON DELETE SET NULL, by hand). Review it; once landed it
// is frozen: change the schema in a new file.

const statements = `
CREATE TABLE newsletters (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  subject text NOT NULL CHECK (char_length(subject) <= 150),
  body text NOT NULL CHECK (char_length(body) <= 100000),
  featured_product uuid REFERENCES products (id) ON DELETE SET NULL,
  featured_course uuid REFERENCES crypto_courses (id) ON DELETE SET NULL,
  sent_at timestamptz,
  recipients integer CHECK (recipients >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX newsletters_created_at ON newsletters (created_at DESC, id);
CREATE INDEX newsletters_featured_product ON newsletters (featured_product);
CREATE INDEX newsletters_featured_course ON newsletters (featured_course);
CREATE INDEX newsletters_subject_search ON newsletters USING gin (f_unaccent(lower(subject)) gin_trgm_ops);
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS newsletters;').execute(db);
}
