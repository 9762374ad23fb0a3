import fs from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { startTestApp } from './app';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * The built storefront and admin served by the real server over a fresh,
 * seeded database, and the system Chromium to drive them.
 */
export async function startBrowserApp(options: { env?: Record<string, string> } = {}) {
  for (const app of ['storefront', 'admin']) {
    if (!fs.existsSync(path.join(app, 'dist/index.html'))) throw new Error(`${app} is not built: run npm run build first`);
  }
  const app = await startTestApp({ demo: true, env: options.env, ownPublicUrl: true });
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  const errors: string[] = [];
  return {
    ...app,
    browser,
    /** Console errors and page crashes seen so far: a page that works logs none. */
    errors,
    /** A page in a fresh context; `timezoneId` sets the device's clock zone (UTC, this machine's, by default). */
    async newPage(viewport = DESKTOP, { timezoneId }: { timezoneId?: string } = {}): Promise<Page> {
      const context = await browser.newContext({ viewport, locale: 'fr-FR', baseURL: app.url, timezoneId });
      const page = await context.newPage();
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
