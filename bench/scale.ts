// The shop grown large, on demand: DATABASE_URL=postgres://user@host/db npx tsx bench/scale.ts
// or, on the embedded database (PGlite, a quarter of the size: 50,000 orders over two years),
// npx tsx bench/scale.ts --pglite
// With --exports DIR (PostgreSQL), only the large shop, and only its exports: this checkout's server
// and another checkout's (DIR, a "before") on the same database, taking turns, three rounds each.
// Two fresh databases on that PostgreSQL server, each behind a real server in its own process: the
// demo shop ("petite") and the same shop grown to 20,000 products (5,000 of them sold), 200,000
// orders over two years, 400,000 mails sent, 150,000 normalized invoices, 50,000 newsletter
// subscribers and 5,000 articles ("grande", generated with generate_series in
// about 30 s, most of it the orders' trigger summing customers and sales as they go). Side by side
// in one run, as the machine is noisy:
//  - every owner screen, p50 and p95 of 20 calls over HTTP with the owner's session (orders list,
//    search by a name fragment, by a phone typed "01 97 12 34 56", by number, a status filter, the
//    dashboard, its sales charts over 30 days, 12 months and 2 years, products, newsletter
//    subscribers, promo codes, customers: list, best, by name, by
//    phone, consenting; a customer's screen: the customer and their orders);
//  - the year's orders CSV (time to the last byte, time to the first, and the server's peak
//    memory growth, sampled from /proc every 20 ms), alone and two at once, the newsletter CSV
//    and the customers CSV;
//  - the sitemap index and each of its files on a cache miss;
//  - public pages on a cache miss (a product list page and a search never asked before).
// Targets (issue 28): owner screens p95 ≤ 300 ms, the year's CSV ≤ 10 s and ≤ 100 MB of memory
// growth, each sitemap file ≤ 1 s.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb } from '../server/src/db/index';
import { migrateToLatest } from '../server/src/db/migrate';
import { seedIfEmpty } from '../server/src/seed/seed';
import { startServer } from './lib';
import { grow } from './scale-data';

const ADMIN = { email: 'bench@example.com', password: 'une phrase pour le banc' };
const RUNS = 20;
const PGLITE = process.argv.includes('--pglite');
const url = process.env.DATABASE_URL;
if (!url && !PGLITE) {
  console.error('DATABASE_URL (a PostgreSQL server) est requis : DATABASE_URL=postgres://… npx tsx bench/scale.ts (ou --pglite)');
  process.exit(1);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

type Shop = Omit<Awaited<ReturnType<typeof startServer>>, 'stop'> & { cookie: string; stop: () => unknown };

async function open(database: { DATABASE_URL: string } | { DATA_DIR: string }, appDir = '.'): Promise<Shop> {
  const server = await startServer(
    {
      ...database,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_PHOTOS: 'false',
    },
    appDir,
  );
  const login = await fetch(`${server.base}/trpc/auth.login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return { ...server, cookie: (login.headers.getSetCookie()[0] ?? '').split(';')[0]! };
}

/** One call's time to the whole answer; throws on anything but 200. */
async function timed(shop: Shop, path: string) {
  const started = performance.now();
  const response = await fetch(`${shop.base}${path}`, { headers: { cookie: shop.cookie } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return performance.now() - started;
}

const query = (procedure: string, input?: unknown) =>
  input === undefined ? `/trpc/${procedure}` : `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`;

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

const SCREENS: [string, string][] = [
  ['Commandes (liste)', query('orders.list', { page: 1, pageSize: 20 })],
  ['Commandes, page 500', query('orders.list', { page: 500, pageSize: 20 })],
  ['Commandes : nom « dossou 7 »', query('orders.list', { page: 1, pageSize: 20, search: 'dossou 7' })],
  ['Commandes : tél. « 01 90 01 23 45 »', query('orders.list', { page: 1, pageSize: 20, search: '01 90 01 23 45' })],
  ['Commandes : n° « CMD-012345 »', query('orders.list', { page: 1, pageSize: 20, search: 'CMD-012345' })],
  ['Commandes : statut livrée', query('orders.list', { page: 1, pageSize: 20, filters: { status: 'delivered' } })],
  ['Commandes : n° introuvable « CMD-999999 »', query('orders.list', { page: 1, pageSize: 20, search: 'CMD-999999' })],
  ['Envois (liste)', query('outbox.list', { page: 1, pageSize: 20 })],
  ['Envois : « CMD-01234 »', query('outbox.list', { page: 1, pageSize: 20, search: 'CMD-01234' })],
  ['Envois : introuvable « CMD-999999 »', query('outbox.list', { page: 1, pageSize: 20, search: 'CMD-999999' })],
  ['Abonnés : e-mail absent', query('newsletterSubscribers.list', { page: 1, pageSize: 20, search: 'personne@nulle-part.bj' })],
  ['Tableau de bord', query('dashboard.stats', undefined)],
  ['Ventes : 30 jours par jour', query('dashboard.sales', { from: day(29), to: day(0), by: 'day' })],
  ['Ventes : 12 mois par mois', query('dashboard.sales', { from: day(364), to: day(0), by: 'month' })],
  ['Ventes : 1 an par jour', query('dashboard.sales', { from: day(364), to: day(0), by: 'day' })],
  ['Ventes : 2 ans par semaine', query('dashboard.sales', { from: day(730), to: day(0), by: 'week' })],
  ['Produits (liste)', query('products.list', { page: 1, pageSize: 20 })],
  ['Abonnés newsletter', query('newsletterSubscribers.list', { page: 1, pageSize: 20 })],
  ['Codes promo', query('promoCodes.list', { page: 1, pageSize: 20 })],
  ['Clients (liste)', query('customers.list', { page: 1, pageSize: 20 })],
  ['Clients : meilleurs (total dépensé)', query('customers.list', { page: 1, pageSize: 20, sort: 'totalSpent', order: 'desc' })],
  ['Clients : nom « dossou 7 »', query('customers.list', { page: 1, pageSize: 20, search: 'dossou 7' })],
  ['Clients : tél. « 01 90 01 23 45 »', query('customers.list', { page: 1, pageSize: 20, search: '01 90 01 23 45' })],
  ['Clients : acceptent les offres', query('customers.list', { page: 1, pageSize: 20, filters: { marketingConsent: true } })],
  ['Sessions de formation (liste)', query('courseSessions.list', { page: 1, pageSize: 20 })],
  ['Sessions à venir (boutique)', query('courseSessions.upcoming')],
];

/** A session's screen: its participants (the orders whose lines name it, found by the lines' index). */
async function participantsScreen(shop: Shop) {
  const list = await fetch(`${shop.base}${query('courseSessions.list', { page: 1, pageSize: 1, sort: 'startsAt', order: 'asc' })}`, {
    headers: { cookie: shop.cookie },
  });
  const row = ((await list.json()) as { result: { data: { rows: { id: string }[] } } }).result.data.rows[0];
  if (!row) return '—';
  const path = query('courseSessions.participants', { id: row.id });
  await timed(shop, path);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await timed(shop, path));
  times.sort((a, b) => a - b);
  return `${ms(percentile(times, 50))} / ${ms(percentile(times, 95))}`;
}

/** A customer's screen as the admin opens it: the customer, then their orders (by the phone it read). */
async function customerScreen(shop: Shop) {
  const list = await fetch(`${shop.base}${query('customers.list', { page: 1, pageSize: 1, sort: 'ordersCount', order: 'desc' })}`, {
    headers: { cookie: shop.cookie },
  });
  const { id, phone } = ((await list.json()) as { result: { data: { rows: { id: string; phone: string }[] } } }).result.data.rows[0]!;
  const both = async () =>
    (await timed(shop, query('customers.get', { id }))) +
    (await timed(shop, query('orders.list', { page: 1, pageSize: 20, search: phone })));
  await both();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await both());
  times.sort((a, b) => a - b);
  return `${ms(percentile(times, 50))} / ${ms(percentile(times, 95))}`;
}

async function screens(shop: Shop) {
  const out = new Map<string, string>();
  for (const [label, path] of SCREENS) {
    await timed(shop, path); // warm: the first call pays for connections and plans
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await timed(shop, path));
    times.sort((a, b) => a - b);
    out.set(label, `${ms(percentile(times, 50))} / ${ms(percentile(times, 95))}`);
  }
  return out;
}

const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
const rss = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/**
 * Streamed downloads at once (one, or two as two owners' phones may ask): time to the first bytes,
 * to the last of the slowest, and the server's peak memory growth over them all.
 */
async function download(shop: Shop, ...paths: string[]) {
  const before = rss(shop.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss(shop.pid))), 20);
  const started = performance.now();
  let first = 0;
  let bytes = 0;
  const encodings = new Set<string>();
  await Promise.all(
    paths.map(async (path) => {
      // As a browser asks (Node's fetch asks for gzip only, whose state costs the server far less).
      const response = await fetch(`${shop.base}${path}`, { headers: { cookie: shop.cookie, 'accept-encoding': BROWSER_ENCODINGS } });
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      encodings.add(response.headers.get('content-encoding') ?? 'identity');
      const reader = response.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        first ||= performance.now() - started;
        bytes += value.length;
      }
    }),
  );
  const total = performance.now() - started;
  clearInterval(sampler);
  return `${(total / 1000).toFixed(2)} s (1ers octets ${ms(first)}), ${(bytes / 1e6).toFixed(1)} Mo ${[...encodings].join('+')}, mémoire +${((peak - before) / 1e6).toFixed(0)} Mo`;
}

async function publicMisses(shop: Shop) {
  const out = new Map<string, string>();
  // The first call of each: nothing cached yet.
  const started = performance.now();
  const text = await (await fetch(`${shop.base}/sitemap.xml`)).text();
  out.set('Sitemap (index)', ms(performance.now() - started));
  const files = [...text.matchAll(/<loc>[^<]*(\/sitemaps\/[^<]+)<\/loc>/g)].map((m) => m[1]!);
  let slowest = 0;
  for (const file of files) slowest = Math.max(slowest, await timed(shop, file));
  out.set('Sitemap (fichier le plus lent)', `${ms(slowest)} sur ${files.length} fichiers`);
  const pages: number[] = [];
  for (let i = 0; i < RUNS; i++) pages.push(await timed(shop, `/products?page=${2 + i}&tri=${i % 2 ? 'price_asc' : 'recent'}`));
  pages.sort((a, b) => a - b);
  out.set('Page produits (cache manqué)', `${ms(percentile(pages, 50))} / ${ms(percentile(pages, 95))}`);
  const searches: number[] = [];
  for (let i = 0; i < RUNS; i++) searches.push(await timed(shop, `/products?q=article+${1000 + i * 37}`));
  searches.sort((a, b) => a - b);
  out.set('Recherche (cache manqué)', `${ms(percentile(searches, 50))} / ${ms(percentile(searches, 95))}`);
  return out;
}

async function measure(shop: Shop) {
  const results = await screens(shop);
  results.set('Fiche client (client + ses commandes)', await customerScreen(shop));
  results.set('Participants d’une session', await participantsScreen(shop));
  results.set('Export CSV des commandes (1 an)', await download(shop, `/api/exports/orders.csv?from=${day(365)}&to=${day(0)}`));
  const year = `/api/exports/orders.csv?from=${day(365)}&to=${day(0)}`;
  results.set('Export CSV des commandes (1 an), deux à la fois', await download(shop, year, year));
  results.set('Export CSV newsletter', await download(shop, '/api/exports/newsletter.csv'));
  results.set('Export CSV clients (qui acceptent les offres)', await download(shop, '/api/exports/clients.csv'));
  for (const [k, v] of await publicMisses(shop)) results.set(k, v);
  return results;
}

/** A shop on the PostgreSQL server: a database of its own, grown through it once the server has seeded it. */
async function onPostgres(name: string, scale: number) {
  await admin!.query(`CREATE DATABASE ${name}`);
  const databaseUrl = url!.replace(/\/[^/]*$/, `/${name}`);
  const shop = await open({ DATABASE_URL: databaseUrl });
  if (scale) {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query(grow(scale));
    await db.query('VACUUM ANALYZE'); // as autovacuum would, in a statement of its own
    await db.end();
  }
  return {
    ...shop,
    stop: async () => {
      shop.stop();
      await admin!.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    },
  };
}

/** A shop in a PGlite directory: grown before its server opens it (one process holds a PGlite). */
async function onPglite(name: string, scale: number) {
  const dataDir = path.resolve(`.tmp/${name}`);
  const db = createDb({ dataDir });
  await migrateToLatest(db);
  await seedIfEmpty(db, { demo: true });
  if (scale) {
    await sql.raw(grow(scale)).execute(db);
    await sql`VACUUM ANALYZE`.execute(db);
  }
  await db.destroy();
  const shop = await open({ DATA_DIR: dataDir });
  return {
    ...shop,
    stop: async () => {
      shop.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const admin = PGLITE ? null : new pg.Client({ connectionString: url });
admin?.on('error', () => undefined); // the FORCE drops below end the servers' sessions, not this one's work
await admin?.connect();
const scale = PGLITE ? 0.25 : 1;
const shops: Shop[] = [];
const before = process.argv.includes('--exports') ? process.argv[process.argv.indexOf('--exports') + 1] : undefined;
if (before) {
  try {
    const name = `scale_exports_${process.pid}`;
    const after = await onPostgres(name, scale);
    shops.push(after);
    const baseline = await open({ DATABASE_URL: url!.replace(/\/[^/]*$/, `/${name}`) }, before);
    shops.push(baseline);
    const year = `/api/exports/orders.csv?from=${day(365)}&to=${day(0)}`;
    for (let round = 1; round <= 3; round++) {
      for (const [label, shop] of [
        [`avant (${before})`, baseline],
        ['après', after],
      ] as const) {
        console.log(`${round} ${label}, une : ${await download(shop, year)}`);
        console.log(`${round} ${label}, deux à la fois : ${await download(shop, year, year)}`);
      }
    }
  } finally {
    for (const shop of shops.reverse()) await shop.stop();
    await admin?.end();
  }
  process.exit(0);
}
try {
  const results: Map<string, string>[] = [];
  for (const [i, name] of [`scale_small_${process.pid}`, `scale_large_${process.pid}`].entries()) {
    const started = performance.now();
    const shop = await (PGLITE ? onPglite : onPostgres)(name, i === 1 ? scale : 0);
    shops.push(shop);
    if (i === 1) console.log(`Grande boutique générée en ${((performance.now() - started) / 1000).toFixed(0)} s`);
    results.push(await measure(shop));
  }
  const rows = [...results[0]!.keys()].map((key) => [key, results[0]!.get(key)!, results[1]!.get(key) ?? '']);
  const widths = [0, 1, 2].map((c) => Math.max(...rows.map((r) => r[c]!.length), 12));
  const line = (r: string[]) => r.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ');
  const large = `Grande (${(200_000 * scale).toLocaleString('fr-FR')} commandes, ${PGLITE ? 'PGlite' : 'PostgreSQL'})`;
  console.log(line(['Mesure (p50 / p95 sur 20 appels)', 'Petite boutique (démo)', large]));
  for (const r of rows) console.log(line(r));
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const shop of shops) await shop.stop();
  await admin?.end();
}
