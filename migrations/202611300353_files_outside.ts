import { type Kysely, sql } from 'kysely';

// Issue 61: photos, kept PDFs and WhatsApp files leave the database for the file store
// (server/src/files/store.ts); a row keeps the file's key (the SHA-256 of its bytes). Rows written
// before keep their bytes until the "files-move" job (server/src/files/holders.ts) has moved them,
// a few at a time: it can be stopped and resumed. Frozen once landed.

const KEY = `CHECK (%I ~ '^[0-9a-f]{64}$')`;
const holders: [table: string, bytes: string, key: string, id: string][] = [
  ['media_variants', 'bytes', 'file_key', 'media_id'],
  ['whatsapp_media', 'bytes', 'file_key', 'message_id'],
  ['return_photos', 'bytes', 'file_key', 'id'],
  ['rendered_documents', 'pdf', 'file_key', 'order_id'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, bytes, key, id] of holders) {
    await sql
      .raw(
        `ALTER TABLE ${table} ADD COLUMN ${key} text ${KEY.replace('%I', key)}, ALTER COLUMN ${bytes} DROP NOT NULL,
           ADD CONSTRAINT ${table}_stored CHECK (${bytes} IS NOT NULL OR ${key} IS NOT NULL);
         CREATE INDEX ${table}_in_base ON ${table} (${id}) WHERE ${bytes} IS NOT NULL`,
      )
      .execute(db);
  }
  // A photo's small version, beside the photo; and what a file weighs, which the day's caps count
  // (octet_length reads a stored value's size without reading the value).
  await sql
    .raw(
      `ALTER TABLE whatsapp_media ADD COLUMN preview_key text ${KEY.replace('%I', 'preview_key')},
         ADD COLUMN size integer NOT NULL DEFAULT 0 CHECK (size >= 0);
       UPDATE whatsapp_media SET size = octet_length(bytes) + coalesce(octet_length(preview), 0);
       CREATE INDEX whatsapp_media_preview_in_base ON whatsapp_media (message_id) WHERE preview IS NOT NULL`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `DROP INDEX IF EXISTS whatsapp_media_preview_in_base; ALTER TABLE whatsapp_media DROP COLUMN IF EXISTS preview_key, DROP COLUMN IF EXISTS size`,
    )
    .execute(db);
  for (const [table, bytes, key] of holders)
    await sql
      .raw(
        `DROP INDEX IF EXISTS ${table}_in_base;
         ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS ${table}_stored, DROP COLUMN IF EXISTS ${key}, ALTER COLUMN ${bytes} SET NOT NULL`,
      )
      .execute(db);
}
