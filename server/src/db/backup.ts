import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { BENIN_UTC_OFFSET_MINUTES } from '@app/shared/format';
import pg from 'pg';

const run = promisify(execFile);

export interface BackupTarget {
  /** PostgreSQL: backed up with pg_dump's custom format. */
  databaseUrl?: string | undefined;
  /** PGlite: the DATA_DIR holding `pglite/`. */
  dataDir: string;
}

/** `server.pid` in DATA_DIR while a server has the PGlite directory open. */
export const pidFile = (dataDir: string) => path.join(dataDir, 'server.pid');

/** The process of the shop that holds this PGlite directory, if one runs. */
export function serverRunning(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(pidFile(dataDir), 'utf8'));
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** pg_dump and pg_restore: from PATH, or the newest Debian PostgreSQL install. */
export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    const versions = fs.readdirSync(debian).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (fs.existsSync(path.join(debian, v, 'bin', name))) return path.join(debian, v, 'bin', name);
  }
  return name;
}

/** The moment in Benin time (UTC+1, no summer time), as the dashboard shows it: the file names agree with it. */
const stamp = () =>
  new Date(Date.now() + BENIN_UTC_OFFSET_MINUTES * 60_000).toISOString().replace(/[:.]/g, '-').replace('T', '_').slice(0, 19);

/**
 * Writes a consistent, timestamped backup into `dir` and returns its path.
 * PostgreSQL: `pg_dump -Fc` (a snapshot, taken while the shop runs). PGlite: a tarball of the data
 * directory made by PGlite itself; PGlite is single-process, so the shop must be stopped.
 */
export async function backupDatabase(target: BackupTarget, dir: string): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  if (target.databaseUrl) {
    const file = path.join(dir, `boutique-${stamp()}.dump`);
    await run(pgTool('pg_dump'), ['--format=custom', '--no-owner', '--no-acl', `--file=${file}`, target.databaseUrl]);
    return file;
  }
  const pid = serverRunning(target.dataDir);
  if (pid) throw new Error(`La boutique tourne (processus ${pid}) sur ${target.dataDir} : arrêtez-la avant de sauvegarder la base PGlite.`);
  const source = path.join(target.dataDir, 'pglite');
  if (!fs.existsSync(path.join(source, 'PG_VERSION'))) throw new Error(`Aucune base PGlite dans ${source}.`);
  const pglite = new PGlite(source, { extensions: { pg_trgm, unaccent } });
  try {
    await pglite.waitReady; // dumpDataDir does not wait for the start-up itself
    const dump = await pglite.dumpDataDir('gzip');
    const file = path.join(dir, `boutique-${stamp()}.pglite.tar.gz`);
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await pglite.close();
  }
}

export const UNREADABLE_BACKUP =
  'Sauvegarde illisible ou incomplète (fichier tronqué, ou qui n’est pas une sauvegarde de la boutique) : rien n’a été restauré, la base cible est inchangée.';

/**
 * Restores a backup into an empty database (PostgreSQL) or a data directory without a base
 * (PGlite), all or nothing: a truncated or foreign file leaves the target as it was.
 */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<void> {
  if (!fs.existsSync(file)) throw new Error(`Fichier introuvable : ${file}`);
  if (target.databaseUrl) {
    if (!file.endsWith('.dump')) throw new Error('Une base PostgreSQL se restaure depuis un fichier .dump (pg_dump).');
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'public'`,
      );
      if (Number(rows[0]?.n) > 0) throw new Error('La base cible contient déjà des tables : restaurez dans une base vide.');
    } finally {
      await client.end();
    }
    // Read before anything is written: another application's dump restores without an error, and the
    // shop would then seed a demo over it.
    await checkDump(file).catch((err: unknown) => {
      throw new Error(UNREADABLE_BACKUP, { cause: err });
    });
    // One transaction: pg_restore stops at the first error and nothing it did remains.
    await run(pgTool('pg_restore'), [
      '--no-owner',
      '--no-acl',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${target.databaseUrl}`,
      file,
    ]).catch((err: unknown) => {
      throw new Error(UNREADABLE_BACKUP, { cause: err });
    });
    return;
  }
  if (!file.endsWith('.pglite.tar.gz')) throw new Error('Une base PGlite se restaure depuis un fichier .pglite.tar.gz.');
  const dest = path.join(target.dataDir, 'pglite');
  if (fs.existsSync(dest) && fs.readdirSync(dest).length > 0) {
    throw new Error(`${dest} n'est pas vide : restaurez dans un DATA_DIR neuf (ou déplacez l'ancien).`);
  }
  // Unpacked and opened beside the target, then moved into place whole once it proved sound.
  const scratch = `${dest}.restauration-${process.pid}`;
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch, { recursive: true });
  try {
    const bytes = fs.readFileSync(file);
    // Checked before PGlite reads it: its own unpacking fails outside any promise on a cut file.
    checkPgliteArchive(bytes);
    const pglite = new PGlite(scratch, { extensions: { pg_trgm, unaccent }, loadDataDir: new Blob([bytes]) });
    try {
      await pglite.waitReady;
      await pglite.query('SELECT count(*) FROM settings');
    } finally {
      await pglite.close().catch(() => undefined);
    }
  } catch (err) {
    fs.rmSync(scratch, { recursive: true, force: true });
    throw new Error(UNREADABLE_BACKUP, { cause: err });
  }
  if (fs.existsSync(dest)) fs.rmdirSync(dest);
  fs.renameSync(scratch, dest);
}

/** A gzipped tar archive, whole (gunzip checks its length and CRC): what PGlite's dump is. */
function checkPgliteArchive(bytes: Buffer) {
  const tar = zlib.gunzipSync(bytes);
  if (tar.subarray(257, 262).toString('latin1') !== 'ustar') throw new Error('not a tar archive');
}

/** A pg_dump archive that reads whole and holds the shop's own tables, its migrations' record among them. */
async function checkDump(file: string) {
  const { stdout } = await run(pgTool('pg_restore'), ['--list', file], { maxBuffer: 64 * 1024 * 1024 });
  for (const table of ['settings', 'orders', 'kysely_migration'])
    if (!new RegExp(`TABLE DATA \\S+ ${table} `).test(stdout)) throw new Error(`la table ${table} de la boutique y manque`);
}

/**
 * Proves a backup can be read back without restoring it: pg_restore lists the dump's contents, and
 * they hold the shop's tables; a PGlite archive unpacks whole.
 */
export async function checkBackup(file: string): Promise<void> {
  try {
    if (file.endsWith('.dump')) await checkDump(file);
    else checkPgliteArchive(fs.readFileSync(file));
  } catch (err) {
    throw new Error(`La sauvegarde ${path.basename(file)} ne se relit pas (${err instanceof Error ? err.message : String(err)}).`, {
      cause: err,
    });
  }
}

export interface Rotation {
  /** The newest backup of each of this many last days that have one. */
  daily: number;
  /** The newest backup of each of this many last weeks (Monday to Sunday) that have one. */
  weekly: number;
}

const BACKUP_NAME = /^boutique-(\d{4})-(\d{2})-(\d{2})_(\d{2})-(\d{2})-(\d{2})\.(dump|pglite\.tar\.gz)$/;

/** The Monday of a date's week, as YYYY-MM-DD. */
function weekOf(year: number, month: number, day: number) {
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/**
 * Which backup files to keep: the newest of each of the last `daily` days and of the last `weekly`
 * weeks that have backups (as restic's --keep-daily/--keep-weekly), and always the newest of all.
 * Files not named as the job names them are never touched.
 */
export function rotationPlan(files: readonly string[], keep: Rotation): { keep: string[]; remove: string[] } {
  const dated = files
    .map((file) => ({ file, m: BACKUP_NAME.exec(file) }))
    .filter((f): f is { file: string; m: RegExpExecArray } => f.m !== null)
    .sort((a, b) => b.file.localeCompare(a.file));
  const kept = new Set<string>(dated.slice(0, 1).map((f) => f.file));
  const policies: [number, (m: RegExpExecArray) => string][] = [
    [keep.daily, (m) => `${m[1]}-${m[2]}-${m[3]}`],
    [keep.weekly, (m) => weekOf(Number(m[1]), Number(m[2]), Number(m[3]))],
  ];
  for (const [count, periodOf] of policies) {
    const seen = new Set<string>();
    for (const { file, m } of dated) {
      const period = periodOf(m);
      if (seen.has(period)) continue;
      if (seen.size >= count) break;
      seen.add(period);
      kept.add(file);
    }
  }
  return {
    keep: dated.filter((f) => kept.has(f.file)).map((f) => f.file),
    remove: dated.filter((f) => !kept.has(f.file)).map((f) => f.file),
  };
}

/** Applies the rotation in `dir`; returns the files removed. */
export function rotateBackups(dir: string, keep: Rotation): string[] {
  const { remove } = rotationPlan(fs.readdirSync(dir), keep);
  for (const file of remove) fs.rmSync(path.join(dir, file), { force: true });
  return remove;
}

/** Writes the run into the backed-up database itself, for the dashboard. */
async function recordBackup(target: BackupTarget, run: { file: string; bytes: number } | { error: string }) {
  const values = 'error' in run ? [null, null, run.error.slice(0, 2000)] : [run.file, run.bytes, null];
  const statement = 'INSERT INTO backups (file, bytes, error) VALUES ($1, $2, $3)';
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      await client.query(statement, values);
    } finally {
      await client.end();
    }
    return;
  }
  if (serverRunning(target.dataDir)) return; // the running shop holds the directory
  const pglite = new PGlite(path.join(target.dataDir, 'pglite'), { extensions: { pg_trgm, unaccent } });
  try {
    await pglite.waitReady;
    await pglite.query(statement, values);
  } finally {
    await pglite.close();
  }
}

/**
 * The backup job (npm run backup, and the daily one): writes a backup, proves it reads back,
 * applies the rotation, and records the run in the database. A failure is recorded too (the
 * dashboard shows it), then thrown.
 */
export async function backupJob(target: BackupTarget, dir: string, keep: Rotation) {
  try {
    const file = await backupDatabase(target, dir);
    await checkBackup(file);
    const removed = rotateBackups(dir, keep);
    const bytes = fs.statSync(file).size;
    await recordBackup(target, { file: path.basename(file), bytes });
    return { file, bytes, removed };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await recordBackup(target, { error: message }).catch(() => undefined);
    throw err;
  }
}
