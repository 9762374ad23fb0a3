import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
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

function serverRunning(dataDir: string): number | null {
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

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-').replace('T', '_').slice(0, 19);

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
    const tar = zlib.gunzipSync(bytes);
    if (tar.subarray(257, 262).toString('latin1') !== 'ustar') throw new Error('not a tar archive');
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
