import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { BENIN_UTC_OFFSET_MINUTES } from '@app/shared/format';
import pg from 'pg';
import * as tar from 'tar';
import { backupFiles, rotateFiles } from './file-backup';
import type { FileStore } from './file-store';

const run = promisify(execFile);

export interface BackupTarget {
  /** PostgreSQL: backed up with pg_dump's custom format. */
  databaseUrl?: string | undefined;
  /** PGlite: the DATA_DIR holding `pglite/`. */
  dataDir: string;
}

/** The PGlite base inside DATA_DIR, and the top folder of a PGlite backup's archive. */
const PGLITE_DIR = 'pglite';
/** How much of a file a backup reads or writes at once. */
const READ_SIZE = 1024 * 1024;

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
 * PostgreSQL: `pg_dump -Fc` (a snapshot, taken while the shop runs). PGlite (single-process: the
 * shop must be stopped): the data directory as a gzipped tar, streamed from the disk, with only the
 * write-ahead log the base still needs; its memory stays that of one PGlite, whatever the size.
 */
export async function backupDatabase(target: BackupTarget, dir: string, open?: PGlite): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  if (target.databaseUrl) {
    const file = path.join(dir, `boutique-${stamp()}.dump`);
    await run(pgTool('pg_dump'), ['--format=custom', '--no-owner', '--no-acl', `--file=${file}`, target.databaseUrl]);
    return file;
  }
  const pglite = open ?? (await openStopped(target));
  const file = path.join(dir, `boutique-${stamp()}.pglite.tar.gz`);
  const partial = `${file}.partiel`;
  try {
    // Every page on disk; then the log from this checkpoint's start to its end is all a restore
    // replays. Older segments are spent, later ones recycled in advance: neither is copied. Nothing
    // else writes meanwhile (the shop is stopped; PGlite has no background process).
    await pglite.exec('CHECKPOINT');
    const { rows } = await pglite.query<{ redo: string; last: string }>(
      'SELECT redo_wal_file AS redo, pg_walfile_name(pg_current_wal_insert_lsn()) AS last FROM pg_control_checkpoint()',
    );
    const { redo, last } = rows[0]!;
    const neededLog = (entry: string) => {
      const segment = /^pglite\/pg_wal\/([0-9A-F]{24})$/.exec(entry)?.[1];
      return !segment || (segment >= redo && segment <= last);
    };
    await pipeline(
      // One file at a time, read a mebibyte at a time: the memory of a few buffers, whatever the base's size.
      tar.c(
        {
          gzip: { level: 6 },
          cwd: target.dataDir,
          portable: true,
          jobs: 1,
          maxReadSize: READ_SIZE,
          filter: (e) => neededLog(e.replace(/^\.\//, '')),
        },
        [PGLITE_DIR],
      ),
      fs.createWriteStream(partial),
    );
    fs.renameSync(partial, file);
    return file;
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  } finally {
    if (!open) await pglite.close();
  }
}

/**
 * A PGlite opened for a checkpoint or a check reads few pages: 16 MB of shared buffers instead of
 * PostgreSQL's 128 MB, which a PGlite allocates and touches as it starts (measured: the process
 * holds 154 MiB once open instead of 281).
 */
const FEW_BUFFERS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** The PGlite base of a stopped shop, opened by this process (PGlite is single-process). */
async function openStopped(target: BackupTarget) {
  const pid = serverRunning(target.dataDir);
  if (pid) throw new Error(`La boutique tourne (processus ${pid}) sur ${target.dataDir} : arrêtez-la avant de sauvegarder la base PGlite.`);
  const source = path.join(target.dataDir, PGLITE_DIR);
  if (!fs.existsSync(path.join(source, 'PG_VERSION'))) throw new Error(`Aucune base PGlite dans ${source}.`);
  // Without the search extensions: a checkpoint and the run's record need neither (40 MB less).
  const pglite = new PGlite(source, { startParams: FEW_BUFFERS });
  await pglite.waitReady;
  return pglite;
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
  const dest = path.join(target.dataDir, PGLITE_DIR);
  if (fs.existsSync(dest) && fs.readdirSync(dest).length > 0) {
    throw new Error(`${dest} n'est pas vide : restaurez dans un DATA_DIR neuf (ou déplacez l'ancien).`);
  }
  // Unpacked from the file as it streams, beside the target, opened there, then moved into place
  // whole once it proved sound (a cut or foreign file leaves nothing).
  const scratch = `${dest}.restauration-${process.pid}`;
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch, { recursive: true });
  try {
    // This job's archives hold pglite/…; PGlite's own dump (the earlier backups) the base's files at its root.
    await readArchive(file, tar.x({ cwd: scratch }));
    const restored = fs.existsSync(path.join(scratch, PGLITE_DIR, 'PG_VERSION')) ? path.join(scratch, PGLITE_DIR) : scratch;
    if (!fs.existsSync(path.join(restored, 'PG_VERSION'))) throw new Error('no PGlite base in the archive');
    const pglite = new PGlite(restored, { extensions: { pg_trgm, unaccent }, startParams: FEW_BUFFERS });
    try {
      await pglite.waitReady;
      await pglite.query('SELECT count(*) FROM settings');
    } finally {
      await pglite.close().catch(() => undefined);
    }
    if (fs.existsSync(dest)) fs.rmdirSync(dest);
    fs.renameSync(restored, dest);
  } catch (err) {
    throw new Error(UNREADABLE_BACKUP, { cause: err });
  } finally {
    if (fs.existsSync(scratch)) fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Reads a gzipped tar through `into` (a listing or an unpacking) as it streams from the disk, a
 * buffer at a time: gunzip checks the length and CRC at its end, tar every header; a cut or foreign
 * file fails. Only tar's note that it makes paths relative (PGlite's own archives) is not an error.
 */
async function readArchive(file: string, into: tar.Parser | tar.Unpack) {
  const problems: string[] = [];
  into.on('warn', (code: string, message: string) => void (code !== 'TAR_ENTRY_INFO' && problems.push(`${code}: ${message}`)));
  await pipeline(fs.createReadStream(file, { highWaterMark: READ_SIZE }), zlib.createGunzip({ chunkSize: 64 * 1024 }), into);
  if (problems.length) throw new Error(problems.join('; '));
}

/** A gzipped tar holding a PGlite base: what this job and PGlite's own dump write. */
async function checkPgliteArchive(file: string) {
  let base = false;
  const version = new RegExp(`^(?:\\.?/)?(?:${PGLITE_DIR}/)?PG_VERSION$`);
  await readArchive(
    file,
    new tar.Parser({
      onReadEntry: (entry) => {
        base ||= version.test(entry.path);
        entry.resume();
      },
    }),
  );
  if (!base) throw new Error('no PGlite base in the archive');
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
    else await checkPgliteArchive(file);
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

/** One run of the job as the database records it: a good backup (and its offsite copy), or what failed. */
type Run = { file: string; bytes: number; offsite?: string | null; error?: string } | { error: string };

/** Writes the run into the backed-up database itself, for the dashboard. */
async function recordBackup(target: BackupTarget, run: Run, open: PGlite | null) {
  const values =
    'file' in run
      ? [run.file, run.bytes, run.offsite ?? null, run.error?.slice(0, 2000) ?? null]
      : [null, null, null, run.error.slice(0, 2000)];
  const statement = 'INSERT INTO backups (file, bytes, offsite, error) VALUES ($1, $2, $3, $4)';
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
  if (open) await open.query(statement, values);
  else if (!serverRunning(target.dataDir)) {
    // The base could not be opened for the backup itself: tried once more, just for the record.
    const pglite = await openStopped(target);
    try {
      await pglite.query(statement, values);
    } finally {
      await pglite.close();
    }
  }
}

/**
 * The backup job (npm run backup, and the daily one): writes a backup, proves it reads back,
 * copies the new files of a store on disk (`files`) beside it, applies the rotation, sends it offsite when `offsite` is given (db/offsite.ts: encrypted, then
 * uploaded), and records the run in the database. A failure is recorded too (the dashboard shows
 * it), then thrown: an offsite copy that failed leaves the local backup good and the run in error.
 * PGlite is opened once for all of it: the job's memory is one PGlite's, whatever the base's size.
 */
export async function backupJob(
  target: BackupTarget,
  dir: string,
  keep: Rotation,
  offsite?: (file: string) => Promise<{ key: string; bytes: number }>,
  files?: FileStore | null,
) {
  let pglite: PGlite | null = null;
  try {
    if (!target.databaseUrl) pglite = await openStopped(target);
    const file = await backupDatabase(target, dir, pglite ?? undefined);
    await checkBackup(file);
    // The files of a store on this server's disk, beside (files/backup.ts).
    if (files) await backupFiles(files, file);
    const removed = rotateBackups(dir, keep);
    await rotateFiles(dir);
    const bytes = fs.statSync(file).size;
    const local = { file: path.basename(file), bytes };
    let copy: { key: string; bytes: number } | null = null;
    if (offsite) {
      try {
        copy = await offsite(file);
      } catch (err) {
        const message = `Sauvegarde locale faite (${local.file}), mais la copie hors site a échoué : ${err instanceof Error ? err.message : String(err)}`;
        await recordBackup(target, { ...local, error: message }, pglite);
        throw new Error(message, { cause: err });
      }
    }
    await recordBackup(target, { ...local, offsite: copy?.key ?? null }, pglite);
    return { file, bytes, removed, offsite: copy };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (!message.startsWith('Sauvegarde locale faite')) await recordBackup(target, { error: message }, pglite).catch(() => undefined);
    throw err;
  } finally {
    await pglite?.close();
  }
}
