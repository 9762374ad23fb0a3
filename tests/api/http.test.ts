import http from 'node:http';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
});
afterAll(() => app?.close());

describe('HTTP serving', () => {
  it('/health checks the database', async () => {
    const response = await fetch(`${app.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers a batch of many reads in one request, as a screen that reads seven things sends it', async () => {
    const paths = ['products.list', 'cryptoCourses.list', 'services.list', 'blogPosts.list', 'testimonials.list', 'deliveryOptions.list'];
    const batch = [...paths, 'settings.get', 'courseSessions.upcoming'];
    const input = Object.fromEntries(batch.map((p, i) => [i, p.endsWith('.list') ? { page: 1, pageSize: 50 } : {}]));
    const response = await fetch(`${app.url}/trpc/${batch.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`);
    expect(batch.join(',').length).toBeGreaterThan(100);
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBe(batch.length);
  });

  it('compresses API answers with brotli or gzip', async () => {
    const url = `${app.url}/trpc/products.list?input=${encodeURIComponent(JSON.stringify({ pageSize: 50 }))}`;
    const br = await fetch(url, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const gzip = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect((await gzip.json()).result.data.rows.length).toBeGreaterThanOrEqual(12);
  });

  it('serves demo images from the app itself', async () => {
    const { rows } = await app.asVisitor.products.list({ pageSize: 100 });
    const images = rows.flatMap((p) => p.images);
    expect(images.length).toBeGreaterThan(0);
    expect(images.every((src) => src.startsWith('/media/'))).toBe(true);
    const response = await fetch(`${app.url}${images[0]}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/image\/svg\+xml/);
  });

  it('gives hashed assets a long cache and pages none, under / and /admin', async () => {
    for (const [prefix, dir] of [
      ['/', 'storefront/dist'],
      ['/admin/', 'admin/dist'],
    ] as const) {
      const page = await fetch(`${app.url}${prefix}`);
      expect(page.status).toBe(200);
      // The admin's pages are never stored; the shop's are revalidated (ETag, 304 when unchanged).
      expect(page.headers.get('cache-control')).toBe(prefix === '/' ? 'public, max-age=0, must-revalidate' : 'no-store');
      const html = await page.text();
      expect(html).toContain('lang="fr"');
      const asset = /(?:src|href)="(\/(?:admin\/)?assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(asset, `${dir} has a hashed script`).toBeTruthy();
      const js = await fetch(`${app.url}${asset}`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(js.status).toBe(200);
      expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(js.headers.get('content-encoding')).toMatch(/br|gzip/);
      expect(fs.existsSync(dir)).toBe(true);
    }
  });

  it('opens the admin at /admin/ for a client that takes no compression (a monitor, a tool)', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) =>
      http
        .get(`${app.url}/admin/`, { headers: {} }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        })
        .on('error', reject),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('/admin/assets/');
    // An uptime monitor's HEAD gets what a GET would, without the body.
    for (const path of ['/admin', '/admin/', '/admin/orders', '/', '/products']) {
      const head = await fetch(`${app.url}${path}`, { method: 'HEAD' });
      expect(head.status, path).toBe(200);
      expect(head.headers.get('content-type'), path).toMatch(/^text\/html/);
    }
  });

  it('answers unknown pages with the French not-found page, admin routes with the admin app, unknown API paths with a 404', async () => {
    const deep = await fetch(`${app.url}/une/page/inconnue`);
    expect(deep.status).toBe(404);
    expect(deep.headers.get('content-type')).toContain('text/html');
    expect(await deep.text()).toContain('Page introuvable');
    const adminDeep = await fetch(`${app.url}/admin/products/edit/123`);
    expect(await adminDeep.text()).toContain('/admin/assets/');
    expect((await fetch(`${app.url}/media/nope.svg`)).status).toBe(404);
    expect((await fetch(`${app.url}/trpc/nope.nope`)).status).toBe(404);
  });
});
