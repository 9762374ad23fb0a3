// PGlite backups at size, on demand (after npm run build): npx tsx bench/backup.ts
// Two PGlite shops under .tmp: the demo, and the same grown to 50,000 orders (issue 45's size).
// Each is backed up, then restored into a fresh DATA_DIR, by the built command line as an owner
// runs it (npm run backup / npm run restore), side by side in one run: the time, the peak memory of
// the process (its max RSS, written by the child itself at exit: tests/support/peak-memory.mjs),
// and the archive's size beside the data directory's. Target (issue 45): peak ≤ 300 MB.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../server/src/db/index';
import { migrateToLatest } from '../server/src/db/migrate';
import { seedIfEmpty } from '../server/src/seed/seed';

const ORDERS = Number(process.env.ORDERS ?? 50_000);
const root = path.resolve(`.tmp/bench-backup-${process.pid}`);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} Mio`;

function dirSize(dir: string): number {
  return fs.readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
    const full = path.join(dir, entry.name);
    return sum + (entry.isDirectory() ? dirSize(full) : fs.statSync(full).size);
  }, 0);
}

async function shop(name: string, orders: number) {
  const dataDir = path.join(root, name);
  const db = createDb({ dataDir });
  await migrateToLatest(db);
  await seedIfEmpty(db, { demo: true });
  if (orders) {
    const started = performance.now();
    await sql`
      INSERT INTO orders (customer_name, phone, city, address, items, subtotal, delivery_cost, total, payment_method, status,
                          payment_status, idempotency_key, tracking_token, created_at)
      SELECT 'Client ' || g, '+22901' || (90000000 + g % 20000), 'Cotonou', 'Quartier ' || g,
             jsonb_build_array(jsonb_build_object('id', (SELECT id FROM products ORDER BY created_at LIMIT 1), 'type', 'product',
                                                  'name', 'Article', 'unitPrice', 5000, 'quantity', 1 + g % 3)),
             5000 * (1 + g % 3), 2000, 5000 * (1 + g % 3) + 2000, 'cash_on_delivery',
             (ARRAY['new','confirmed','delivered','delivered','cancelled'])[1 + g % 5], (ARRAY['pending','paid'])[1 + g % 2],
             'bulk-' || g, md5('t' || g) || md5('u' || g), now() - g * interval '20 minutes'
      FROM generate_series(1, ${orders}) g`.execute(db);
    console.log(`${name} : ${orders} commandes générées en ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  await db.destroy();
  return dataDir;
}

/** The built command line, as `npm run backup` / `npm run restore` run it: time and peak memory. */
function cli(args: string[], env: Record<string, string>) {
  const started = performance.now();
  const child = spawnSync(process.execPath, ['--import', './tests/support/peak-memory.mjs', 'server/dist/bin/backup-cli.js', ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(child.stderr);
  const peak = Number(/PEAK_RSS_KIB=(\d+)/.exec(child.stderr)?.[1]) * 1024;
  return { seconds: (performance.now() - started) / 1000, peak };
}

async function measure(name: string, orders: number) {
  const dataDir = await shop(name, orders);
  const backups = path.join(root, `${name}-sauvegardes`);
  const directory = dirSize(path.join(dataDir, 'pglite'));
  const backup = cli(['backup'], { DATA_DIR: dataDir, BACKUP_DIR: backups });
  const file = path.join(backups, fs.readdirSync(backups)[0]!);
  const restore = cli(['restore', file], { DATA_DIR: path.join(root, `${name}-restauree`) });
  return [
    ['Dossier PGlite', mib(directory)],
    ['Archive', mib(fs.statSync(file).size)],
    ['Sauvegarde : durée, mémoire maximale', `${backup.seconds.toFixed(1)} s, ${mib(backup.peak)}`],
    ['Restauration : durée, mémoire maximale', `${restore.seconds.toFixed(1)} s, ${mib(restore.peak)}`],
  ] as const;
}

fs.mkdirSync(root, { recursive: true });
try {
  const small = await measure('petite', 0);
  const large = await measure('grande', ORDERS);
  const pad = (text: string, width: number) => text.padEnd(width);
  console.log(`${pad('Mesure', 40)} | ${pad('Petite boutique (démo)', 24)} | Grande (${ORDERS} commandes)`);
  small.forEach(([label, value], i) => console.log(`${pad(label, 40)} | ${pad(value, 24)} | ${large[i]![1]}`));
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
