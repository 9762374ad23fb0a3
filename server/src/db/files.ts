import type { Config } from '../config';
import { diskStore, type FileStore } from './file-store';

// The shop's file store as configured (config.files): the folder DATA_DIR/files, or the bucket of
// FILES_URL. Photos, kept PDFs and customers' WhatsApp files are there (db/file-store.ts).

const stores = new WeakMap<Config['files'], FileStore>();

/** The shop's file store (one per configuration, shared by everything in this process). */
export function filesOf(config: Pick<Config, 'files'>): FileStore {
  let store = stores.get(config.files);
  if (!store) {
    const { files } = config;
    if ('dir' in files) store = diskStore(files.dir);
    else {
      // The S3 client is loaded at the first file read or written, not at every start.
      const { bucket, prefix, env } = files.s3;
      let loaded: Promise<FileStore> | null = null;
      const s3 = () => (loaded ??= import('./file-store-s3').then(({ s3Store }) => s3Store(bucket, prefix, env)));
      store = {
        where: `s3://${bucket}/${prefix}`,
        put: async (bytes) => (await s3()).put(bytes),
        get: async (key) => (await s3()).get(key),
        writtenAt: async (key) => (await s3()).writtenAt(key),
        async *list() {
          yield* (await s3()).list();
        },
        remove: async (keys) => (await s3()).remove(keys),
      };
    }
    stores.set(config.files, store);
  }
  return store;
}
