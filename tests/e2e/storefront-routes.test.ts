import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, DESKTOP, PHONE, startBrowserApp } from '../support/browser';
import { open, overflows, putInCart, screenshot } from './storefront/browser';

// Every public route renders its French page at phone and desktop sizes, without horizontal
// scrolling or console errors; screenshots go to .tmp/screens for a human look.

let app: BrowserApp;
let routes: [name: string, path: string, heading: RegExp][];

beforeAll(async () => {
  app = await startBrowserApp();
  fs.mkdirSync('.tmp/screens', { recursive: true });
  const product = (await app.asVisitor.products.list({ pageSize: 1 })).rows[0]!;
  const service = (await app.asVisitor.services.list({ pageSize: 1 })).rows[0]!;
  const post = (await app.asVisitor.blogPosts.list({ pageSize: 1 })).rows[0]!;
  routes = [
    ['home', '/', /La technologie et la crypto/],
    ['products', '/products', /Nos produits/],
    ['product', `/products/${product.slug}`, new RegExp(product.name.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))],
    ['services', '/services', /Nos services/],
    ['service', `/services/${service.slug}`, new RegExp(service.name.slice(0, 15).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))],
    ['courses', '/crypto-courses', /Formations Crypto/],
    ['delivery', '/delivery', /Options de livraison/],
    ['cart', '/cart', /Mon panier/],
    ['checkout', '/checkout', /Commander/],
    ['verify', '/verify', /Vérification de compte crypto/],
    ['blog', '/blog', /^Blog$/],
    ['blog-post', `/blog/${post.slug}`, new RegExp(post.title.slice(0, 15).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))],
    ['crypto-trending', '/crypto-trending', /Cryptos tendance/],
    ['about', '/about', /À propos/],
    ['contact', '/contact', /Contactez-nous/],
    ['not-found', '/une/page/inconnue', /Page introuvable/],
    ['unknown-product', '/products/00000000-0000-4000-8000-000000000000', /Page introuvable/],
    ['unknown-post', '/blog/article-qui-n-existe-pas', /Page introuvable/],
    ['unknown-order', '/order/CMD-999999', /Commande introuvable/],
  ];
});
afterAll(() => app?.close());

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('every route at %s size', (size, viewport) => {
  it('renders its French page with no overflow and no console error', async () => {
    const page = await app.newPage(viewport);
    for (const [name, path, heading] of routes) {
      await open(page, path);
      await expect.soft(page.locator('main h1').first().textContent(), path).resolves.toMatch(heading);
      expect.soft(await overflows(page), `${path} overflows at ${size}`).toBe(false);
      if (!name.startsWith('unknown')) await screenshot(page, `${name}-${viewport.width}`);
    }
    // The unknown product and article answer 404 from the API, which Chromium logs; nothing else may.
    expect(app.errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
    await page.context().close();
  });
});

describe('at 320 px, the narrowest phones', () => {
  it('no page scrolls sideways, the cart and checkout with an item and the delivery choice included', async () => {
    const page = await app.newPage({ width: 320, height: 640 });
    const product = (await app.asVisitor.products.list({ pageSize: 1 })).rows[0]!;
    await putInCart(page, [{ id: product.id, type: 'product', name: product.name, price: product.price, quantity: 2 }]);
    for (const [name, path] of routes) {
      await open(page, path);
      expect.soft(await overflows(page), `${path} overflows at 320 px`).toBe(false);
      if (name === 'cart' || name === 'checkout') await screenshot(page, `${name}-320`);
    }
    await page.context().close();
  });
});

describe('server-side', () => {
  it('unknown paths answer 404 with the app and its French not-found page', async () => {
    const res = await fetch(`${app.url}/nimporte-quoi`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Page introuvable');
  });
});

describe('links', () => {
  it('open a page of the shop within the app, and leave the admin, files and other sites to the browser', async () => {
    const page = await app.newPage(DESKTOP);
    const earlier = app.errors.length;
    await open(page, '/products');
    // A mark on this document: gone if the browser loads a new one.
    const sameDocument = () => page.evaluate(() => (window as unknown as { mark?: number }).mark === 1);
    await page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
    const product = (await app.asVisitor.products.list({ pageSize: 1 })).rows[0]!;
    await page.locator(`main a[href="/products/${product.slug}"]`).first().click();
    await page.waitForURL(`**/products/${product.slug}`);
    await page.locator('main h1').getByText(product.name).waitFor();
    expect(await sameDocument()).toBe(true);
    // The breadcrumb, then the footer's links: plain links, all within the app.
    await page.getByRole('navigation', { name: "Fil d'Ariane" }).getByRole('link', { name: 'Produits' }).click();
    await page.waitForURL(/\/products$/);
    await page.locator('footer').getByRole('link', { name: 'Livraison' }).first().click();
    await page.waitForURL('**/delivery');
    await page.getByRole('heading', { name: /Options de livraison/ }).waitFor();
    expect(await sameDocument()).toBe(true);
    // The page shown again replaces itself in the history rather than adding a step.
    const steps = await page.evaluate(() => history.length);
    await page.locator('footer').getByRole('link', { name: 'Livraison' }).first().click();
    expect(await page.evaluate(() => history.length)).toBe(steps);
    // An address the server answers itself is loaded by the browser.
    await page.evaluate(() => {
      const link = Object.assign(document.createElement('a'), { href: '/robots.txt', textContent: 'robots' });
      document.querySelector('main')!.append(link);
    });
    await page.getByRole('link', { name: 'robots' }).click();
    await page.waitForURL('**/robots.txt');
    await page.getByText('Sitemap:').waitFor();
    expect(app.errors.slice(earlier)).toEqual([]);
    await page.context().close();
  });
});
