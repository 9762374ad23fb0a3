// Strangers asking for addresses nobody asked before (a search per request, made-up pages),
// and a shopper reading the cached home page meanwhile. On demand:
//   npx tsx bench/unique-urls.ts [seconds]                              this checkout
//   BENCH_BEFORE_DIR=../before npx tsx bench/unique-urls.ts [seconds]   and another checkout, side by side
// Each server runs alone on PGlite with the demo shop (DEMO_PHOTOS=false), one after the other.
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer } from './lib';

const seconds = Number(process.argv[2] ?? 10);
const percentile = (v: number[], p: number) => [...v].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * v.length) - 1)] ?? NaN;

async function measure(label: string, appDir: string, kind: 'search' | 'not-found') {
  const server = await startServer({ DEMO_PHOTOS: 'false' }, appDir);
  try {
    await fetch(`${server.base}/`); // the shopper's page is in the cache
    let n = 0;
    const attack = autocannon({
      url: server.base,
      connections: 8,
      duration: seconds,
      headers: { 'accept-encoding': 'br, gzip' },
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            path: kind === 'search' ? `/products?q=${(n++).toString(36)}x${Date.now().toString(36)}` : `/page-${n++}-${Date.now()}`,
          }),
        },
      ],
    });
    const latencies: number[] = [];
    const until = performance.now() + seconds * 1000;
    while (performance.now() < until) {
      const start = performance.now();
      const r = await fetch(`${server.base}/`, { headers: { 'accept-encoding': 'br' } });
      await r.arrayBuffer();
      latencies.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, 50));
    }
    const result = await attack;
    return {
      label,
      kind,
      perSecond: result.requests.average,
      attackP50: result.latency.p50,
      shopperP50: percentile(latencies, 50),
      shopperP95: percentile(latencies, 95),
      reads: latencies.length,
    };
  } finally {
    server.stop();
  }
}

const dirs: [string, string][] = [
  ...(process.env.BENCH_BEFORE_DIR ? ([['before', path.resolve(process.env.BENCH_BEFORE_DIR)]] as [string, string][]) : []),
  ['after', path.resolve('.')],
];
console.log(`Unique addresses for ${seconds} s (8 connections), a shopper reading / every 50 ms meanwhile:`);
for (const kind of ['search', 'not-found'] as const) {
  for (const [label, dir] of dirs) {
    const r = await measure(label, dir, kind);
    console.log(
      `  ${r.kind.padEnd(9)} ${r.label.padEnd(6)} ${r.perSecond.toFixed(0).padStart(5)} unique pages/s (p50 ${r.attackP50} ms)   ` +
        `shopper's cached / p50 ${r.shopperP50.toFixed(0)} ms, p95 ${r.shopperP95.toFixed(0)} ms (${r.reads} reads)`,
    );
  }
}
