// The stock ledger at two years of a busy shop (issue 56: 2,000,000 movements; a product's history
// p95 ≤ 300 ms): a product's history as its screen reads it (the 10 latest and their count), for a
// hot product (200,000 movements) and an ordinary one, and the whole ledger's first page, with the
// migration's index (product, created_at DESC, id) against the one the scaffold writes (product), in
// the same run, on the same rows. Also the stock's value at cost over the catalogue.
// Run: DATABASE_URL=postgres://user@host/postgres npx tsx bench/stock-ledger.ts  (a database is made and dropped)
import { stockMovements } from '@app/shared';
import { sql } from 'kysely';
import pg from 'pg';
import { listRecords } from '../server/src/crud/repository';
import { createDb } from '../server/src/db/index';
import { migrateToLatest } from '../server/src/db/migrate';
import { seedIfEmpty } from '../server/src/seed/seed';

const MOVEMENTS = Number(process.env.MOVEMENTS ?? 2_000_000);
const PRODUCTS = 20_000;
const RUNS = 30;
const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL (un serveur PostgreSQL) est requis : DATABASE_URL=postgres://… npx tsx bench/stock-ledger.ts');
  process.exit(1);
}
const name = `bench_ledger_${process.pid}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const target = new URL(url);
target.pathname = `/${name}`;
const db = createDb({ databaseUrl: target.toString() });
const product = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
try {
  await migrateToLatest(db);
  await seedIfEmpty(db, { demo: false });
  let started = performance.now();
  await sql
    .raw(
      `
INSERT INTO products (id, name, slug, short_description, description, price, category, stock, cost)
SELECT ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'Article ' || g, 'article-' || g, 'Modèle', '<p>x</p>',
       1000 + g % 500000, 'accessories', g % 40, (1000 + g % 500000) * 0.7
FROM generate_series(1, ${PRODUCTS}) g;
-- One movement in ten is the best seller's; the others spread over the catalogue, over two years.
INSERT INTO stock_movements (product, product_name, kind, quantity, stock_after, actor, order_number, created_at)
SELECT ('00000000-0000-4000-8000-' || lpad((CASE WHEN g % 10 = 0 THEN 1 ELSE 2 + g % ${PRODUCTS - 1} END)::text, 12, '0'))::uuid,
       'Article', (ARRAY['order','counter','cancel','correction','purchase'])[1 + g % 5],
       CASE WHEN g % 5 IN (2, 4) THEN 1 + g % 7 ELSE -(1 + g % 3) END, g % 40, 'Boutique en ligne', 'CMD-' || lpad(g::text, 7, '0'),
       now() - (g * (63072000.0 / ${MOVEMENTS})) * interval '1 second'
FROM generate_series(1, ${MOVEMENTS}) g;
ANALYZE products; ANALYZE stock_movements;`,
    )
    .execute(db);
  console.log(
    `${MOVEMENTS.toLocaleString('fr-FR')} mouvements, ${PRODUCTS.toLocaleString('fr-FR')} produits : ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );

  const time = async (run: () => Promise<unknown>) => {
    await run();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.ceil((p / 100) * times.length) - 1]!.toFixed(1);
    return `${at(50)} / ${at(95)} ms`;
  };
  const history = (id: string) => () => listRecords(db, stockMovements, 'admin', { page: 1, pageSize: 10, filters: { product: id } });
  const cases: Array<[string, () => Promise<unknown>]> = [
    ['Historique, article vendu 200 000 fois', history(product(1))],
    ['Historique, article ordinaire', history(product(777))],
    ['Registre entier, 1re page', () => listRecords(db, stockMovements, 'admin', { page: 1, pageSize: 20 })],
    ['Valeur du stock au coût', () => sql`SELECT sum(stock * cost) FROM products WHERE stock > 0 AND cost IS NOT NULL`.execute(db)],
  ];
  const withIndex = new Map<string, string>();
  for (const [label, run] of cases) withIndex.set(label, await time(run));
  // The baseline: the index the scaffold writes for a reference, alone.
  await sql`DROP INDEX stock_movements_product`.execute(db);
  await sql`CREATE INDEX stock_movements_product_only ON stock_movements (product)`.execute(db);
  await sql`ANALYZE stock_movements`.execute(db);
  console.log(`\n${'p50 / p95 sur ' + RUNS}`.padEnd(42), 'index (product)'.padEnd(20), 'index (product, created_at DESC, id)');
  for (const [label, run] of cases) console.log(label.padEnd(42), (await time(run)).padEnd(20), withIndex.get(label));
} finally {
  await db.destroy();
  await admin.query(`DROP DATABASE ${name}`);
  await admin.end();
}
