// API throughput and latency under load, on demand:
//   npm run bench [-- seconds]                       PGlite
//   DATABASE_URL=postgres://... npm run bench        PGlite, then PostgreSQL (a fresh database on that server)
//   BENCH_APP_DIR=../other-checkout npm run bench    the app from another checkout (a "before"), same baseline
// autocannon, 50 connections, gzip. The app (compiled, as `npm start` runs it) and the baseline
// (bench/raw-server.ts: plain Fastify + pg on the same query as products.list) each run in their
// own process, on the same data, in the same run; the cases take turns over BENCH_ROUNDS rounds
// (3) and each figure is the median, so a noisy moment on this machine does not decide a ratio. The ceiling (the
// baseline's /ceiling: that answer as gzip bytes made once) is the most any cached read can do
// here; each case is also given as a fraction of it (goal for cached reads: 0.8 or more).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const seconds = Number(process.argv[2] ?? 10);
const connections = 50;
const appDir = path.resolve(process.env.BENCH_APP_DIR ?? '.');
const tmp = path.resolve(`.tmp/bench-${process.pid}`);

function start(cmd: string[], cwd: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, cmd, { cwd, env: { ...process.env, HOST: '127.0.0.1', ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}
async function waitUp(url: string) {
  for (let i = 0; i < 240; i++) {
    if ((await fetch(url).catch(() => null))?.ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}
async function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}
async function load(name: string, url: string): Promise<Row> {
  const r = await autocannon({ url, connections, duration: seconds, headers: { 'accept-encoding': 'gzip' } });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}
const print = (rows: Row[], baseline: number, ceiling: number) => {
  for (const r of rows) {
    console.log(
      `  ${r.name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  ${(r.rps / baseline).toFixed(2)}x raw  ${(r.rps / ceiling).toFixed(2)} of ceiling${r.errors ? `  ${r.errors} errors` : ''}`,
    );
  }
};

/** The app as `npm start` runs it: compiled from its current sources when the checkout can be, else through tsx. */
function appEntry() {
  if (!fs.existsSync(path.join(appDir, 'scripts/build-server.mjs'))) return ['--import', 'tsx', 'server/src/main.ts'];
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: appDir, stdio: 'ignore' });
  return ['--enable-source-maps', 'server/dist/bin/main.js'];
}

/** Rounds per case: the cases take turns, so a noisy moment on this machine hits them alike; medians are reported. */
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function run(engine: 'PGlite' | 'PostgreSQL', databaseUrl?: string) {
  const appPort = 3900 + Math.floor(Math.random() * 50);
  const rawPort = appPort + 50;
  // Empty means PGlite: DATABASE_URL, set for the PostgreSQL pass, must not leak into the PGlite one.
  const env: Record<string, string> = { DATABASE_URL: databaseUrl ?? '' };
  const entry = appEntry();
  const app = start(entry, appDir, {
    ...env,
    PORT: String(appPort),
    DATA_DIR: path.join(tmp, 'app'),
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: 'un mot de passe de banc',
    DEMO_PHOTOS: 'false',
  });
  const base = `http://127.0.0.1:${appPort}`;
  await waitUp(`${base}/health`);
  // The baseline on the same data: PostgreSQL shares the seeded database, PGlite seeds its own copy.
  // Both servers stay up; only the one being measured is asked anything.
  const raw = start(['--import', 'tsx', 'bench/raw-server.ts'], path.resolve('.'), { ...env, PORT: String(rawPort) });
  await waitUp(`http://127.0.0.1:${rawPort}/products`);
  const list = await (await fetch(`${base}/trpc/products.list?input=${encodeURIComponent('{"pageSize":20}')}`)).json();
  const id = list.result.data.rows[0].id as string;
  const slug = list.result.data.rows[0].slug as string;
  const q = (p: string, input?: unknown) =>
    `${base}/trpc/${p}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;
  const cases: [string, string][] = [
    ['ceiling: precomputed gzip body', `http://127.0.0.1:${rawPort}/ceiling`],
    ['raw Fastify + query, same SQL', `http://127.0.0.1:${rawPort}/products`],
    ['products.list (20 rows)', q('products.list', { pageSize: 20 })],
    ['products.get', q('products.get', { id })],
    ['settings.get', q('settings.get')],
    ['product page (HTML)', `${base}/products/${slug}`],
    ['/health (database round trip)', `${base}/health`],
  ];
  const runs = new Map<string, Row[]>(cases.map(([name]) => [name, []]));
  for (let round = 0; round < rounds; round++) for (const [name, url] of cases) runs.get(name)!.push(await load(name, url));
  await stop(app);
  await stop(raw);
  const rows = cases.map(([name]): Row => {
    const all = runs.get(name)!;
    return {
      name,
      rps: median(all.map((r) => r.rps)),
      p50: median(all.map((r) => r.p50)),
      p99: median(all.map((r) => r.p99)),
      errors: all.reduce((sum, r) => sum + r.errors, 0),
    };
  });
  const [ceiling, baseline] = rows as [Row, Row];
  console.log(
    `\n${engine}: ${connections} connections, ${seconds} s per case, median of ${rounds} rounds taken in turn, app from ${appDir}`,
  );
  print(rows, baseline.rps, ceiling.rps);
}

try {
  fs.mkdirSync(tmp, { recursive: true });
  await run('PGlite');
  if (process.env.DATABASE_URL) {
    const name = `bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      await run('PostgreSQL', process.env.DATABASE_URL.replace(/\/[^/]*$/, `/${name}`));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
