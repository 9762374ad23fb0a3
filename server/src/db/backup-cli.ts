import '../env-file';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { backupJob, type Rotation, restoreDatabase } from './backup';
import { fetchBackup, offsiteFrom, uploadBackup } from './offsite';
import { restoreFiles } from './file-backup';
import { filesOf } from './files';

// npm run backup            -> BACKUP_DIR (default ./backups)/boutique-<date>.(dump|pglite.tar.gz),
//                              checked, rotated (BACKUP_KEEP_DAILY, BACKUP_KEEP_WEEKLY), recorded;
//                              the new files of DATA_DIR/files copied into BACKUP_DIR/fichiers
//                              (a FILES_URL bucket keeps its own copies)
// npm run backup -- schedule -> the same every day at BACKUP_HOUR (the compose file's backup service)
//                              and, with BACKUP_OFFSITE_URL, encrypted and copied there (db/offsite.ts)
// npm run restore -- FILE   -> into the empty database of DATABASE_URL, or an empty DATA_DIR (PGlite)
// npm run restore -- s3://seau/dossier/latest -> the same from the offsite copy, decrypted first
const config = loadConfig();
const [command, argument] = process.argv.slice(2);
const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
const dir = path.resolve(process.env.BACKUP_DIR || './backups');
/** The files a backup copies: those of a store on this server's disk. */
const localFiles = 'dir' in config.files ? filesOf(config) : null;

function count(name: string, fallback: number, max: number) {
  const text = process.env[name]?.trim();
  if (!text) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > max) throw new Error(`${name} doit être un entier entre 0 et ${max} (« ${text} »).`);
  return n;
}
const keep: Rotation = { daily: count('BACKUP_KEEP_DAILY', 7, 366), weekly: count('BACKUP_KEEP_WEEKLY', 4, 520) };

async function once() {
  const offsite = offsiteFrom(process.env);
  const done = await backupJob(target, dir, keep, offsite ? (file) => uploadBackup(offsite, file) : undefined, localFiles);
  const size = `${(done.bytes / 1024 / 1024).toFixed(1).replace('.', ',')} Mo`;
  console.log(`Sauvegarde écrite et relue : ${done.file} (${size})`);
  if (done.removed.length) console.log(`Anciennes sauvegardes retirées (rotation) : ${done.removed.join(', ')}`);
  if (done.offsite) console.log(`Copie chiffrée hors site : s3://${offsite!.bucket}/${done.offsite.key}`);
}

/** A restore from a file, or from the offsite storage (fetched and decrypted beside the backups first). */
async function restore(source: string) {
  const whole = async (file: string) => {
    await restoreDatabase(target, file);
    const { files } = await restoreFiles(file, filesOf(config));
    if (files) console.log(`Fichiers remis en place : ${files} (${filesOf(config).where})`);
  };
  if (!source.startsWith('s3://')) return whole(path.resolve(source));
  const scratch = path.join(dir, `.restauration-${process.pid}`);
  try {
    const file = await fetchBackup(process.env, source, scratch);
    console.log(`Sauvegarde hors site récupérée et déchiffrée : ${path.basename(file)}`);
    await whole(file);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** The next BACKUP_HOUR o'clock, local time (TZ). */
function nextRun(now: Date, hour: number) {
  const next = new Date(now);
  next.setHours(hour, 0, 0, 0);
  if (next <= now) next.setDate(next.getDate() + 1);
  return next;
}

/** Whether the newest backup in the directory is less than a day old (a restart does not skip a day). */
function recentBackup() {
  if (!fs.existsSync(dir)) return false;
  return fs
    .readdirSync(dir)
    .filter((name) => name.startsWith('boutique-'))
    .some((name) => Date.now() - fs.statSync(path.join(dir, name)).mtimeMs < 24 * 3600_000);
}

async function schedule() {
  const hour = count('BACKUP_HOUR', 3, 23);
  // Stopped between runs (docker stop): nothing is half done then, so it goes at once.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => process.exit(0));
  if (!recentBackup()) await once().catch((err: unknown) => console.error(err instanceof Error ? err.message : String(err)));
  for (;;) {
    const next = nextRun(new Date(), hour);
    console.log(`Prochaine sauvegarde : ${next.toLocaleString('fr-FR')}`);
    await new Promise((resolve) => setTimeout(resolve, next.getTime() - Date.now()));
    // A failure is recorded for the dashboard by the job itself; tomorrow's run tries again.
    await once().catch((err: unknown) => console.error(err instanceof Error ? err.message : String(err)));
  }
}

try {
  if (command === 'backup' && argument === 'schedule') await schedule();
  else if (command === 'backup' && !argument) await once();
  else if (command === 'restore' && argument) {
    await restore(argument);
    console.log(`Restauration terminée depuis ${argument}.`);
  } else {
    console.error('Usage : npm run backup [-- schedule] | npm run restore -- FICHIER | npm run restore -- s3://seau/dossier/latest');
    process.exitCode = 2;
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
}
