import { type Kysely, sql } from 'kysely';

// How long the files customers send on WhatsApp are kept (server/src/whatsapp/media.ts).
// Written by `npm run migration:new settings whatsappMediaDays` from the resource's declaration. Review it; once landed it is frozen:
// change the schema in a new file.

const statements = `
ALTER TABLE settings ADD COLUMN whatsapp_media_days integer NOT NULL DEFAULT 90 CHECK (whatsapp_media_days >= 1 AND whatsapp_media_days <= 3650);
-- The day's files (the caps per sender and per shop) and the oldest ones (the purge), found by date.
CREATE INDEX whatsapp_media_created ON whatsapp_media (created_at);
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('DROP INDEX IF EXISTS whatsapp_media_created; ALTER TABLE settings DROP COLUMN IF EXISTS whatsapp_media_days;').execute(db);
}
