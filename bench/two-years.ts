// Issue 58, the shop two years old, side by side with an older checkout in one run:
//   bash bench/baseline.sh <commit> .tmp/baseline
//   DATABASE_URL=postgres://user@host/db npx tsx bench/two-years.ts --before .tmp/baseline
//   npx tsx bench/two-years.ts --pglite --before .tmp/baseline
// Each checkout gets its own shop, grown the same way (bench/scale-data.ts): on PostgreSQL 350,000
// orders (200,000 web, 150,000 counter sales over 700 days), 1,000,000 audit entries, 100,000
// WhatsApp messages, 400,000 mails sent, 150,000 invoices, 50,000 confirmed subscribers, 20,000
// products; on PGlite a quarter-odd of it (90,000 orders) and the same 50,000 subscribers. Then, on
// each, taking turns:
//  - the owner's screens (p50 / p95 of 20 calls): dashboard, a year of sales by day and by month,
//    orders, "Envois", the journal d'audit and one member's actions in it (before: a search for their
//    address, the only way there was);
//  - the counter's catalogue: its size whole, and what a phone holding it downloads after one price
//    changed;
//  - a letter to the 50,000: how long `newsletters.send` takes, and meanwhile the owner's order list
//    and a customer's tracking page (their slowest and p95); then the letter's figures (stats);
//  - the "after" only: the first purge of two years of sent mails down to 90 days (its time).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb } from '../server/src/db/index';
import { purgeSettledOutbox } from '../server/src/jobs/housekeeping';
import { BENCH_ADMIN } from './lib';
import { grow, growMore } from './scale-data';

const RUNS = 20;
const PGLITE = process.argv.includes('--pglite');
const url = process.env.DATABASE_URL;
const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const beforeDir = arg('--before');
if (!url && !PGLITE) {
  console.error('DATABASE_URL (PostgreSQL) ou --pglite, et --before <checkout> pour comparer.');
  process.exit(1);
}
const scale = PGLITE ? 0.257 : 1;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)]!;
const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const pair = (values: number[]) => `${ms(percentile(values, 50))} / ${ms(percentile(values, 95))}`;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const query = (procedure: string, input?: unknown) =>
  input === undefined ? `/trpc/${procedure}` : `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`;

interface Shop {
  label: string;
  base: string;
  cookie: string;
  after: boolean;
  stop: () => Promise<void>;
}

/** A server of a checkout on a database or a PGlite directory; resolves once it answers. */
async function serve(appDir: string, env: Record<string, string>) {
  const port = 3800 + Math.floor(Math.random() * 190);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: appDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      DEMO_PHOTOS: 'false',
      // The bench is one address asking the tracking page hundreds of times.
      RATE_LIMIT: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if ((await fetch(`${base}/health`).catch(() => null))?.ok) break;
    if (i === 239) throw new Error(`${appDir}: le serveur ne démarre pas`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const login = await fetch(`${base}/trpc/auth.login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0]!;
  return {
    base,
    cookie,
    stop: async () => {
      child.kill();
      await exited;
    },
  };
}

const admin = PGLITE ? null : new pg.Client({ connectionString: url });
admin?.on('error', () => undefined);
await admin?.connect();

/** The first purge of the after's shop (its server does it within the hour): how long, how many rows. */
const purges: string[] = [];
async function firstPurge(target: { databaseUrl: string } | { dataDir: string }) {
  const db = createDb(target);
  const started = performance.now();
  const deleted = await purgeSettledOutbox(db, 90);
  purges.push(
    `${deleted.toLocaleString('fr-FR')} envois effacés en ${((performance.now() - started) / 1000).toFixed(1)} s (lots de 2 000)`,
  );
  await db.destroy();
}

/** A shop for one checkout, grown, behind its server. */
async function open(label: string, appDir: string, after: boolean): Promise<Shop> {
  const started = performance.now();
  // The server's hourly purge waits a day: the after's first purge is timed below, not raced.
  const later = `INSERT INTO schedules (name, next_run_at) VALUES ('purge', now() + interval '1 day')
                 ON CONFLICT (name) DO UPDATE SET next_run_at = excluded.next_run_at;`;
  const more = `${later}\n${grow(scale)}\n${growMore(scale)}`;
  const which = after ? 'after' : 'before';
  // PostgreSQL: the server creates and seeds its database, grown beside it. PGlite: the server
  // creates and seeds it, then it is grown while no server holds it.
  const name = `two_years_${which}_${process.pid}`;
  const target: { dataDir: string } | { databaseUrl: string } = PGLITE
    ? { dataDir: path.resolve(`.tmp/two-years-${which}-${process.pid}`) }
    : { databaseUrl: url!.replace(/\/[^/]*$/, `/${name}`) };
  const env: Record<string, string> = 'dataDir' in target ? { DATA_DIR: target.dataDir } : { DATABASE_URL: target.databaseUrl };
  if ('dataDir' in target) fs.rmSync(target.dataDir, { recursive: true, force: true });
  else await admin!.query(`CREATE DATABASE ${name}`);
  let server = await serve(appDir, env);
  if (PGLITE) await server.stop();
  const db = createDb(target);
  await sql.raw(more).execute(db);
  await sql`VACUUM ANALYZE`.execute(db);
  await db.destroy();
  if (after) await firstPurge(target);
  if (PGLITE) server = await serve(appDir, env);
  console.log(`${label} : boutique générée en ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const running = server;
  return {
    label,
    after,
    ...running,
    stop: async () => {
      await running.stop();
      if ('dataDir' in target) fs.rmSync(target.dataDir, { recursive: true, force: true });
      else await admin!.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    },
  };
}

async function call(shop: Shop, pathname: string, init: RequestInit = {}) {
  const started = performance.now();
  const response = await fetch(`${shop.base}${pathname}`, { ...init, headers: { cookie: shop.cookie, ...(init.headers ?? {}) } });
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`${shop.label} ${pathname}: ${response.status} ${body.toString().slice(0, 300)}`);
  return { ms: performance.now() - started, body };
}
const post = (shop: Shop, procedure: string, input: unknown) =>
  call(shop, `/trpc/${procedure}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) });
const data = <T>(body: Buffer) => (JSON.parse(body.toString()) as { result: { data: T } }).result.data;

async function timed(shop: Shop, pathname: string) {
  await call(shop, pathname);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push((await call(shop, pathname)).ms);
  return pair(times);
}

const MEMBER = 'membre3@boutique.bj';
const screens = (after: boolean): [string, string][] => [
  ['Tableau de bord', query('dashboard.stats')],
  ['Ventes : 1 an par jour', query('dashboard.sales', { from: day(364), to: day(0), by: 'day' })],
  ['Ventes : 12 mois par mois', query('dashboard.sales', { from: day(364), to: day(0), by: 'month' })],
  ['Ventes : 2 ans par semaine', query('dashboard.sales', { from: day(730), to: day(0), by: 'week' })],
  ['Commandes (liste)', query('orders.list', { page: 1, pageSize: 20 })],
  ['Envois (liste)', query('outbox.list', { page: 1, pageSize: 20 })],
  ['Journal d’audit (liste)', query('auditLog.list', { page: 1, pageSize: 20 })],
  [
    'Journal : actions d’un membre',
    query('auditLog.list', after ? { page: 1, pageSize: 20, filters: { actor: MEMBER } } : { page: 1, pageSize: 20, search: MEMBER }),
  ],
];

async function measure(shop: Shop) {
  const out = new Map<string, string>();
  for (const [label, pathname] of screens(shop.after)) out.set(label, await timed(shop, pathname));
  // The counter's catalogue: whole, then after one price change for a phone holding it.
  const whole = await call(shop, query('orders.counterCatalogue', {}));
  const held = data<{ version: string; items: { id: string; type: string; price: number }[] }>(whole.body);
  out.set('Catalogue du comptoir (complet)', `${(whole.body.length / 1e6).toFixed(2)} Mo JSON, ${ms(whole.ms)}`);
  const edited = held.items.find((i) => i.type === 'product')!;
  await post(shop, 'products.update', { id: edited.id, data: { price: edited.price + 1 } });
  const next = await call(shop, query('orders.counterCatalogue', { version: held.version }));
  out.set('Catalogue du comptoir (après 1 prix changé)', `${(next.body.length / 1e3).toFixed(1)} ko JSON, ${ms(next.ms)}`);
  // A letter to the 50,000, while the owner lists her orders and a customer follows hers.
  const letter = data<{ id: string }>(
    (await post(shop, 'newsletters.create', { subject: 'La lettre du banc', body: '<p>Bonjour</p>' })).body,
  );
  const token = data<{ rows: { id: string }[] }>((await call(shop, query('orders.list', { page: 1, pageSize: 1 }))).body).rows[0]!.id;
  const order = data<{ trackingToken: string }>((await call(shop, query('orders.get', { id: token }))).body);
  let sending = true;
  const probes = { owner: [] as number[], tracking: [] as number[] };
  const probing = (async () => {
    while (sending) {
      probes.owner.push((await call(shop, query('orders.list', { page: 1, pageSize: 20 }))).ms);
      probes.tracking.push((await call(shop, query('orders.track', { token: order.trackingToken }))).ms);
    }
  })();
  const sent = await post(shop, 'newsletters.send', { id: letter.id });
  sending = false;
  await probing;
  out.set('Lettre à 50 000 abonnés : envoi (réponse)', `${(sent.ms / 1000).toFixed(1)} s`);
  out.set('  pendant ce temps : liste des commandes (max / p95)', `${ms(Math.max(...probes.owner))} / ${ms(percentile(probes.owner, 95))}`);
  out.set(
    '  pendant ce temps : suivi d’une commande (max / p95)',
    `${ms(Math.max(...probes.tracking))} / ${ms(percentile(probes.tracking, 95))}`,
  );
  out.set('Résultats d’une lettre (stats)', await timed(shop, query('newsletters.stats', { id: letter.id })));
  return out;
}

const shops: Shop[] = [];
try {
  const results: [string, Map<string, string>][] = [];
  const plan: [string, string, boolean][] = [
    ...(beforeDir ? [[`Avant (${beforeDir})`, beforeDir, false] as [string, string, boolean]] : []),
    ['Après', '.', true],
  ];
  for (const [label, dir, after] of plan) {
    const shop = await open(label, dir, after);
    shops.push(shop);
    results.push([label, await measure(shop)]);
    await shop.stop();
    shops.pop();
  }
  const keys = [...results.at(-1)![1].keys()];
  const rows = keys.map((key) => [key, ...results.map(([, r]) => r.get(key) ?? '')]);
  const header = [`Mesure (p50 / p95), ${PGLITE ? 'PGlite' : 'PostgreSQL'}`, ...results.map(([label]) => label)];
  const widths = header.map((_, c) => Math.max(...[header, ...rows].map((r) => r[c]!.length)));
  const line = (r: string[]) => r.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ');
  console.log(line(header));
  for (const r of rows) console.log(line(r));
  for (const p of purges) console.log(`Première purge des envois (après) : ${p}`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const shop of shops) await shop.stop();
  await admin?.end();
}
