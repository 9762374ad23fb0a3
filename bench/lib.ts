// Shared by the front-end benchmarks: a real server in its own process, and the
// weight of what a page loads, by the gzip size of the built files.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

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
export const startAdminServer = (dir: string) =>
  startServer({ ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password, DEMO_PHOTOS: 'false' }, dir);

/** The phone the admin benchmarks use: 360 px wide, touch, a dense screen. */
export const PHONE_CONTEXT = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** A mark the page set in its own time (`window[name] = performance.now()`), once it is there. */
export const readMark = (page: Page, name: string) =>
  page
    .waitForFunction((n) => (window as unknown as Record<string, number | undefined>)[n], name, { timeout: 120_000 })
    .then((h) => h.jsonValue() as Promise<number>);
