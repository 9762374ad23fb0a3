import fs from 'node:fs';
import type { Page } from 'playwright-core';

const DIR = '.tmp/screens';

/** Saves a screenshot under .tmp/screens/admin-<name>.png once the page has settled. */
export async function screenshot(page: Page, name: string, fullPage = false) {
  fs.mkdirSync(DIR, { recursive: true });
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  // Sticky header and menu would be drawn at the scrolled offset in a full-page picture.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${DIR}/admin-${name}.png`, fullPage });
}
