// Shared by the front-end benchmarks: a real server in its own process, and the
// weight of what a page loads, by the gzip size of the built files.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { localCaddyfile } from '../tests/support/caddyfile';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'];
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * Starts `server/src/main.ts` on a fresh seeded PGlite, from this checkout or another one (`appDir`,
 * a "before" to measure side by side); stop() kills it and removes its data.
 */
export async function startServer(env: Record<string, string> = {}, appDir = '.') {
  const port = 3800 + Math.floor(Math.random() * 190);
  const dataDir = path.resolve(`.tmp/bench-${process.pid}-${port}`);
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: appDir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 120; i++) {
    if ((await fetch(`${base}/health`).catch(() => null))?.ok) return { base, stop, pid: server.pid! };
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error('server did not start');
}

/** The gzip size of a built asset (the .gz written by compress-dist; small files as they are). */
export function gzipSize(dist: string, urlPath: string): number {
  const file = path.join(dist, urlPath);
  if (fs.existsSync(`${file}.gz`)) return fs.statSync(`${file}.gz`).size;
  return fs.existsSync(file) ? fs.statSync(file).size : 0;
}

/** Records the scripts and stylesheets a page fetches from now on. */
export function recordAssets(page: Page) {
  const assets: { type: 'script' | 'stylesheet'; path: string; transferred: number }[] = [];
  page.on('requestfinished', async (request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const sizes = await request.sizes();
    assets.push({ type, path: new URL(request.url()).pathname, transferred: sizes.responseBodySize });
  });
  return assets;
}

/** The slow phone of the issues: 400 ms round trip, 400 kbit/s both ways, CPU slowed 4x (Chrome DevTools Protocol). */
export async function emulateSlowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: 50_000,
    uploadThroughput: 50_000,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

/** The owner the admin benchmarks sign in as (startAdminServer creates her). */
export const BENCH_ADMIN = { email: 'bench@example.com', password: 'une phrase pour le banc' };

/** A real server of the checkout in `dir` on a fresh demo PGlite, with the benchmarks' owner. */
export const startAdminServer = (dir: string, env: Record<string, string> = {}) =>
  startServer({ ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password, DEMO_PHOTOS: 'false', ...env }, dir);

/** The phone the admin benchmarks use: 360 px wide, touch, a dense screen. */
export const PHONE_CONTEXT = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** A mark the page set in its own time (`window[name] = performance.now()`), once it is there. */
export const readMark = (page: Page, name: string) =>
  page
    .waitForFunction((n) => (window as unknown as Record<string, number | undefined>)[n], name, { timeout: 120_000 })
    .then((h) => h.jsonValue() as Promise<number>);

/**
 * The production path in front of a bench server: Caddy (Debian's package) over HTTPS and HTTP/2,
 * with the shipped deploy/Caddyfile's proxy and a local certificate authority (the browser is told
 * to accept it: `CADDY_FLAGS`). A phone reaches the shop this way; over plain HTTP/1.1 a browser
 * opens six connections to one host and queues the rest, which a page of many scripts feels.
 */
export async function startCaddy(upstream: string) {
  const caddyBin = ['/usr/bin/caddy', '/usr/local/bin/caddy'].find((p) => fs.existsSync(p));
  if (!caddyBin) throw new Error('Caddy is not installed (apt-get install caddy)');
  const port = 4000 + Math.floor(Math.random() * 900);
  const work = path.resolve(`.tmp/bench-caddy-${process.pid}-${port}`);
  fs.mkdirSync(work, { recursive: true });
  const caddyfile = localCaddyfile(port, port + 1000);
  fs.writeFileSync(path.join(work, 'Caddyfile'), caddyfile);
  const upstreamHost = new URL(upstream).host;
  const caddy = spawn(caddyBin, ['run', '--config', path.join(work, 'Caddyfile'), '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH,
      // The shipped file names two servers; the second is the same one here.
      APP_SERVER_1: upstreamHost,
      APP_SERVER_2: upstreamHost,
      HOME: work,
      XDG_DATA_HOME: path.join(work, 'data'),
      XDG_CONFIG_HOME: path.join(work, 'config'),
    },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  const base = `https://localhost:${port}`;
  const stop = () => {
    caddy.kill();
    fs.rmSync(work, { recursive: true, force: true });
  };
  for (let i = 0; i < 60; i++) {
    // Node's fetch would refuse Caddy's local authority: ask the way the browser will, ignoring it.
    const ok = await new Promise<boolean>((resolve) => {
      const req = https.get(`${base}/health`, { rejectUnauthorized: false }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      req.on('error', () => resolve(false));
    });
    if (ok) return { base, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error('Caddy did not start');
}

/** Chromium's flags for a page behind `startCaddy`: its certificate (and its service worker's) accepted. */
export const CADDY_FLAGS = [...FLAGS, '--ignore-certificate-errors'];
