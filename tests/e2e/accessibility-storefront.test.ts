import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, DESKTOP, PHONE, startBrowserApp } from '../support/browser';
import { htmlErrors } from '../support/vnu';
import { accessibilityProblems } from './axe';
import { open, putInCart } from './storefront/browser';

// Every storefront route at phone and desktop sizes: no serious or critical WCAG 2.2 AA finding,
// one h1 (the admin's screens: accessibility-admin.test.ts). At phone size, each page as the app
// drew it (a filled cart, the checkout form) also passes the Nu Html Checker (the pages as the
// server sends them: tests/api/html-valid.test.ts).

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
});
afterAll(() => app?.close());

describe('storefront', () => {
  it('reports a real problem where there is one (the check is not blind)', async () => {
    const page = await app.newPage(PHONE);
    await page.setContent('<!doctype html><html lang="fr"><body><main><h1>Essai</h1><img src="/x.png"><h1>Deux</h1></main></body></html>');
    const problems = await accessibilityProblems(page, { within: 'main' });
    expect(problems.some((p) => p.startsWith('image-alt (critical)'))).toBe(true);
    expect(problems).toContain('2 h1');
    await page.close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('every route at %s size', async (_size, viewport) => {
    const product = (await app.asVisitor.products.list({ pageSize: 1 })).rows[0]!;
    const service = (await app.asVisitor.services.list({ pageSize: 1 })).rows[0]!;
    const post = (await app.asVisitor.blogPosts.list({ pageSize: 1 })).rows[0]!;
    const course = (await app.asVisitor.cryptoCourses.list({ pageSize: 1 })).rows[0]!;
    const page = await app.newPage(viewport);
    await putInCart(page, [{ id: product.id, type: 'product', name: product.name, price: product.price, quantity: 1 }]);
    const paths = [
      '/',
      '/products',
      `/products/${product.slug}`,
      '/services',
      `/services/${service.slug}`,
      '/crypto-courses',
      `/crypto-courses/${course.slug}`,
      '/delivery',
      '/cart',
      '/checkout',
      '/verify',
      '/blog',
      `/blog/${post.slug}`,
      '/crypto-trending',
      '/about',
      '/contact',
      '/suivi',
      '/une/page/inconnue',
    ];
    const found: Record<string, string[]> = {};
    const drawn: Record<string, string> = {};
    for (const path of paths) {
      await open(page, path);
      if (viewport === PHONE) drawn[path] = await page.evaluate(() => `<!doctype html>${document.documentElement.outerHTML}`);
      // The header and footer, the same on every page, are checked whole on the first.
      const problems = await accessibilityProblems(page, path === paths[0] ? {} : { within: 'main' });
      if (problems.length) found[path] = problems;
    }
    expect(found).toEqual({});
    if (viewport === PHONE) expect(await htmlErrors(drawn)).toEqual([]);
    await page.context().close();
  });
});
