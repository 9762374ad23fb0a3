import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { bytesOf } from '../db/bytes';
import type { FileStore } from '../db/file-store';

/**
 * The tables that hold files, each file as a bytes column (rows written before the file store,
 * until moved) and a key column (the file in the store). One declaration drives the move, the
 * clean-up and the backups of files.
 */
export const FILE_HOLDERS = [
  { table: 'media_variants', id: ['media_id', 'name'], files: [['bytes', 'file_key']] },
  {
    table: 'whatsapp_media',
    id: ['message_id'],
    files: [
      ['bytes', 'file_key'],
      ['preview', 'preview_key'],
    ],
  },
  { table: 'return_photos', id: ['id'], files: [['bytes', 'file_key']] },
  { table: 'rendered_documents', id: ['order_id', 'kind'], files: [['pdf', 'file_key']] },
] as const satisfies readonly { table: string; id: readonly string[]; files: readonly (readonly [string, string])[] }[];

/** A file read from its row: from the store by its key, or from the row itself while not moved yet. */
export async function fileOf(store: FileStore, row: { key: string | null; bytes?: string | null } | undefined): Promise<Buffer | null> {
  if (!row) return null;
  if (row.key) return store.get(row.key);
  return row.bytes ? bytesOf(row.bytes) : null;
}

/** How many rows the move takes at once: a few files (a voice message is up to 16 MB), not a whole table. */
const MOVE_BATCH = 4;

/**
 * Moves the files still in the database to the store, a few rows at a time, each row once its
 * file is safely stored (a move stopped midway is taken up where it stopped; two servers moving
 * at once write the same files and the same keys). Returns how many files it moved.
 */
export async function moveFilesOut(db: Kysely<Database>, store: FileStore, batch = MOVE_BATCH): Promise<number> {
  let moved = 0;
  for (const { table, id, files } of FILE_HOLDERS)
    for (const [bytes, key] of files)
      for (;;) {
        const { rows } = await sql<{ ids: string[]; bytes: string }>`
          SELECT ARRAY[${sql.join(id.map((c) => sql`${sql.ref(c)}::text`))}] AS ids, encode(${sql.ref(bytes)}, 'base64') AS bytes
          FROM ${sql.table(table)} WHERE ${sql.ref(bytes)} IS NOT NULL LIMIT ${batch}`.execute(db);
        if (!rows.length) break;
        for (const row of rows) {
          const stored = await store.put(bytesOf(row.bytes));
          await sql`UPDATE ${sql.table(table)} SET ${sql.ref(key)} = ${stored}, ${sql.ref(bytes)} = NULL
                    WHERE ${sql.join(
                      id.map((c, i) => sql`${sql.ref(c)} = ${row.ids[i]}`),
                      sql` AND `,
                    )} AND ${sql.ref(bytes)} IS NOT NULL`.execute(db);
          moved++;
        }
      }
  return moved;
}

/** Every key a row uses. */
export async function usedKeys(db: Kysely<Database>): Promise<Set<string>> {
  const { rows } = await sql<{ key: string }>`${sql.join(
    FILE_HOLDERS.flatMap(({ table, files }) =>
      files.map(([, key]) => sql`SELECT ${sql.ref(key)} AS key FROM ${sql.table(table)} WHERE ${sql.ref(key)} IS NOT NULL`),
    ),
    sql` UNION `,
  )}`.execute(db);
  return new Set(rows.map((r) => r.key));
}

/** How long a file nobody uses is kept: a photo uploaded to a form not saved yet is in use meanwhile. */
export const UNUSED_FILE_GRACE_HOURS = 24;

/**
 * Removes the files no row uses, once they are a day old (written again since, they are young
 * again: the write of a row that reuses a file first renews it). Returns how many went.
 */
export async function purgeUnusedFiles(db: Kysely<Database>, store: FileStore, graceHours = UNUSED_FILE_GRACE_HOURS) {
  const before = Date.now() - graceHours * 3_600_000;
  const old: string[] = [];
  for await (const file of store.list()) if (file.writtenAt.getTime() < before) old.push(file.key);
  if (!old.length) return 0;
  const used = await usedKeys(db);
  const unused: string[] = [];
  // Looked at again just before: one written again meanwhile (for a new row) stays.
  for (const key of old.filter((k) => !used.has(k))) {
    const writtenAt = await store.writtenAt(key);
    if (writtenAt && writtenAt.getTime() < before) unused.push(key);
  }
  await store.remove(unused);
  return unused.length;
}
