// API throughput and latency, on demand: npm run bench [-- seconds per case]
// The server runs in its own process (as in production) on a fresh seeded PGlite;
// this process only sends requests, on loopback. Baselines: the same SQL through
// the repository with no HTTP, and GET /health (HTTP with a trivial query).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { products } from '@app/shared';
import { listRecords } from '../server/src/crud/repository';
import { createDb } from '../server/src/db/index';
import { migrateToLatest } from '../server/src/db/migrate';
import { seedIfEmpty } from '../server/src/seed/seed';

const seconds = Number(process.argv[2] ?? 5);
const concurrency = 8;
const port = 3900 + Math.floor(Math.random() * 90);
const dataDir = `.tmp/bench-${process.pid}`;

async function measure(name: string, run: () => Promise<unknown>) {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await run();
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!.toFixed(1);
  console.log(`${name.padEnd(36)} ${(latencies.length / seconds).toFixed(0).padStart(6)} req/s   p50 ${pct(0.5)} ms   p95 ${pct(0.95)} ms`);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: 'bench password long',
  },
  stdio: 'inherit',
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  if ((await fetch(`${base}/health`).catch(() => null))?.ok) break;
  if (i > 120) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 500));
}
const get = (path: string, input?: unknown) => async () => {
  const qs = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await fetch(`${base}${path}${qs}`, { headers: { 'accept-encoding': 'gzip' } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  await response.arrayBuffer();
};

try {
  console.log(`PGlite, ${concurrency} concurrent clients, ${seconds} s per case, server in its own process`);
  const db = createDb({ dataDir: 'memory://' });
  await migrateToLatest(db);
  await seedIfEmpty(db, { demo: true });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the repository is generic
  await measure('baseline: repository.list, no HTTP', () => listRecords(db as any, products, 'public', { page: 1, pageSize: 20 }));
  await db.destroy();
  await measure('baseline: GET /health', get('/health'));
  await measure('products.list (20 rows, gzip)', get('/trpc/products.list', { pageSize: 20 }));
  await measure('products.list search "port"', get('/trpc/products.list', { search: 'port', pageSize: 20 }));
  const first = (await (await fetch(`${base}/trpc/products.list?input=${encodeURIComponent('{"pageSize":1}')}`)).json()).result.data
    .rows[0];
  await measure('products.get', get('/trpc/products.get', { id: first.id }));
  await measure('settings.get', get('/trpc/settings.get'));
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
