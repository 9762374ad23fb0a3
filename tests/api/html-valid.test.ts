import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageRoutes } from '../../storefront/src/app/routes';
import { startTestApp, type TestApp } from '../support/app';
import { htmlErrors } from '../support/vnu';

// Every storefront page type, as the server sends it (what a crawler and a browser without
// JavaScript read), passes the Nu Html Checker with no error. Needs the built storefront.
const built = fs.existsSync('storefront/dist/index.html');

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
});
afterAll(() => app?.close());

// Once, on the PGlite run: the pages' markup does not depend on the database engine, and the
// checker (Java) took 22 s of the two cores while the PostgreSQL run went beside the others.
describe.skipIf(!built || !!process.env.TEST_DATABASE_URL)('the Nu Html Checker', () => {
  it('finds no error on any page of the route table', { timeout: 60_000 }, async () => {
    const first = async (list: Promise<{ rows: { slug: string }[] }>) => (await list).rows[0]!.slug;
    const product = (await app.asVisitor.products.list({ pageSize: 1 })).rows[0]!;
    const order = (await app.asVisitor.orders.place({
      customerName: 'Awa Dossou',
      phone: '01 97 12 34 56',
      city: 'Cotonou',
      address: 'Akpakpa',
      paymentMethod: 'cash_on_delivery',
      items: [{ id: product.id, type: 'product', quantity: 1 }],
      idempotencyKey: randomUUID(),
    })) as { number: string; trackingToken: string };
    const params: Record<string, string> = {
      '/products/:slug': product.slug,
      '/services/:slug': await first(app.asVisitor.services.list({ pageSize: 1 })),
      '/crypto-courses/:slug': await first(app.asVisitor.cryptoCourses.list({ pageSize: 1 })),
      '/blog/:slug': await first(app.asVisitor.blogPosts.list({ pageSize: 1 })),
      '/order/:number': order.number,
      '/suivi/:token': order.trackingToken,
      '*': '/page-qui-n-existe-pas',
    };
    const pages: Record<string, string> = {};
    for (const route of pageRoutes) {
      const address = route.path.includes(':') || route.path === '*' ? route.path.replace(/:\w+|\*/, params[route.path]!) : route.path;
      const res = await fetch(`${app.url}${address}`);
      expect(res.headers.get('content-type'), address).toContain('text/html');
      pages[address] = await res.text();
    }
    // The list pages with a filter and a search that finds nothing are pages too.
    for (const address of ['/products?categorie=computers&tri=price_asc', '/products?q=introuvable'])
      pages[address] = await (await fetch(`${app.url}${address}`)).text();
    expect(Object.keys(pages).length).toBeGreaterThanOrEqual(20);
    expect(await htmlErrors(pages)).toEqual([]);
  });

  it('reports a real error where there is one (the check is not blind)', { timeout: 60_000 }, async () => {
    const home = await (await fetch(`${app.url}/`)).text();
    const broken = home.replace('<main', '<main><h1 aria-label="x"><div>bloc</div></h1><s aria-label="prix">1</s></main><main');
    const errors = await htmlErrors({ '/': home, '/cassée': broken });
    expect(errors.every((e) => e.page === '/cassée')).toBe(true);
    expect(errors.map((e) => e.message).join('\n')).toMatch(/“div” not allowed as child of element “h1”/);
    expect(errors.map((e) => e.message).join('\n')).toMatch(/“aria-label” attribute must not be specified on any “s” element/);
  });
});
