import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, PHONE, startBrowserApp } from '../support/browser';

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
});
afterAll(() => app?.close());

describe('served apps', () => {
  it('the storefront shows seeded French products with XOF prices', async () => {
    const page = await app.newPage(PHONE);
    await page.goto('/');
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    await page
      .getByText(/F\u202FCFA/)
      .first()
      .waitFor();
    expect(app.errors).toEqual([]);
  });
});
