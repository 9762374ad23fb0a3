// The counter on the owner's phone, on demand: npx tsx bench/counter.ts [baseline checkout]
// Needs the built admin (npm run build); a baseline checkout as bench/baseline.sh makes it, run side
// by side in this run (the machine is noisy). For each build, a real server on a fresh demo PGlite;
// signed in and the counter opened once at full speed (the admin's service worker installed), then on
// the slow-phone profile (400 ms round trip, 400 kbit/s, CPU 4x), timed inside the page:
//  (1) a repeat visit: from navigation until the counter is usable (its search box there, and where
//      the build keeps articles on the phone, those loaded);
//  (2) a scanned article on the ticket: from the scanner's Entrée until the line shows (median of 5);
//  (3) a sale confirmed online: from the tap on "Encaisser" until "Vente … enregistrée".
// Targets (issue 41): (1) ≤ 1.5 s, (2) ≤ 100 ms, (3) ≤ 1 s.
import path from 'node:path';
import { chromium } from 'playwright-core';
import { BENCH_ADMIN, CHROMIUM, emulateSlowPhone, FLAGS, PHONE_CONTEXT, readMark, startAdminServer } from './lib';

const baseline = process.argv[2];
/** A demo product's barcode (server/src/seed/demo-data.ts) and its name. */
const SCANNED = { code: '2000000000015' };

/** Marks in page time. Plain JavaScript in a string: a function would be compiled with helpers the page lacks. */
const MARKS = `
(() => {
  const mark = (name, test) => { if (window[name] === undefined && test()) window[name] = performance.now(); };
  const check = () => {
    mark('usableAt', () => {
      const box = document.querySelector('input[aria-label="Code-barres, référence ou nom"]');
      const wrap = document.querySelector('[data-catalogue]');
      return box !== null && (wrap === null || wrap.getAttribute('data-catalogue') === 'ready');
    });
    if (window.enterAt !== undefined) mark('lineAt', () => document.querySelectorAll('button[aria-label^="Un "][aria-label$=" de plus"]').length > 0);
    if (window.tapAt !== undefined) mark('soldAt', () => /Vente CMD-\\d+ enregistrée/.test(document.body.textContent || ''));
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  document.addEventListener('keydown', (e) => { if (e.key === 'Enter' && e.target instanceof HTMLInputElement) window.enterAt = performance.now(); }, true);
  document.addEventListener('click', (e) => { if (e.target instanceof Element && (e.target.closest('button')?.textContent || '').startsWith('Encaisser')) window.tapAt = performance.now(); }, true);
})();
`;

async function measure(label: string, dir: string) {
  const { base, stop } = await startAdminServer(dir);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    const context = await browser.newContext(PHONE_CONTEXT);
    await context.addInitScript({ content: MARKS });
    const page = await context.newPage();
    await page.goto(`${base}/admin/login`);
    await page.getByLabel('E-mail').fill(BENCH_ADMIN.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(BENCH_ADMIN.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(/\/admin\/?$/);
    await page.goto(`${base}/admin/comptoir`);
    await readMark(page, 'usableAt');
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, {
      timeout: 180_000,
      polling: 500,
    });
    await page.waitForLoadState('networkidle');

    await emulateSlowPhone(page);
    await page.goto(`${base}/admin/comptoir`, { waitUntil: 'commit' });
    const usable = await readMark(page, 'usableAt');
    const search = page.getByLabel('Code-barres, référence ou nom');
    const scans: number[] = [];
    for (let i = 0; i < 5; i++) {
      await page.evaluate(() => {
        const w = window as unknown as Record<string, number | undefined>;
        w.enterAt = undefined;
        w.lineAt = undefined;
      });
      // A scanner types fast and presses Entrée; a line already there gains one (the first scan makes it).
      if (i > 0) await page.getByRole('button', { name: /^Un .* de moins$/ }).click();
      await page.getByRole('button', { name: /^Un .* de plus$/ }).waitFor({ state: 'detached' });
      await search.pressSequentially(SCANNED.code, { delay: 5 });
      await search.press('Enter');
      scans.push((await readMark(page, 'lineAt')) - (await readMark(page, 'enterAt')));
    }
    scans.sort((a, b) => a - b);
    await page.getByLabel('Montant reçu').fill('1000000');
    await page.getByRole('button', { name: /^Encaisser/ }).click();
    const sale = (await readMark(page, 'soldAt')) - (await readMark(page, 'tapAt'));
    await context.close();
    return { label, usable, scan: scans[2]!, sale };
  } finally {
    await browser.close();
    stop();
  }
}

const results = [];
if (baseline) results.push(await measure('before', path.resolve(baseline)));
results.push(await measure(baseline ? 'after' : 'this build', '.'));
const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${Math.round(n)} ms`);
console.log('Counter on the slow phone (400 ms RTT, 400 kbit/s, CPU 4x), 360 px:');
console.log('               repeat visit: usable   scan → line on the ticket (median of 5)   sale confirmed online');
for (const r of results) console.log(`  ${r.label.padEnd(11)}  ${ms(r.usable).padEnd(21)} ${ms(r.scan).padEnd(41)} ${ms(r.sale)}`);
console.log('  targets: usable ≤ 1.5 s; scan → line ≤ 100 ms; sale ≤ 1 s');
