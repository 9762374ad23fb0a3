import { type Kysely, sql } from 'kysely';

// Every slug a record had: links already shared on WhatsApp or indexed by Google keep working
// (301 to the current address) after the owner renames the slug.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
CREATE TABLE slug_history (
  resource text NOT NULL,
  old_slug text NOT NULL,
  record_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (resource, old_slug)
);
CREATE INDEX slug_history_record ON slug_history (resource, record_id);
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS slug_history`.execute(db);
}
