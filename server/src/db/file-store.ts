import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// Files outside the database (issue 61): photos and their sizes, the PDFs kept for documents, the
// files customers send on WhatsApp. Each is named by the SHA-256 of its bytes, so a file never
// changes once written, two servers writing the same file write the same thing, and the database
// keeps only the name. The store is a folder (DATA_DIR/files, for one server) or an S3-compatible
// bucket (FILES_URL=s3://…, shared by several servers).

export interface StoredFile {
  key: string;
  /** When it was last written (a file written again is young again: the clean-up spares it). */
  writtenAt: Date;
}

export interface FileStore {
  /** 'DATA_DIR/files' or 's3://bucket/prefix', for the doctor and the logs. */
  readonly where: string;
  /** Stores the bytes (again, if they are already there: their age starts over) and returns their key. */
  put(bytes: Uint8Array): Promise<string>;
  /** The bytes of a key, or null when the store does not have it. */
  get(key: string): Promise<Buffer | null>;
  /** When a key was last written, or null when it is not there. */
  writtenAt(key: string): Promise<Date | null>;
  /** Every key, with when it was written. */
  list(): AsyncIterable<StoredFile>;
  remove(keys: readonly string[]): Promise<void>;
  /** Lets go of its connections (a bucket's client), for a store opened for one look. */
  close?(): void;
}

export const keyOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
export const KEY = /^[0-9a-f]{64}$/;

/** A folder: `<dir>/<first two letters>/<key>`, each written beside its place then renamed into it. */
export function diskStore(dir: string): FileStore {
  const file = (key: string) => {
    if (!KEY.test(key)) throw new Error(`Nom de fichier invalide : ${key}`);
    return path.join(dir, key.slice(0, 2), key);
  };
  return {
    where: dir,
    async put(bytes) {
      const key = keyOf(bytes);
      const target = file(key);
      const now = new Date();
      try {
        await fs.promises.utimes(target, now, now);
        return key;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${randomBytes(6).toString('hex')}.partiel`;
      try {
        await fs.promises.writeFile(partial, bytes);
        await fs.promises.rename(partial, target);
      } catch (err) {
        await fs.promises.rm(partial, { force: true });
        throw err;
      }
      return key;
    },
    async get(key) {
      try {
        return await fs.promises.readFile(file(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async writtenAt(key) {
      const stat = await fs.promises.stat(file(key)).catch(() => null);
      return stat?.mtime ?? null;
    },
    async *list() {
      const shards = await fs.promises.readdir(dir).catch(() => [] as string[]);
      for (const shard of shards.filter((s) => /^[0-9a-f]{2}$/.test(s)).sort())
        for (const key of (await fs.promises.readdir(path.join(dir, shard))).filter((k) => KEY.test(k)).sort()) {
          const stat = await fs.promises.stat(path.join(dir, shard, key)).catch(() => null);
          if (stat) yield { key, writtenAt: stat.mtime };
        }
    },
    async remove(keys) {
      for (const key of keys) await fs.promises.rm(file(key), { force: true });
    },
  };
}
