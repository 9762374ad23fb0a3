// The admin on the owner's phone, on demand: npx tsx bench/admin.ts [baseline checkout]
// Needs the built admin (npm run build). With a second checkout (an older commit, built, with a
// node_modules of its own: see bench/baseline.sh), both run side by side in this run, as the
// machine is noisy.
// For each build, a real server on a fresh seeded PGlite, then in Chromium at 360 px:
//  - the sign-in route's weight: JavaScript and CSS fetched until the form answers (not what the
//    page fetches afterwards, while the owner types), by brotli and
//    gzip size of the built files (the .br and .gz written by the build);
//  - on the slow-phone profile (400 ms round trip, 400 kbit/s both ways, CPU slowed 4x), timed
//    inside the page: (1) first visit, from navigation until the "Se connecter" button is in the
//    page and enabled; (2) the owner types the e-mail and password (80 ms a key), then from the tap
//    on "Se connecter" until the dashboard shows its figures;
//    (3) a repeat visit to the dashboard (same browser, a while later), from navigation until the
//    figures show; (4) right after sign-in, the first list (the orders, through the menu): from the
//    tap until its cards show, and until its toolbar (« Exporter en CSV ») does; (5) the same on
//    another new phone once the owner has read the dashboard for 8 s.
// Each build is measured twice: straight to the server (HTTP/1.1, six connections) and through
// Caddy over HTTPS and HTTP/2, as in production (bench/lib.ts startCaddy).
// Targets: (1) ≤ 3 s, sign-in route ≤ 100 KiB of compressed JavaScript (issue 23); (2) ≤ 4 s and
// (3) ≤ 1.5 s (issue 45).
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import {
  BENCH_ADMIN,
  CADDY_FLAGS,
  CHROMIUM,
  emulateSlowPhone,
  FLAGS,
  kib,
  PHONE_CONTEXT,
  readMark,
  recordAssets,
  startAdminServer,
  startCaddy,
} from './lib';

const baseline = process.argv[2];

const size = (dir: string, urlPath: string, ext: 'br' | 'gz') => {
  const file = path.join(dir, 'admin/dist', urlPath.replace(/^\/admin/, ''));
  return fs.existsSync(`${file}.${ext}`) ? fs.statSync(`${file}.${ext}`).size : fs.existsSync(file) ? fs.statSync(file).size : 0;
};

/**
 * Marks, in page time, when the sign-in button answers, when the dashboard's figures show, and the
 * tap. Plain JavaScript in a string: a function would be compiled with helpers the page lacks.
 */
const MARKS = `
(() => {
  const mark = (name, test) => { if (window[name] === undefined && test()) window[name] = performance.now(); };
  const check = () => {
    mark('formAt', () => [...document.querySelectorAll('button[type=submit]')].some((b) => b.textContent.includes('Se connecter') && !b.disabled));
    mark('dashboardAt', () => document.querySelector('.ant-statistic-content-value') !== null);
    if (window.listAsked !== undefined) {
      mark('listAt', () => document.querySelector('[data-testid=record-card]') !== null);
      mark('toolbarAt', () => [...document.querySelectorAll('button')].some((b) => b.textContent.includes('Exporter en CSV')));
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true });
  document.addEventListener('click', (e) => { if (e.target instanceof Element && e.target.closest('button[type=submit]')) window.tapAt = performance.now(); }, true);
})();
`;

/** How long the owner reads the dashboard before (5) opens her first list. */
const READING_MS = 8_000;

/** Through the menu to the orders: from the tap until the cards show, and until the toolbar does. */
async function firstList(page: import('playwright-core').Page) {
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await page.evaluate(() => ((window as unknown as { listAsked: number }).listAsked = performance.now()));
  await page.getByRole('menuitem', { name: 'Commandes' }).click();
  const asked = await readMark(page, 'listAsked');
  return { list: (await readMark(page, 'listAt')) - asked, toolbar: (await readMark(page, 'toolbarAt')) - asked };
}

async function measure(label: string, dir: string, proxied: boolean) {
  const server = await startAdminServer(dir, proxied ? { TRUST_PROXY: '127.0.0.1' } : {});
  const caddy = proxied ? await startCaddy(server.base) : null;
  const base = caddy?.base ?? server.base;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: proxied ? CADDY_FLAGS : FLAGS });
  try {
    // Weight, unthrottled.
    const weigh = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await weigh.addInitScript({ content: MARKS });
    const assets = recordAssets(weigh);
    await weigh.goto(`${base}/admin/login`);
    const formAt = await readMark(weigh, 'formAt');
    await weigh.waitForLoadState('networkidle');
    // What the form needed (asked for before it answered), not what the page fetches afterwards while the owner types.
    const before = new Set(
      await weigh.evaluate(
        (at) =>
          performance
            .getEntriesByType('resource')
            .filter((e) => e.startTime < at)
            .map((e) => new URL(e.name).pathname),
        formAt,
      ),
    );
    const scripts = assets.filter((a) => a.type === 'script' && before.has(a.path));
    const styles = assets.filter((a) => a.type === 'stylesheet' && before.has(a.path));
    const sum = (list: typeof assets, ext: 'br' | 'gz') => list.reduce((s, a) => s + size(dir, a.path, ext), 0);
    await weigh.close();

    // The slow phone, one browser profile for the three visits.
    const context = await browser.newContext({ ...PHONE_CONTEXT, ignoreHTTPSErrors: proxied });
    await context.addInitScript({ content: MARKS });
    const page = await context.newPage();
    await emulateSlowPhone(page);
    await page.goto(`${base}/admin/login`, { waitUntil: 'commit' });
    const first = await readMark(page, 'formAt');
    // The owner types as one does on a phone (80 ms a key, about 3 s here).
    await page.getByLabel('E-mail').pressSequentially(BENCH_ADMIN.email, { delay: 80 });
    await page.getByLabel('Mot de passe', { exact: true }).pressSequentially(BENCH_ADMIN.password, { delay: 80 });
    await page.getByRole('button', { name: 'Se connecter' }).click();
    const signIn = (await readMark(page, 'dashboardAt')) - (await readMark(page, 'tapAt'));
    // (4) From the dashboard, her first list: the orders, through the menu. When its cards show,
    // and when its toolbar (« Exporter en CSV ») does: a toolbar after the list pushes « Ajouter ».
    const { list, toolbar } = await firstList(page);
    // The owner comes back later: whatever the admin's service worker keeps by then is there.
    if (fs.existsSync(path.join(dir, 'admin/dist/sw.js'))) {
      // Registered a few seconds after sign-in, then installed with the whole shell over the slow
      // link; once active it controls this page (clientsClaim). A plain test: a function returning a
      // promise would count as true at once.
      await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, {
        timeout: 180_000,
        polling: 500,
      });
    }
    await page.waitForLoadState('networkidle');
    await page.goto(`${base}/admin/`, { waitUntil: 'commit' });
    const repeat = await readMark(page, 'dashboardAt');
    await context.close();
    // (5) The same first list on another new phone, once the owner has read the dashboard for
    // READING_MS (its figures, the lists under them).
    const again = await browser.newContext({ ...PHONE_CONTEXT, ignoreHTTPSErrors: proxied });
    await again.addInitScript({ content: MARKS });
    const reader = await again.newPage();
    await emulateSlowPhone(reader);
    await reader.goto(`${base}/admin/login`, { waitUntil: 'commit' });
    await reader.getByLabel('E-mail').fill(BENCH_ADMIN.email);
    await reader.getByLabel('Mot de passe', { exact: true }).fill(BENCH_ADMIN.password);
    await reader.getByRole('button', { name: 'Se connecter' }).click();
    await readMark(reader, 'dashboardAt');
    await new Promise((resolve) => setTimeout(resolve, READING_MS));
    const afterReading = (await firstList(reader)).list;
    await again.close();
    return {
      label: `${label}${proxied ? ' (Caddy, HTTP/2)' : ' (direct, HTTP/1.1)'}`,
      files: `${scripts.length} JS + ${styles.length} CSS`,
      jsBr: sum(scripts, 'br'),
      jsGz: sum(scripts, 'gz'),
      cssBr: sum(styles, 'br'),
      first,
      signIn,
      list,
      toolbar,
      afterReading,
      repeat,
    };
  } finally {
    await browser.close();
    caddy?.stop();
    server.stop();
  }
}

const results = [];
// Both ways a phone may reach the admin: straight to the server over HTTP/1.1 (npm start), and
// through Caddy over HTTPS and HTTP/2 (the production path, docs/deployment.md).
for (const proxied of [false, true]) {
  if (baseline) results.push(await measure('before', path.resolve(baseline), proxied));
  results.push(await measure(baseline ? 'after' : 'this build', '.', proxied));
}
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log('Admin on the slow phone (400 ms RTT, 400 kbit/s, CPU 4x), 360 px:');
console.log(
  '                                         sign-in route JS (br / gz)    CSS (br)   first visit: form   sign-in → dashboard   first list / its toolbar   after reading 8 s   repeat visit: dashboard',
);
for (const r of results)
  console.log(
    `  ${r.label.padEnd(30)} ${`${kib(r.jsBr)} / ${kib(r.jsGz)} (${r.files})`.padEnd(36)} ${kib(r.cssBr).padEnd(10)} ${s(r.first).padEnd(19)} ${s(r.signIn).padEnd(21)} ${`${s(r.list)} / ${s(r.toolbar)}`.padEnd(26)} ${s(r.afterReading).padEnd(19)} ${s(r.repeat)}`,
  );
console.log('  targets: sign-in route JS ≤ 100 KiB compressed; form ≤ 3 s; sign-in → dashboard ≤ 4 s; repeat visit dashboard ≤ 1.5 s');
