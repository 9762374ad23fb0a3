import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/schema';
import { bytesOut } from '../db/bytes';
import { fileOf } from '../files/holders';
import type { FileStore } from '../db/file-store';
import type { ProcessedImage } from './process';

export interface StoredVariant {
  contentType: string;
  bytes: Buffer;
}

/**
 * Photos: their sizes in the database, their files in the file store, read once per file and
 * server: variants never change (their address holds the content hash), so the in-process copy
 * never needs invalidating.
 */
export function mediaStore(db: Kysely<Database>, files: FileStore, megabytes = 32) {
  const cache = new LRUCache<string, StoredVariant>({ maxSize: megabytes * 1024 * 1024, sizeCalculation: (v) => v.bytes.length || 1 });
  return {
    /** Idempotent: the same photo uploaded twice is stored once. */
    async save(image: ProcessedImage) {
      // The files first (written again if already there, so the clean-up spares them), then their rows.
      const keys = await Promise.all(image.variants.map((v) => files.put(v.bytes)));
      await db.transaction().execute(async (tx) => {
        const inserted = await tx
          .insertInto('media')
          .values({ id: image.id, width: image.width, height: image.height })
          .onConflict((oc) => oc.column('id').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) return;
        await tx
          .insertInto('mediaVariants')
          .values(
            image.variants.map((v, i) => ({
              mediaId: image.id,
              name: v.name,
              contentType: v.contentType,
              width: v.width,
              height: v.height,
              fileKey: keys[i]!,
            })),
          )
          .execute();
      });
    },

    /** Whether the variant is stored, without reading its bytes. */
    async exists(id: string, name: string): Promise<boolean> {
      if (cache.has(`${id}/${name}`)) return true;
      const row = await db
        .selectFrom('mediaVariants')
        .select('mediaId')
        .where('mediaId', '=', id)
        .where('name', '=', name)
        .executeTakeFirst();
      return !!row;
    },

    async read(id: string, name: string): Promise<StoredVariant | null> {
      const key = `${id}/${name}`;
      const hit = cache.get(key);
      if (hit) return hit;
      const row = await db
        .selectFrom('mediaVariants')
        .select(['contentType', 'fileKey as key', bytesOut('bytes').as('bytes')])
        .where('mediaId', '=', id)
        .where('name', '=', name)
        .executeTakeFirst();
      const bytes = await fileOf(files, row);
      if (!row || !bytes) return null;
      const variant = { contentType: row.contentType, bytes };
      cache.set(key, variant);
      return variant;
    },
  };
}
export type MediaStore = ReturnType<typeof mediaStore>;
