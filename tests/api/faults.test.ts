import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase, restoreDatabase, UNREADABLE_BACKUP } from '../../server/src/db/backup';
import { INCOMPLETE_DATABASE, seedIfEmpty } from '../../server/src/seed/seed';
import { createTestDb } from '../support/db';
import { createDb } from '../../server/src/db/index';
import { migrateToLatest } from '../../server/src/db/migrate';
import type { Database } from '../../server/src/db/schema';
import { processImage } from '../../server/src/media/process';
import { diskStore } from '../../server/src/db/file-store';
import { mediaStore } from '../../server/src/media/store';
import { startTestApp, type TestApp } from '../support/app';

const pgUrl = process.env.TEST_DATABASE_URL;
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'boutique-faults-'));

/** A seeded shop with orders and an uploaded photo (its WebP sizes and JPEG preview), as the owner's would be. */
async function fillShop(db: Kysely<Database>) {
  await migrateToLatest(db);
  await seedIfEmpty(db, { demo: true });
  const sharp = (await import('sharp')).default;
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#1d4ed8' } })
    .jpeg()
    .toBuffer();
  await mediaStore(db, diskStore(tmp())).save(await processImage(photo));
}

/** Every row of every table, in a stable order: two databases with equal dumps hold the same data. */
async function dumpAll(db: Kysely<Database>) {
  const { rows: tables } = await sql<{ tableName: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  const out: Record<string, string[]> = {};
  for (const { tableName } of tables) {
    const { rows } = await sql<{ row: string }>`SELECT t::text AS row FROM ${sql.table(tableName)} t ORDER BY 1`.execute(db);
    out[tableName] = rows.map((r) => r.row);
  }
  return out;
}

describe.skipIf(!pgUrl)('PostgreSQL backends killed under load', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ demo: true });
  });
  afterAll(() => app?.close());

  it('keeps the process up, fails only the requests in flight, and every confirmed order exists once with exact stock', async () => {
    const product = await app.asAdmin.products.create({
      name: `Chargeur ${randomUUID().slice(0, 6)}`,
      shortDescription: 'Court',
      description: '<p>Long</p>',
      price: 5_000,
      category: 'accessories',
      stock: 100_000,
    });
    const productId = (product as { id: string }).id;
    const confirmed: string[] = [];
    const statuses = new Map<number | string, number>();
    const count = (k: number | string) => statuses.set(k, (statuses.get(k) ?? 0) + 1);
    let running = true;
    const client = async (n: number) => {
      while (running) {
        try {
          if (n % 2) {
            const response = await fetch(`${app.url}/trpc/products.list?input=${encodeURIComponent('{"pageSize":20}')}`);
            await response.arrayBuffer();
            count(response.status);
          } else {
            const response = await fetch(`${app.url}/trpc/orders.place`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                customerName: 'Koffi Agossou',
                phone: '+229 01 97 00 11 22',
                city: 'Cotonou',
                address: 'Cadjèhoun',
                items: [{ id: productId, type: 'product', quantity: 1 }],
                idempotencyKey: randomUUID(),
              }),
            });
            const body = (await response.json()) as { result?: { data: { number: string } }; error?: { message: string } };
            count(response.status);
            if (response.ok && body.result) confirmed.push(body.result.data.number);
            if (response.status === 503) expect(body.error?.message).toMatch(/indisponible/);
          }
        } catch {
          count('network');
        }
      }
    };
    const clients = Array.from({ length: 50 }, (_, n) => client(n));
    const killer = new pg.Client({ connectionString: pgUrl!.replace(/\/[^/]*$/, `/${await currentDatabase(app.db)}`) });
    await killer.connect();
    try {
      for (let round = 0; round < 3; round++) {
        await new Promise((resolve) => setTimeout(resolve, 600));
        await killer.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 600));
    } finally {
      running = false;
      await Promise.all(clients);
      await killer.end();
    }
    expect(statuses.get('network') ?? 0).toBe(0);
    expect(statuses.get(500) ?? 0).toBe(0);
    expect(statuses.get(200)).toBeGreaterThan(50);
    // The kills did land: some requests were in flight and got the French 503.
    expect(statuses.get(503)).toBeGreaterThan(0);

    // Answers again at once: PostgreSQL never went away, only the connections did.
    const ready = await fetch(`${app.url}/health/ready`);
    expect(ready.status).toBe(200);
    // The orders of this product (the demo seed's are on others).
    const orders = await app.db
      .selectFrom('orders')
      .select(['number'])
      .where(sql<boolean>`items @> ${JSON.stringify([{ id: productId }])}::jsonb`)
      .execute();
    const numbers = (orders as { number: string }[]).map((o) => o.number);
    for (const number of confirmed) expect(numbers.filter((n) => n === number)).toHaveLength(1);
    const placed = numbers.length;
    const { stock } = (await app.asAdmin.products.get({ id: productId })) as { stock: number };
    expect(placed).toBeGreaterThanOrEqual(confirmed.length);
    expect(stock).toBe(100_000 - placed);
  }, 60_000);
});

async function currentDatabase(db: Kysely<Database>) {
  const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(db);
  return rows[0]!.name;
}

// PGlite's own directories, whatever database the suite runs on: on the PostgreSQL run they would
// only repeat the PGlite run's work.
describe.skipIf(pgUrl)('PGlite killed mid-write', () => {
  it('reopens with every committed row and nothing corrupt', async () => {
    const dir = tmp();
    const script = `
      import { PGlite } from '@electric-sql/pglite';
      const db = new PGlite(${JSON.stringify(path.join(dir, 'pglite'))});
      await db.exec('CREATE TABLE IF NOT EXISTS writes (n int PRIMARY KEY, payload text NOT NULL)');
      for (let n = 1; ; n++) {
        await db.query('INSERT INTO writes VALUES ($1, repeat($2, 2000))', [n, 'x']);
        process.stdout.write(n + '\\n');
      }`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: path.resolve('server') });
    let committed = 0;
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        committed = Math.max(committed, ...chunk.toString().trim().split('\n').map(Number));
        if (committed >= 300) {
          child.kill('SIGKILL');
          resolve();
        }
      });
    });
    await new Promise((resolve) => child.once('exit', resolve));
    const db = createDb({ dataDir: dir });
    try {
      const { rows } = await sql<{ n: number; bad: number }>`
        SELECT count(*)::int AS n, count(*) FILTER (WHERE length(payload) <> 2000)::int AS bad FROM writes`.execute(db);
      expect(rows[0]!.n).toBeGreaterThanOrEqual(committed);
      expect(rows[0]!.bad).toBe(0);
      // Still writable after the crash.
      await sql`INSERT INTO writes VALUES (1000000, 'après')`.execute(db);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.skipIf(pgUrl)('PGlite backup and restore', () => {
  // One seeded shop and its backup for both tests.
  let source: string, backups: string, file: string;
  let before: Awaited<ReturnType<typeof dumpAll>>;
  beforeAll(async () => {
    source = tmp();
    backups = tmp();
    const db = createDb({ dataDir: source });
    await fillShop(db);
    before = await dumpAll(db);
    await db.destroy();
    file = await backupDatabase({ dataDir: source }, backups);
  }, 60_000);
  afterAll(() => {
    for (const d of [source, backups]) fs.rmSync(d, { recursive: true, force: true });
  });

  it('restores a seeded database with orders and photos into an empty one, row for row', async () => {
    const target = tmp();
    try {
      expect(before.orders?.length).toBeGreaterThan(0);
      expect(before.media_variants?.length).toBeGreaterThan(2);
      expect(path.basename(file)).toMatch(/^boutique-\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.pglite\.tar\.gz$/);
      await restoreDatabase({ dataDir: target }, file);
      await expect(restoreDatabase({ dataDir: target }, file)).rejects.toThrow(/pas vide/);
      const restored = createDb({ dataDir: target });
      try {
        expect(await dumpAll(restored)).toEqual(before);
      } finally {
        await restored.destroy();
      }
    } finally {
      fs.rmSync(target, { recursive: true, force: true });
    }
  }, 60_000);

  it('a truncated or foreign file is refused in French and leaves the target as it was', async () => {
    const target = tmp();
    try {
      const truncated = path.join(backups, 'coupee.pglite.tar.gz');
      fs.writeFileSync(truncated, fs.readFileSync(file).subarray(0, Math.floor(fs.statSync(file).size / 2)));
      const foreign = path.join(backups, 'photo.pglite.tar.gz');
      fs.writeFileSync(foreign, Buffer.from('ceci est une photo, pas une sauvegarde'));
      for (const bad of [truncated, foreign]) {
        await expect(restoreDatabase({ dataDir: target }, bad)).rejects.toThrow(UNREADABLE_BACKUP);
        expect(fs.readdirSync(target)).toEqual([]);
      }
      // The good file still restores into the same target afterwards.
      await restoreDatabase({ dataDir: target }, file);
      expect(fs.readdirSync(target)).toEqual(['pglite']);
    } finally {
      fs.rmSync(target, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses to copy the directory of a running shop', async () => {
    const dir = tmp();
    try {
      fs.writeFileSync(path.join(dir, 'server.pid'), String(process.pid));
      await expect(backupDatabase({ dataDir: dir }, dir)).rejects.toThrow(/arrêtez-la/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('backup and restore', () => {
  it('refuses to seed demo data into a database that holds records but no settings', async () => {
    const { db, drop } = await createTestDb();
    try {
      await seedIfEmpty(db, { demo: true });
      await db.deleteFrom('settings').execute();
      await expect(seedIfEmpty(db, { demo: true })).rejects.toThrow(INCOMPLETE_DATABASE);
      expect(await db.selectFrom('settings').select('id').execute()).toEqual([]);
    } finally {
      await drop();
    }
  });

  it.skipIf(!pgUrl)(
    'PostgreSQL: pg_dump then pg_restore of orders and photos into an empty database, row for row',
    async () => {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      const names = [`backup_src_${process.pid}`, `backup_dst_${process.pid}`];
      const urlOf = (name: string) => pgUrl!.replace(/\/[^/]*$/, `/${name}`);
      const backups = tmp();
      try {
        for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name}; `).then(() => admin.query(`CREATE DATABASE ${name}`));
        const db = createDb({ databaseUrl: urlOf(names[0]!) });
        await fillShop(db);
        const before = await dumpAll(db);
        await db.destroy();
        expect(before.media_variants?.length).toBeGreaterThan(2);
        const file = await backupDatabase({ databaseUrl: urlOf(names[0]!), dataDir: backups }, backups);
        expect(file).toMatch(/\.dump$/);
        // A truncated dump: refused, and the empty target stays empty.
        const truncated = path.join(backups, 'coupee.dump');
        fs.writeFileSync(truncated, fs.readFileSync(file).subarray(0, Math.floor(fs.statSync(file).size * 0.6)));
        await expect(restoreDatabase({ databaseUrl: urlOf(names[1]!), dataDir: backups }, truncated)).rejects.toThrow(UNREADABLE_BACKUP);
        const left = await admin.query(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`);
        expect(left.rows[0].n).toBe(0);
        await restoreDatabase({ databaseUrl: urlOf(names[1]!), dataDir: backups }, file);
        await expect(restoreDatabase({ databaseUrl: urlOf(names[1]!), dataDir: backups }, file)).rejects.toThrow(/déjà des tables/);
        const restored = createDb({ databaseUrl: urlOf(names[1]!) });
        try {
          expect(await dumpAll(restored)).toEqual(before);
        } finally {
          await restored.destroy();
        }
      } finally {
        for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
        fs.rmSync(backups, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
