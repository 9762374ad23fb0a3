import fs from 'node:fs';
import path from 'node:path';
import { diskStore, type FileStore, KEY } from './file-store';

// The files of a backup (a store in DATA_DIR/files; a bucket keeps its own copies, see
// docs/deployment.md). A file never changes (its name is its hash), so each is copied once into
// BACKUP_DIR/fichiers, and each backup writes beside it the list of the files it needs
// (`boutique-….dump.fichiers`): fourteen daily backups of 2 GB of photos and voice messages keep
// 2 GB of files, not 28. A file goes from the folder once no kept backup lists it.

export const FILES_FOLDER = 'fichiers';
export const LIST_SUFFIX = '.fichiers';

/** The list of files a backup needs, or null for a backup without one (made before, or without files). */
export function filesList(backupFile: string): string[] | null {
  const list = `${backupFile}${LIST_SUFFIX}`;
  if (!fs.existsSync(list)) return null;
  return fs
    .readFileSync(list, 'utf8')
    .split('\n')
    .filter((k) => KEY.test(k));
}

/** Copies into the backups folder what the store has and the folder has not yet; lists them all for this backup (a store without files: no list). */
export async function backupFiles(store: FileStore, backupFile: string) {
  const copies = diskStore(path.join(path.dirname(backupFile), FILES_FOLDER));
  const keys: string[] = [];
  let copied = 0;
  for await (const { key } of store.list()) {
    if (!(await copies.writtenAt(key))) {
      const bytes = await store.get(key);
      if (!bytes) continue; // removed meanwhile by the clean-up: no row used it
      if ((await copies.put(bytes)) !== key)
        throw new Error(`Le fichier ${key} du stockage est altéré (son contenu ne correspond plus à son nom).`);
      copied++;
    }
    keys.push(key);
  }
  // A shop without files (yet): nothing beside the backup.
  if (!keys.length) return { files: 0, copied: 0 };
  const partial = `${backupFile}${LIST_SUFFIX}.partiel`;
  fs.writeFileSync(partial, keys.join('\n'));
  fs.renameSync(partial, `${backupFile}${LIST_SUFFIX}`);
  return { files: keys.length, copied };
}

/** After the rotation: lists whose backup went, then files no remaining list names. Returns how many files went. */
export async function rotateFiles(dir: string) {
  const names = fs.readdirSync(dir);
  const lists = names.filter((n) => n.endsWith(LIST_SUFFIX));
  const kept = new Set<string>();
  for (const list of lists) {
    const backup = path.join(dir, list.slice(0, -LIST_SUFFIX.length));
    if (!fs.existsSync(backup)) fs.rmSync(path.join(dir, list), { force: true });
    else for (const key of filesList(backup) ?? []) kept.add(key);
  }
  const copies = diskStore(path.join(dir, FILES_FOLDER));
  const gone: string[] = [];
  for await (const { key } of copies.list()) if (!kept.has(key)) gone.push(key);
  await copies.remove(gone);
  return gone.length;
}

/**
 * Puts back into the store the files a restored backup lists, from the backups folder beside it.
 * Returns how many; a file missing there is said (the database is restored all the same).
 */
export async function restoreFiles(backupFile: string, store: FileStore) {
  const keys = filesList(backupFile);
  if (!keys) return { files: 0 };
  const copies = diskStore(path.join(path.dirname(backupFile), FILES_FOLDER));
  const missing: string[] = [];
  for (const key of keys) {
    const bytes = await copies.get(key);
    if (!bytes) missing.push(key);
    else await store.put(bytes);
  }
  if (missing.length)
    throw new Error(
      `Base restaurée, mais ${missing.length} fichier(s) sur ${keys.length} manquent dans ${path.join(path.dirname(backupFile), FILES_FOLDER)} (photos ou documents à renvoyer).`,
    );
  return { files: keys.length };
}
