import fs from 'node:fs';
import { formatXOF } from '@app/shared/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { insertTrappedPost } from '../support/samples';

// Storefront pages come rendered from the server: the HTML holds the content a shopper reads
// before any script runs, the data the browser hydrates from, and the right status code.
const built = fs.existsSync('storefront/dist-server/entry-server.js');

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
});
afterAll(() => app?.close());

/** The page as a phone without JavaScript gets it: status, and the text inside <body>. */
async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.url}${path}`, { headers });
  const html = await res.text();
  const body = /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
  // The visible text: markup and the hydration data removed, entities as a browser shows them.
  const text = body
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
  return { res, html, text };
}

const flat = (s: string) => s.replace(/\s+/g, ' ');

describe.skipIf(!built)('server-rendered pages', () => {
  it('a product page holds its name, price in F CFA, stock state, description, main image and the add-to-cart button', async () => {
    const product = (await app.asVisitor.products.list({ pageSize: 20 })).rows.find((p) => p.stock !== 0 && p.stock !== null)!;
    const { res, html, text } = await page(`/products/${product.slug}`);
    expect(res.status).toBe(200);
    expect(text).toContain(product.name);
    expect(text).toContain(flat(formatXOF(product.price)));
    expect(text).toMatch(/En stock/);
    expect(text).toContain('Ajouter au panier');
    expect(text).toContain(product.shortDescription);
    // The main image: in the HTML, sized, not lazy, first in line.
    const img = new RegExp(`<img[^>]*src="${product.images[0]}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(img).toMatch(/fetchPriority="high"/);
    expect(img).toMatch(/width="\d+"/);
    expect(img).not.toMatch(/loading="lazy"/);
    // The data the browser takes over with, so it asks the server nothing again.
    expect(html).toContain('<script type="application/json" id="query-state">');
    // Nothing to wait for before the first paint: styles inline; the page's code fetched beside the
    // main script, both after the HTML and the main image (low priority).
    expect(html).toMatch(/<style>[\s\S]{1000,}<\/style>/);
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toMatch(/<link rel="modulepreload" fetchpriority="low" crossorigin href="\/assets\/ProductPage-[\w-]+\.js">/);
    expect(html).toMatch(/<script type="module" fetchpriority="low" crossorigin src="\/assets\/index-[\w-]+\.js">/);
    expect(html).not.toMatch(/<(script type="module"|link rel="modulepreload") crossorigin/);
  });

  it('a service, a blog post and the product list hold their names, prices and texts', async () => {
    const service = (await app.asVisitor.services.list({ pageSize: 1 })).rows[0]!;
    const servicePage = await page(`/services/${service.slug}`);
    expect(servicePage.res.status).toBe(200);
    expect(servicePage.text).toContain(service.name);

    const { slug } = (await app.asVisitor.blogPosts.list({ pageSize: 1 })).rows[0]!;
    const post = await app.asVisitor.blogPosts.bySlug({ slug });
    const postPage = await page(`/blog/${post.slug}`);
    expect(postPage.res.status).toBe(200);
    expect(postPage.text).toContain(post.title);
    expect(postPage.html).toContain(post.content.slice(0, 40));

    const list = (await app.asVisitor.products.list({ page: 1, pageSize: 12 })).rows;
    const listPage = await page('/products');
    for (const product of list) {
      expect(listPage.text).toContain(product.name);
      expect(listPage.text).toContain(flat(formatXOF(product.price)));
    }
    // The list's filters come from the address: a search renders its own results.
    const searched = await page('/products?q=ecouteurs');
    expect(searched.text).toMatch(/Écouteurs/);
    expect(searched.text).not.toContain(list.find((p) => !/couteurs/i.test(p.name))!.name);
  });

  it('an unknown address, a missing product and a missing article answer 404 with the French page', async () => {
    for (const path of [
      '/une/page/inconnue',
      '/products/00000000-0000-4000-8000-000000000000',
      '/products/pas-un-id',
      '/services/00000000-0000-4000-8000-000000000000',
      '/blog/article-inconnu',
    ]) {
      const { res, text, html } = await page(path);
      expect(res.status, path).toBe(404);
      expect(text, path).toContain('Page introuvable');
      expect(html, path).toContain('<title>Page introuvable | ');
    }
  });

  it('is cached with a strong ETag, and shows an admin change on the next request', async () => {
    const product = (await app.asVisitor.products.list({ pageSize: 1 })).rows[0]!;
    const first = await page(`/products/${product.slug}`);
    const etag = first.res.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect((await fetch(`${app.url}/products/${product.slug}`, { headers: { 'if-none-match': etag } })).status).toBe(304);

    await app.asAdmin.products.update({ id: product.id, data: { name: 'Nom changé par la patronne' } });
    const after = await page(`/products/${product.slug}`, { 'if-none-match': etag });
    expect(after.res.status).toBe(200);
    expect(after.text).toContain('Nom changé par la patronne');
    // A settings change reaches every page (the header and footer show the shop's name).
    await app.asAdmin.settings.update({ businessName: 'Boutique Renommée' });
    expect((await page('/about')).text).toContain('Boutique Renommée');
  });

  it('answers shoppers arriving together on a page being rebuilt with the same page, 404 and 301 included', async () => {
    const product = (await app.asVisitor.products.list({ pageSize: 1, sort: 'name', order: 'desc' })).rows[0]!;
    await app.asAdmin.products.update({ id: product.id, data: { name: 'Nom vu par tous à la fois' } });
    const together = (path: string) => Promise.all(Array.from({ length: 20 }, () => fetch(`${app.url}${path}`, { redirect: 'manual' })));
    const pages = await together(`/products/${product.slug}`);
    expect(new Set(pages.map((r) => r.status))).toEqual(new Set([200]));
    expect(new Set(pages.map((r) => r.headers.get('etag'))).size).toBe(1);
    for (const body of await Promise.all(pages.map((r) => r.text()))) expect(body).toContain('Nom vu par tous à la fois');
    const missing = await together('/products/00000000-0000-4000-8000-000000000000');
    expect(new Set(missing.map((r) => r.status))).toEqual(new Set([404]));
  });

  it('sanitizes rich text as it renders it and as the API sends it, even a row that skipped the sanitizer on write', async () => {
    await insertTrappedPost(app.db, 'article-piege-serveur');
    // The browser shows the API's HTML as it comes (storefront/src/modules/ui/RichText.tsx).
    for (const caller of [app.asVisitor, app.asAdmin]) {
      const { content } = await caller.blogPosts.bySlug({ slug: 'article-piege-serveur' });
      expect(content).toContain('Texte visible et sûr.');
      expect(content).not.toMatch(/__pwned|<script|onerror|javascript:/);
    }
    const { res, html } = await page('/blog/article-piege-serveur');
    expect(res.status).toBe(200);
    const markup = html.replace(/<script type="application\/json" id="query-state">[\s\S]*?<\/script>/, '');
    expect(markup).toContain('Texte visible et sûr.');
    expect(markup).not.toContain('__pwned');
    expect(markup).not.toContain('javascript:');
    // The hydration data carries the text as data: no markup can close its script element.
    expect(/<script type="application\/json" id="query-state">([\s\S]*?)<\/script>/.exec(html)![1]).not.toContain('<');
  });

  it('ignores parameters no page reads: one rendering and one cache entry for a shared link', async () => {
    const plain = await fetch(`${app.url}/products?q=routeur`);
    const tracked = await fetch(`${app.url}/products?utm_source=whatsapp&q=routeur&fbclid=abc123`);
    expect(tracked.status).toBe(200);
    expect(tracked.headers.get('etag')).toBe(plain.headers.get('etag'));
    const other = await fetch(`${app.url}/about?x=${Date.now()}`);
    expect(other.headers.get('etag')).toBe((await fetch(`${app.url}/about`)).headers.get('etag'));
  });

  it('never renders what only an admin may see', async () => {
    const product = (await app.asVisitor.products.list({ pageSize: 1 })).rows[0]!;
    await app.asAdmin.products.update({ id: product.id, data: { published: false } });
    const res = await fetch(`${app.url}/products/${product.slug}`, { headers: { cookie: 'boutique_session=whatever' } });
    expect(res.status).toBe(404);
  });

  it('answers 503 with the French page when its data cannot be read, so a load balancer can tell', async () => {
    const down = await startTestApp({ demo: true });
    try {
      await down.db.destroy(); // the database is gone
      const res = await fetch(`${down.url}/blog`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      expect(html).toContain('<html lang="fr"');
      expect(html).toContain('Blog');
    } finally {
      await down.close().catch(() => undefined);
    }
  });
});
