import fs from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { startTestApp } from './app';

// Chromium's headless shell (Debian's chromium-headless-shell, the same engine and version; what
// Playwright itself runs headless) where installed: the browser tests ran 17 % faster than in the
// full browser. The benches keep the full browser (bench/lib.ts), closer to a phone's, and so do
// tests of what the shell lacks (it denies notifications whatever the test grants).
export const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync(SHELL) ? SHELL : FULL_CHROMIUM);
export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * The built storefront and admin served by the real server over a fresh,
 * seeded database, and the system Chromium to drive them.
 */
export async function startBrowserApp(options: { env?: Record<string, string>; fullBrowser?: boolean; args?: string[] } = {}) {
  for (const app of ['storefront', 'admin']) {
    if (!fs.existsSync(path.join(app, 'dist/index.html'))) throw new Error(`${app} is not built: run npm run build first`);
  }
  const app = await startTestApp({ demo: true, env: options.env, ownPublicUrl: true });
  const browser: Browser = await chromium.launch({
    executablePath: options.fullBrowser ? FULL_CHROMIUM : CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
      ...(options.args ?? []),
    ],
  });
  const errors: string[] = [];
  const pages: Page[] = [];
  opened.add(pages);
  return {
    ...app,
    browser,
    /** Console errors and page crashes seen so far: a page that works logs none. */
    errors,
    /** A page in a fresh context; `timezoneId` sets the device's clock zone (UTC, this machine's, by default). */
    async newPage(viewport = DESKTOP, { timezoneId }: { timezoneId?: string } = {}): Promise<Page> {
      const context = await browser.newContext({ viewport, locale: 'fr-FR', baseURL: app.url, timezoneId, reducedMotion: 'reduce' });
      const page = await context.newPage();
      pages.push(page);
      watchForFailures(page);
      page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
      page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
      // A test that goes to another address leaves like an owner answering "Quitter" to the
      // browser's unsaved-changes question. Other dialogs are the tests' own to answer.
      page.on('dialog', (dialog) => {
        if (dialog.type() === 'beforeunload') void dialog.accept();
      });
      // A storefront page arrives rendered by the server, and its buttons respond once the app has
      // taken it over (hydration, a moment later on a busy machine): the tests act then, like a
      // shopper who waits for the page to work. What happens to earlier taps is tested on its own.
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (isStorefrontPage(url)) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        return response;
      };
      return page;
    },
    async close() {
      opened.delete(pages);
      await browser.close();
      await app.close();
    },
  };
}
export type BrowserApp = Awaited<ReturnType<typeof startBrowserApp>>;

/** Addresses of the storefront's pages (not the admin, the API, files or the receipt PDF). */
function isStorefrontPage(url: string) {
  const path = new URL(url, 'http://localhost').pathname;
  return !/^\/(admin|trpc|media|assets|api|webhooks)(\/|$)|\.\w+$/.test(path);
}

// What a failed browser step leaves behind (tests/support/e2e-setup.ts writes it, CI prints it):
// each open page's picture, its address, the addresses it went through, the dialogs it showed.
const opened = new Set<Page[]>();
const trails = new WeakMap<Page, string[]>();

function watchForFailures(page: Page) {
  const trail: string[] = [];
  trails.set(page, trail);
  const note = (line: string) => {
    trail.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (trail.length > 15) trail.shift();
  };
  // Same-document moves (the admin's and storefront's routers) count as navigations too.
  page.on('framenavigated', (frame) => frame === page.mainFrame() && note(`-> ${frame.url()}`));
  page.on('dialog', (dialog) => note(`dialog ${dialog.type()}: ${dialog.message()}`));
}

/** Saves the picture and the recent history of every page still open, for a failed test named `id`. */
export async function keepFailureContext(id: string) {
  fs.mkdirSync('.tmp/screens', { recursive: true });
  let n = 0;
  for (const pages of opened) {
    for (const page of pages) {
      if (page.isClosed()) continue;
      const name = `.tmp/screens/failed-${id}-${n++}`;
      await page.screenshot({ path: `${name}.png`, timeout: 5_000 }).catch(() => undefined);
      const shown = await page
        .locator('.ant-notification-notice, .ant-popover:not(.ant-popover-hidden), .ant-modal, [role="alert"]')
        .allTextContents()
        .catch(() => []);
      const lines = [`url: ${page.url()}`, ...(trails.get(page) ?? []), ...shown.map((text) => `shown: ${text.slice(0, 200)}`)];
      fs.writeFileSync(`${name}.txt`, `${lines.join('\n')}\n`);
    }
  }
}
