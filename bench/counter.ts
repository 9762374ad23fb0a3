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
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM, emulateSlowPhone, FLAGS, startServer } from './lib';

const ADMIN = { email: 'bench@example.com', password: 'une phrase pour le banc' };
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

const read = (page: Page, name: string) =>
  page
    .waitForFunction((n) => (window as unknown as Record<string, number | undefined>)[n], name, { timeout: 120_000 })
    .then((h) => h.jsonValue() as Promise<number>);

async function measure(label: string, dir: string) {
  const { base, stop } = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, DEMO_PHOTOS: 'false' }, dir);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    await context.addInitScript({ content: MARKS });
    const page = await context.newPage();
    await page.goto(`${base}/admin/login`);
    await page.getByLabel('E-mail').fill(ADMIN.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(/\/admin\/?$/);
    await page.goto(`${base}/admin/comptoir`);
    await read(page, 'usableAt');
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, {
      timeout: 180_000,
      polling: 500,
    });
    await page.waitForLoadState('networkidle');

    await emulateSlowPhone(page);
    await page.goto(`${base}/admin/comptoir`, { waitUntil: 'commit' });
    const usable = await read(page, 'usableAt');
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
      scans.push((await read(page, 'lineAt')) - (await read(page, 'enterAt')));
    }
    scans.sort((a, b) => a - b);
    await page.getByLabel('Montant reçu').fill('1000000');
    await page.getByRole('button', { name: /^Encaisser/ }).click();
    const sale = (await read(page, 'soldAt')) - (await read(page, 'tapAt'));
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
