import net from 'node:net';
import { blogPosts } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageRoutes } from '../../storefront/src/app/routes';
import { pageAddress, pagePreview, render } from '../../storefront/src/entry-server';
import { appRouter } from '../../server/src/routers/_app';
import type { Context, ProcedureMeta } from '../../server/src/trpc';
import { startTestApp, type TestApp } from '../support/app';

// The storefront's route table owns its addresses: the parameters each page reads, the records a
// renamed slug still leads to, the link-preview tags from the data the route prefetched, and the
// promise that a page renders no public read its route did not load first.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
});
afterAll(() => app?.close());

const visitor = (): Context => ({
  db: app.db,
  config: app.config,
  admin: null,
  ip: '127.0.0.1',
  log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  invalidate: async () => undefined,
  afterResponse: () => undefined,
  cookies: { get: () => undefined, set: () => undefined, clear: () => undefined },
});

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: ProcedureMeta } }>;
const isPublicRead = (name: string) => !!procedures[name]?._def.meta?.cache;

describe('the route table', () => {
  it('says which parameters a page reads and where a renamed record is looked up', () => {
    expect(pageAddress('/products').params).toEqual(['categorie', 'q', 'tri', 'page']);
    expect(pageAddress('/blog').params).toEqual([]);
    const moved = pageAddress('/blog/Ancien-Titre').moved!;
    expect(moved).toMatchObject({ resource: blogPosts.name, slug: 'ancien-titre' });
    expect(moved.pathFor('nouveau-titre')).toBe('/blog/nouveau-titre');
    // Products and services are looked up by an old slug or by their id (their address before slugs).
    expect(pageAddress('/products/0F2A').moved).toMatchObject({ resource: 'products', slug: '0f2a' });
    expect(pageAddress('/products/pas un slug').moved).toBeNull();
    expect(pageAddress('/contact').moved).toBeNull();
  });

  it('gives a product and an article their preview from the data their route prefetched, and a missing one none', async () => {
    const product = (await app.asVisitor.products.list({ pageSize: 1 })).rows[0]!;
    const post = (await app.asVisitor.blogPosts.list({ pageSize: 1 })).rows[0]!;
    const settings = await app.asVisitor.settings.get();
    expect(await pagePreview(`/products/${product.slug}`, appRouter, visitor)).toMatchObject({
      title: product.name,
      type: 'product',
      image: product.images[0],
      path: `/products/${product.slug}`,
      siteName: settings.businessName,
    });
    expect(await pagePreview(`/blog/${post.slug}`, appRouter, visitor)).toMatchObject({ title: post.title, type: 'article' });
    expect(await pagePreview('/products/00000000-0000-4000-8000-000000000000', appRouter, visitor)).toBeNull();
    expect(await pagePreview('/about', appRouter, visitor)).toBeNull();
  });

  it('gives the home page, the lists and a service a preview a WhatsApp link can show', async () => {
    const settings = await app.asVisitor.settings.get();
    const service = (await app.asVisitor.services.list({ pageSize: 50 })).rows[0]!;
    const featured = (await app.asVisitor.products.list({ pageSize: 8, filters: { featured: true } })).rows.find((p) => p.images[0])!;
    const home = await pagePreview('/', appRouter, visitor);
    expect(home).toMatchObject({
      title: settings.businessName,
      description: settings.tagline,
      image: featured.images[0],
      type: 'website',
      path: '/',
      siteName: settings.businessName,
    });
    // And what search engines read of the shop (tests/api/seo.test.ts reads it in the page).
    expect(home!.structured?.map((node) => (node as { '@type': string })['@type'])).toEqual(['ElectronicsStore', 'WebSite']);
    expect(await pagePreview(`/services/${service.slug}`, appRouter, visitor)).toMatchObject({ title: service.name, image: service.image });
    for (const [path, title] of [
      ['/products', 'Produits'],
      ['/services', 'Services'],
      ['/crypto-courses', 'Formations crypto'],
      ['/blog', 'Blog'],
    ] as const) {
      const preview = await pagePreview(path, appRouter, visitor);
      expect(preview, path).toMatchObject({ title, type: 'website', path });
      expect(preview!.image, path).toBeTruthy();
      expect(preview!.description.length, path).toBeGreaterThan(20);
    }
  });

  it('every page renders only what its route prefetched', async () => {
    const product = (await app.asVisitor.products.list({ pageSize: 1 })).rows[0]!;
    const service = (await app.asVisitor.services.list({ pageSize: 1 })).rows[0]!;
    const post = (await app.asVisitor.blogPosts.list({ pageSize: 1 })).rows[0]!;
    const course = (await app.asVisitor.cryptoCourses.list({ pageSize: 1 })).rows[0]!;
    const slugs: Record<string, string> = {
      '/products/:slug': product.slug,
      '/services/:slug': service.slug,
      '/blog/:slug': post.slug,
      '/crypto-courses/:slug': course.slug,
    };
    const params: Record<string, string> = { number: 'CMD-1', token: 'x'.repeat(64) };
    for (const route of pageRoutes) {
      const value = (name: string) => (name === 'slug' ? slugs[route.path] : params[name])!;
      const url = route.path === '*' ? '/nulle-part' : route.path.replace(/:(\w+)/g, (_, name: string) => value(name));
      const page = await render(url, appRouter, visitor);
      // One shopper's own data (an order by its link) is the browser's to load, never the server's.
      expect(page.unprefetched.filter(isPublicRead), url).toEqual([]);
      expect(page.errors, url).toEqual([]);
    }
  });

  it('catches a page that renders a read its route forgot to prefetch', async () => {
    const route = pageRoutes.find((r) => r.path === '/services')!;
    const data = route.data;
    route.data = undefined;
    try {
      const page = await render('/services', appRouter, visitor);
      expect(page.unprefetched.filter(isPublicRead)).toEqual(['services.list']);
    } finally {
      route.data = data;
    }
  });
});

describe('a page’s form sent without JavaScript', () => {
  /** A POST whose headers announce `length` bytes, of which only a few are sent. */
  const announce = (path: string, length: number) =>
    new Promise<{ head: string; closed: boolean }>((resolve, reject) => {
      const { port } = new URL(app.url);
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n\r\nq=souris`,
        );
      });
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('close', () => resolve({ head: text.split('\r\n\r\n')[0] ?? '', closed: true }));
      socket.on('error', reject);
      socket.setTimeout(5_000, () => {
        socket.destroy();
        resolve({ head: text.split('\r\n\r\n')[0] ?? '', closed: false });
      });
    });

  it('goes back to the page without reading the body, even one of 1 MB, and closes the connection', async () => {
    for (const path of ['/products', '/contact', '/suivi']) {
      const started = performance.now();
      const answer = await announce(path, 1024 * 1024);
      expect(answer.head, path).toMatch(/^HTTP\/1\.1 303/);
      expect(answer.head.toLowerCase()).toContain(`location: ${path}`);
      expect(answer.closed).toBe(true);
      expect(performance.now() - started).toBeLessThan(2_000);
    }
  });
});
