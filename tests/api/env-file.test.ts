import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/src/db/migrate';
import { seedIfEmpty } from '../../server/src/seed/seed';
import { createTestDb, pgliteIn } from '../support/db';
import { until } from '../support/until';

// An operator writes .env from .env.example, then runs the commands from the checkout, by hand,
// from systemd or from cron: each command reads that file, and nothing else is needed.

const root = path.resolve('.');
const pgUrl = process.env.TEST_DATABASE_URL;
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A folder holding a .env with these lines, as an operator's shop directory would. */
function shopDir(lines: string[]) {
  const dir = path.resolve(`.tmp/env-file-${process.pid}-${dirs.length}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, '.env'), `${lines.join('\n')}\n`);
  return dir;
}

/** A compiled command run in `dir` as cron runs it: no environment but PATH. */
const command = (dir: string, script: string, args: string[] = []) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, 'server/dist/bin', script), ...args],
      { cwd: dir, env: { PATH: process.env.PATH }, timeout: 60_000 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

/** The database lines of a .env: this run's PostgreSQL database, or a PGlite folder. */
async function database(dir: string) {
  if (pgUrl) {
    const made = await createTestDb();
    await seedIfEmpty(made.db, { demo: false });
    await made.db.destroy();
    return {
      lines: [`DATABASE_URL=${made.url}`],
      checked: /Base de données vérifiée : PostgreSQL 127\.0\.0\.1:\d+\/test_\w+ \(utilisateur postgres\)\./,
    };
  }
  const db = pgliteIn(path.join(dir, 'donnees'));
  await migrateToLatest(db);
  await seedIfEmpty(db, { demo: false });
  await db.destroy();
  return { lines: ['DATA_DIR=./donnees'], checked: `Base de données vérifiée : PGlite dans ${path.join(dir, 'donnees', 'pglite')}.` };
}

describe('.env', () => {
  it('.env.example reads the same for a shell (set -a; . ./.env) and for Node', () => {
    const node = parseEnv(fs.readFileSync('.env.example', 'utf8'));
    const keys = Object.keys(node);
    expect(keys.length).toBeGreaterThan(5);
    const print = `console.log(JSON.stringify(Object.fromEntries(${JSON.stringify(keys)}.map((k) => [k, process.env[k] ?? null]))))`;
    const shell = execFileSync('bash', ['-c', `set -a; . ./.env.example; node -e '${print}'`], { env: { PATH: process.env.PATH } });
    expect(JSON.parse(shell.toString())).toEqual(node);
    expect(node.MAIL_FROM).toBe('Boutique <no-reply@example.bj>');
  });

  it('is read by the doctor, which says which file and which database it checked', async () => {
    const dir = shopDir([]);
    const db = await database(dir);
    fs.writeFileSync(path.join(dir, '.env'), ['MAIL_FROM="Boutique <no-reply@example.bj>"', ...db.lines, ''].join('\n'));
    const doctor = await command(dir, 'doctor-cli.js');
    expect(doctor.stdout).toContain(`Configuration lue : les variables d’environnement et ${path.join(dir, '.env')}.`);
    expect(doctor.stdout).toMatch(db.checked);
  }, 60_000);

  it('is read by the backup as cron runs it: the database the file names is the one saved', async () => {
    const dir = shopDir([]);
    const db = await database(dir);
    fs.writeFileSync(path.join(dir, '.env'), [...db.lines, 'BACKUP_DIR=./sauvegardes', ''].join('\n'));
    const backup = await command(dir, 'backup-cli.js', ['backup']);
    expect(backup.stderr).toBe('');
    const files = fs.readdirSync(path.join(dir, 'sauvegardes'));
    expect(files).toEqual([expect.stringMatching(pgUrl ? /^boutique-.*\.dump$/ : /^boutique-.*\.pglite\.tar\.gz$/)]);
    expect(backup.stdout).toContain(`Sauvegarde écrite et relue : ${path.join(dir, 'sauvegardes', files[0]!)}`);
  }, 60_000);

  it('is read by npm start: SEED_DEMO=false there opens an empty shop, not the demo', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const dir = shopDir(['SEED_DEMO=false', 'DEMO_PHOTOS=false', 'DATA_DIR=./donnees', `PORT=${port}`, 'HOST=127.0.0.1', 'LOG_LEVEL=warn']);
    const child = spawn(process.execPath, [path.join(root, 'server/dist/bin/main.js')], { cwd: dir, env: { PATH: process.env.PATH } });
    children.push(child);
    let log = '';
    child.stdout?.on('data', (c: Buffer) => (log += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (log += c.toString()));
    await until(
      'the shop started from its .env',
      async () => {
        if (child.exitCode !== null) throw new Error(`exited (${child.exitCode}):\n${log}`);
        return (await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => null))?.ok;
      },
      60_000,
    );
    const list = (await (await fetch(`http://127.0.0.1:${port}/trpc/products.list`)).json()) as { result: { data: { total: number } } };
    expect(list.result.data.total).toBe(0);
    // The console, as the person who started it reads it: the addresses in plain words, then the
    // first password, last, with the command that works on this database.
    await until('the first password printed', () => log.includes('Mot de passe (affiché une seule fois)'));
    const lines = log.split('\n').map((l) => l.trim());
    const admin = lines.indexOf(`Administration : http://localhost:${port}/admin`);
    const password = lines.findIndex((l) => l.startsWith('Mot de passe (affiché une seule fois) : '));
    expect(admin).toBeGreaterThanOrEqual(0);
    expect(password).toBeGreaterThan(admin);
    expect(lines[password + 1]).toBe(
      'Changez-le dans l’administration (Mon compte), ou : boutique arrêtée, npm run admin:create -- --email admin@boutique.local',
    );
    expect(lines.filter((l) => l.startsWith('{') && l.includes('Administration'))).toEqual([]);
    expect(fs.existsSync(path.join(dir, 'donnees', 'pglite'))).toBe(true);
  }, 90_000);
});
