import path from 'node:path';
import { loadConfig } from '../config';
import { backupDatabase, restoreDatabase } from './backup';

// npm run backup            -> BACKUP_DIR (default ./backups)/boutique-<date>.(dump|pglite.tar.gz)
// npm run restore -- FILE   -> into the empty database of DATABASE_URL, or an empty DATA_DIR (PGlite)
const config = loadConfig();
const [command, file] = process.argv.slice(2);
const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
try {
  if (command === 'backup') {
    const written = await backupDatabase(target, path.resolve(process.env.BACKUP_DIR || './backups'));
    console.log(`Sauvegarde écrite : ${written}`);
  } else if (command === 'restore' && file) {
    await restoreDatabase(target, path.resolve(file));
    console.log(`Restauration terminée depuis ${file}.`);
  } else {
    console.error('Usage : npm run backup | npm run restore -- FICHIER');
    process.exitCode = 2;
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
}
