// The team's own screens on the slow phone (issue 58), on demand: npx tsx bench/team.ts [baseline checkout]
// Needs the built admin (npm run build); a baseline checkout as bench/baseline.sh makes it, run side
// by side in this run. For each build, a real server on a fresh demo PGlite; the owner invites a
// seller and a courier (the invitations' mails caught by the SMTP stand-in of the tests), then, on the
// slow-phone profile (400 ms round trip, 400 kbit/s, CPU 4x, 360 px), timed inside the page:
//  (1) the seller's first visit: from the tap on « Se connecter » (typed at 80 ms a key) until the
//      counter is usable (its search box there, its articles loaded on the phone);
//  (2) the courier's first visit: the same until the round shows its stops;
//  (3) a new member: from the tap that sets her password on the invitation page until her first
//      screen is usable;
//  (4) repeat visits once the admin's service worker is active: the counter and the round, from
//      navigation until usable; and (5) the same offline;
//  (6) the owner, signed in on a new phone (the dashboard shown), through the menu: « Équipe » from
//      the tap until its members show, then « Lettres » until its letters show.
// Targets (issue 58): (1) and (2) ≤ 4 s; (4) ≤ 1.5 s; (5) they open. (6) has none of its own: the
// first list after sign-in is bench/admin.ts's (4), for comparison.
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { startSmtpStandIn } from '../tests/support/smtp-stand-in';
import { BENCH_ADMIN, CHROMIUM, emulateSlowPhone, FLAGS, PHONE_CONTEXT, readMark, startAdminServer } from './lib';

const baseline = process.argv[2];
// Every member of the bench chooses the owner's password.
const PASSWORD = BENCH_ADMIN.password;

/** Marks in page time: the tap that signs in (or sets a password), and each screen usable. */
const MARKS = `
(() => {
  const mark = (name, test) => { if (window[name] === undefined && test()) window[name] = performance.now(); };
  const check = () => {
    mark('counterAt', () => {
      const box = document.querySelector('input[aria-label="Code-barres, référence ou nom"]');
      const wrap = document.querySelector('[data-catalogue]');
      return box !== null && (wrap === null || wrap.getAttribute('data-catalogue') === 'ready');
    });
    mark('roundAt', () => [...document.querySelectorAll('h2')].some((h) => (h.textContent || '').startsWith('À livrer'))
      && document.querySelector('.ant-card-loading') === null);
    mark('dashboardAt', () => document.querySelector('.ant-statistic-content-value') !== null);
    if (window.want) mark('shownAt', () => document.querySelector(window.want) !== null);
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  document.addEventListener('click', (e) => { if (e.target instanceof Element && e.target.closest('button[type=submit]')) window.tapAt = performance.now(); }, true);
})();
`;

type Screen = 'counterAt' | 'roundAt' | 'dashboardAt';

/** Through the phone's menu to a screen: from the tap on its entry until `ready` is in the page. */
async function throughMenu(page: Page, entry: string, ready: string) {
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await page.evaluate((want) => Object.assign(window, { want, shownAt: undefined, menuAt: performance.now() }), ready);
  await page.getByRole('menuitem', { name: entry }).click();
  return (await readMark(page, 'shownAt')) - (await readMark(page, 'menuAt'));
}

async function signIn(page: Page, base: string, email: string, screen: Screen) {
  await page.goto(`${base}/admin/login`, { waitUntil: 'commit' });
  await page.getByLabel('E-mail').pressSequentially(email, { delay: 80 });
  await page.getByLabel('Mot de passe', { exact: true }).pressSequentially(PASSWORD, { delay: 80 });
  await page.getByRole('button', { name: 'Se connecter' }).click();
  return (await readMark(page, screen)) - (await readMark(page, 'tapAt'));
}

/** The same screen again (service worker active), then offline: from navigation until usable. */
async function again(context: BrowserContext, page: Page, base: string, route: string, screen: Screen) {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, {
    timeout: 180_000,
    polling: 500,
  });
  await page.waitForLoadState('networkidle');
  await page.goto(`${base}/admin${route}`, { waitUntil: 'commit' });
  const repeat = await readMark(page, screen);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const offline = await page
    .goto(`${base}/admin${route}`, { waitUntil: 'commit' })
    .then(() => readMark(page, screen))
    .catch(() => null);
  return { repeat, offline };
}

async function measure(label: string, dir: string) {
  const smtp = await startSmtpStandIn();
  smtp.accept();
  const server = await startAdminServer(dir, { SMTP_URL: smtp.url });
  const { base } = server;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    const login = await fetch(`${base}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_ADMIN),
    });
    const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0]!;
    const invite = async (email: string, role: string) => {
      await fetch(`${base}/trpc/team.invite`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ email, displayName: role, role }),
      });
      for (let i = 0; i < 100; i++) {
        const mail = smtp.received.find((m) => m.to.includes(email));
        const token = mail && /token=([\w-]+)/.exec(mail.text)?.[1];
        if (token) return token;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`pas d’invitation pour ${email}`);
    };
    const accept = (token: string) =>
      fetch(`${base}/trpc/team.accept`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, password: PASSWORD }),
      });
    await accept(await invite('vendeuse@banc.bj', 'seller'));
    await accept(await invite('livreur@banc.bj', 'courier'));
    const newcomer = await invite('nouvelle@banc.bj', 'seller');
    await fetch(`${base}/trpc/newsletters.create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ subject: 'La lettre du banc', body: '<p>Bonjour</p>' }),
    });

    const phone = async () => {
      const context = await browser.newContext(PHONE_CONTEXT);
      await context.addInitScript({ content: MARKS });
      const page = await context.newPage();
      await emulateSlowPhone(page);
      return { context, page };
    };
    const seller = await phone();
    const counter = await signIn(seller.page, base, 'vendeuse@banc.bj', 'counterAt');
    const counterAgain = await again(seller.context, seller.page, base, '/comptoir', 'counterAt');
    await seller.context.close();
    const courier = await phone();
    const round = await signIn(courier.page, base, 'livreur@banc.bj', 'roundAt');
    const roundAgain = await again(courier.context, courier.page, base, '/tournee', 'roundAt');
    await courier.context.close();
    const fresh = await phone();
    await fresh.page.goto(`${base}/admin/invitation?token=${newcomer}`, { waitUntil: 'commit' });
    const fields = fresh.page.locator('input[type=password]');
    await fields.first().waitFor({ timeout: 120_000 });
    for (let i = 0; i < (await fields.count()); i++) await fields.nth(i).pressSequentially(PASSWORD, { delay: 80 });
    await fresh.page.locator('button[type=submit]').click();
    const joined = (await readMark(fresh.page, 'counterAt')) - (await readMark(fresh.page, 'tapAt'));
    await fresh.context.close();
    const owner = await phone();
    await signIn(owner.page, base, BENCH_ADMIN.email, 'dashboardAt');
    const team = await throughMenu(owner.page, 'Équipe', '.ant-table-row');
    const letters = await throughMenu(owner.page, 'Lettres', '[data-testid=record-card]');
    await owner.context.close();
    return { label, counter, round, joined, counterAgain, roundAgain, team, letters };
  } finally {
    await browser.close();
    server.stop();
    await smtp.close();
  }
}

const results = [];
if (baseline) results.push(await measure('avant', path.resolve(baseline)));
results.push(await measure(baseline ? 'après' : 'cette version', '.'));
const s = (ms: number | null) => (ms === null ? 'ne s’ouvre pas' : `${(ms / 1000).toFixed(2)} s`);
console.log('L’équipe sur le téléphone lent (400 ms, 400 kbit/s, CPU 4x), 360 px :');
for (const r of results) {
  console.log(`  ${r.label}`);
  console.log(`    vendeuse, 1re visite : « Se connecter » → comptoir utilisable   ${s(r.counter)}`);
  console.log(`    livreur, 1re visite : « Se connecter » → tournée affichée        ${s(r.round)}`);
  console.log(`    nouveau membre : mot de passe choisi → comptoir utilisable       ${s(r.joined)}`);
  console.log(`    retour : comptoir ${s(r.counterAgain.repeat)}, tournée ${s(r.roundAgain.repeat)}`);
  console.log(`    hors ligne : comptoir ${s(r.counterAgain.offline)}, tournée ${s(r.roundAgain.offline)}`);
  console.log(`    propriétaire, par le menu : Équipe ${s(r.team)}, puis Lettres ${s(r.letters)}`);
}
console.log('  objectifs : 1re visite ≤ 4 s ; retour ≤ 1,5 s ; hors ligne : s’ouvre');
