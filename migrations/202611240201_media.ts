import { type Kysely, sql } from 'kysely';

// Uploaded photos and their resized variants live in the database: several app servers on one
// PostgreSQL (and PGlite alike) serve the same files with no shared disk. Content-addressed:
// the same photo uploaded twice is stored once.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
CREATE TABLE media (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32}$'),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE media_variants (
  media_id text NOT NULL REFERENCES media (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (name ~ '^[0-9]{2,4}\\.(webp|jpg)$'),
  content_type text NOT NULL CHECK (content_type IN ('image/webp', 'image/jpeg')),
  width integer NOT NULL,
  height integer NOT NULL,
  bytes bytea NOT NULL,
  PRIMARY KEY (media_id, name)
);
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS media_variants; DROP TABLE IF EXISTS media;`.execute(db);
}
