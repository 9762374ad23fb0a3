import { type Kysely, sql } from 'kysely';

// The files customers send on WhatsApp (a photo, a voice message, a PDF), fetched from Meta once
// (server/src/whatsapp/media.ts) and kept with their message: several app servers serve them with
// no shared disk, and only to the team (never under the public /media addresses). A photo is kept
// as its largest WebP (1280 px at most) with a small one for the conversation. Review it; once
// landed it is frozen: change the schema in a new file.

const statements = `
CREATE TABLE whatsapp_media (
  message_id uuid PRIMARY KEY REFERENCES whatsapp_messages (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('image', 'audio', 'document')),
  content_type text NOT NULL CHECK (char_length(content_type) <= 100),
  filename text CHECK (char_length(filename) <= 200),
  width integer CHECK (width > 0),
  height integer CHECK (height > 0),
  bytes bytea NOT NULL,
  preview bytea,
  created_at timestamptz NOT NULL DEFAULT now()
);
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS whatsapp_media;').execute(db);
}
