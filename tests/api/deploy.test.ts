import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { parse } from 'yaml';
import { createDb } from '../../server/src/db/index';
import { migrateToLatest, pendingMigrations } from '../../server/src/db/migrate';

// The production files as shipped: no Docker engine runs here, so the compose file is read and
// checked for what makes it safe; Caddy (Debian's package, installed by CI) validates the Caddyfile.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  ports?: string[];
  expose?: string[];
  environment?: Record<string, string>;
  command?: string[];
  read_only?: boolean;
  volumes?: string[];
  networks?: string[] | Record<string, { ipv4_address?: string }>;
}
const compose = parse(read('docker-compose.yml')) as { services: Record<string, Service> };
const { app, caddy, db, backup } = compose.services;

describe('docker-compose.yml (production)', () => {
  it('publishes Caddy only: the app port is reachable by the proxy alone, and only the proxy is believed', () => {
    expect(app?.ports).toBeUndefined();
    expect(db?.ports).toBeUndefined();
    expect(backup?.ports).toBeUndefined();
    expect(caddy?.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    const caddyAddress = (caddy?.networks as Record<string, { ipv4_address?: string }>).internal?.ipv4_address;
    expect(caddyAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(app?.environment?.TRUST_PROXY).toBe(caddyAddress);
    expect(app?.environment?.HOST).toBe('0.0.0.0');
  });

  it('runs the app in production, over HTTPS, on PostgreSQL, from a read-only image', () => {
    expect(app?.environment).toMatchObject({
      NODE_ENV: 'production',
      PUBLIC_URL: expect.stringMatching(/^https:\/\/\$\{SHOP_DOMAIN/),
      DATABASE_URL: expect.stringMatching(/^postgres:\/\/.*@db:5432\//),
    });
    expect(app?.read_only).toBe(true);
    expect(db?.image).toMatch(/^postgres:(1[89]|[2-9]\d)/);
    expect(caddy?.image).toMatch(/^caddy:2/);
    expect(caddy?.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
  });

  it('has a backup service that runs the daily job on the same image into its own volume', () => {
    expect(backup?.image).toBe(app?.image);
    expect(backup?.command).toEqual(['node', 'server/dist/bin/backup-cli.js', 'backup', 'schedule']);
    expect(backup?.environment?.BACKUP_DIR).toBe('/backups');
    expect(backup?.volumes).toContain('backups:/backups');
    // The command it runs is built with the server.
    expect(read('scripts/build-server.mjs')).toContain("'backup-cli': path.join(root, 'server/src/db/backup-cli.ts')");
  });
});

describe('Dockerfile', () => {
  it('runs the compiled server on a current Node LTS, as a user without rights, with pg_dump for backups', () => {
    const dockerfile = read('Dockerfile');
    const major = Number(/^FROM node:(\d+)/m.exec(dockerfile)?.[1]);
    expect([22, 24]).toContain(major);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/postgresql-client-18/);
    expect(dockerfile).toMatch(/^CMD \["node", "--enable-source-maps", "server\/dist\/bin\/main\.js"\]$/m);
    // package.json's engines accept both the image's Node and CI's.
    expect((JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node).toBe('>=20.19');
  });
});

describe('.env.example', () => {
  it('stays out of the image: the operator’s secrets are passed by compose, never built in', () => {
    const ignored = read('.dockerignore').split('\n');
    expect(ignored).toContain('.env');
    expect(ignored).toContain('.env.*');
  });

  it('names every variable the server reads, and those the compose file asks for', () => {
    const example = new Set([...read('.env.example').matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!));
    const sources = fs
      .readdirSync(path.join(root, 'server/src'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => fs.readFileSync(path.join(root, 'server/src', f), 'utf8'))
      .join('\n');
    const used = new Set(
      [...sources.matchAll(/env\.([A-Z][A-Z0-9_]+)|env\[['"]([A-Z][A-Z0-9_]+)['"]\]|count\('([A-Z_]+)'/g)].map(
        (m) => m[1] ?? m[2] ?? m[3]!,
      ),
    );
    const composeVariables = new Set([...read('docker-compose.yml').matchAll(/\$\{([A-Z_]+)/g)].map((m) => m[1]!));
    expect(used.size).toBeGreaterThan(25);
    expect([...used, ...composeVariables].filter((name) => !example.has(name)).sort()).toEqual([]);
  });
});

describe('an upgrade with several servers', () => {
  const pgUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!pgUrl)('two servers starting together on a new database migrate it once, without error', async () => {
    const name = `deploy_migrate_${process.pid}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const servers = [0, 1].map(() => createDb({ databaseUrl: pgUrl!.replace(/\/[^/]*$/, `/${name}`) }));
    try {
      const applied = await Promise.all(servers.map((db) => migrateToLatest(db)));
      // One did the work, the other waited for the lock and found nothing left.
      expect(applied.map((a) => a.length).sort((a, b) => a - b)).toEqual([0, applied.flat().length]);
      expect(await pendingMigrations(servers[0]!)).toMatchObject({ pending: [] });
    } finally {
      await Promise.all(servers.map((db) => db.destroy()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});

describe('deploy/Caddyfile', () => {
  const caddy = ['/usr/bin/caddy', '/usr/local/bin/caddy'].find((p) => fs.existsSync(p));
  // CI installs Debian's caddy; a developer's machine without it skips this check only.
  it.skipIf(!caddy && !process.env.CI)('passes caddy validate', async () => {
    const { stdout, stderr } = await run(caddy ?? 'caddy', ['validate', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], {
      cwd: root,
      env: { ...process.env, SHOP_DOMAIN: 'boutique.example.bj', ACME_EMAIL: 'proprietaire@example.bj' },
    });
    expect(`${stdout}${stderr}`).toContain('Valid configuration');
  });
});
