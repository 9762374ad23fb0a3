import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProcedureMeta } from '../../server/src/trpc';
import { appRouter } from '../../server/src/routers/_app';
import { PRIVATE_QUERIES } from '../../storefront/src/lib/trpc';
import { adminCookie, startTestApp, type TestApp } from '../support/app';
import { sitemapShowing, sitemapText } from '../support/sitemap';
import { until } from '../support/until';
import { longestWait, POOL_SIZE } from '../../server/src/db/index';

// The public read cache: answers kept compressed, dropped exactly when a write changes them.

let app: TestApp;
let cookie = '';
beforeAll(async () => {
  app = await startTestApp({ demo: true });
  cookie = await adminCookie(app.url);
});
afterAll(() => app?.close());

const url = (base: string, procedure: string, input: unknown) =>
  `${base}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`;
async function read(procedure: string, input: unknown, headers: Record<string, string> = {}, base = app.url) {
  const response = await fetch(url(base, procedure, input), { headers });
  const text = await response.text();
  return {
    status: response.status,
    etag: response.headers.get('etag'),
    headers: response.headers,
    data: text ? JSON.parse(text).result?.data : undefined,
  };
}
const firstProduct = async () => (await app.asVisitor.products.list({ pageSize: 1, sort: 'name', order: 'asc' })).rows[0]!;

describe('public reads', () => {
  it('serve the kept answer until a write, then the new one at once', async () => {
    const product = await firstProduct();
    const input = { id: product.id };
    const first = await read('products.get', input);
    expect(first.data.name).toBe(product.name);
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    // Changed behind the API's back: a cached answer does not see it (proof it is not re-read)...
    await sql`UPDATE products SET name = 'Changé en base' WHERE id = ${product.id}`.execute(app.db);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await read('products.get', input)).data.name).toBe(product.name);
    // ...while a write through the admin drops it in the same request.
    await app.asAdmin.products.update({ id: product.id, data: { name: 'Nom modifié par la patronne' } });
    expect((await read('products.get', input)).data.name).toBe('Nom modifié par la patronne');
  });

  it('give the next read after a write the new answer while quick queries queue, the last one only once one has waited long', async () => {
    const product = await firstProduct();
    const input = { id: product.id };
    await read('products.get', input);
    // Every connection held (PGlite has one, the PostgreSQL pool ten) and six queries queued behind
    // them, as the outbox's lanes claim after each write: the database busy by count, not by time.
    const hold = (ms: number) =>
      Array.from({ length: app.config.databaseUrl ? POOL_SIZE : 1 }, () =>
        app.db.connection().execute(async (c) => {
          await sql`SELECT 1`.execute(c);
          await new Promise((resolve) => setTimeout(resolve, ms));
        }),
      );
    const queue = () => Array.from({ length: 6 }, () => sql`SELECT 1`.execute(app.db));
    await app.asAdmin.products.update({ id: product.id, data: { name: 'Nom lu juste après' } });
    const quick = [...hold(15), ...queue()];
    expect((await read('products.get', input)).data.name).toBe('Nom lu juste après');
    await Promise.all(quick);
    // Not busy (the outbox's lanes, woken by the write, may still be queued a moment).
    expect(longestWait(app.db)).toBeLessThan(100);
    // A query that has waited past the bound: the database is busy, the last answer is served at once.
    await read('products.get', input);
    await app.asAdmin.products.update({ id: product.id, data: { name: 'Nom pendant la cohue' } });
    const long = [...hold(600), ...queue()];
    await until('a query waiting long', () => longestWait(app.db) >= 100);
    const during = performance.now();
    expect((await read('products.get', input)).data.name).toBe('Nom lu juste après');
    expect(performance.now() - during).toBeLessThan(300);
    await Promise.all(long);
    // The queue drained (its last waiters served a moment later): the new answer.
    await until('the new answer', async () => (await read('products.get', input)).data.name === 'Nom pendant la cohue', 3_000);
  });

  it('answers 304 to a known ETag, and 200 with a new ETag after a write', async () => {
    const input = { pageSize: 5 };
    const { etag } = await read('testimonials.list', input);
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    const again = await fetch(url(app.url, 'testimonials.list', input), { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    await app.asAdmin.testimonials.create({ name: 'Rachida', role: 'Cliente', content: 'Livraison rapide à Parakou.' });
    const changed = await fetch(url(app.url, 'testimonials.list', input), { headers: { 'if-none-match': etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(JSON.stringify(await changed.json())).toContain('Rachida');
  });

  it('keeps one body in brotli, gzip and plain, the same JSON in each, with the same ETag', async () => {
    const input = { pageSize: 20 };
    await read('products.list', input);
    const bodies = await Promise.all(
      ['br', 'gzip', 'identity'].map(async (encoding) => {
        const response = await fetch(url(app.url, 'products.list', input), { headers: { 'accept-encoding': encoding } });
        return {
          encoding: response.headers.get('content-encoding'),
          etag: response.headers.get('etag'),
          bytes: Buffer.from(await response.arrayBuffer()),
        };
      }),
    );
    // fetch decodes br and gzip itself; what matters is what went over the wire and that it decodes alike.
    expect(bodies.map((b) => b.encoding)).toEqual(['br', 'gzip', null]);
    expect(new Set(bodies.map((b) => b.etag)).size).toBe(1);
    const raw = await rawGet(url(app.url, 'products.list', input), 'br');
    expect(brotliDecompressSync(raw).toString()).toBe(bodies[2]!.bytes.toString());
    expect(gunzipSync(await rawGet(url(app.url, 'products.list', input), 'gzip')).toString()).toBe(bodies[2]!.bytes.toString());
  });

  it('sends what the client accepts, weights included', async () => {
    const input = { pageSize: 3 };
    await read('products.list', input);
    expect((await read('products.list', input, { 'accept-encoding': 'br;q=0, gzip' })).headers.get('content-encoding')).toBe('gzip');
    expect((await read('products.list', input, { 'accept-encoding': 'br;q=0, gzip;q=0' })).headers.get('content-encoding')).toBeNull();
  });

  it('never serves the admin from it, nor shows an unpublished product to the public', async () => {
    const input = { pageSize: 100 };
    const hidden = await app.asAdmin.products.create({
      name: 'Prototype secret',
      shortDescription: 'Pas encore en vente',
      description: '<p>Bientôt</p>',
      price: 1000,
      category: 'accessories',
      published: false,
    });
    const publicList = await read('products.list', input);
    expect(JSON.stringify(publicList.data)).not.toContain('Prototype secret');
    const adminList = await read('products.list', input, { cookie });
    expect(JSON.stringify(adminList.data)).toContain('Prototype secret');
    expect(adminList.headers.get('cache-control')).toBe('no-store');
    expect(adminList.etag).toBeNull();
    // And the public answer after the admin's read is still the public one.
    expect(JSON.stringify((await read('products.list', input)).data)).not.toContain('Prototype secret');
    expect((await read('products.get', { id: (hidden as { id: string }).id })).status).toBe(404);
  });

  it('lets a batch mixing in a private procedure through to tRPC, uncached', async () => {
    const response = await fetch(`${app.url}/trpc/settings.get,orders.list?batch=1&input=${encodeURIComponent('{"0":null,"1":{}}')}`);
    const body = (await response.json()) as unknown[];
    expect(body).toHaveLength(2);
    expect(response.headers.get('etag')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('shows the stock an order took, and a settings change, on the next read', async () => {
    const product = await app.asAdmin.products.create({
      name: 'Clé USB 64 Go',
      shortDescription: 'Rapide',
      description: '<p>USB 3</p>',
      price: 4000,
      category: 'accessories',
      stock: 7,
    });
    expect((await read('products.get', { id: product.id })).data.stock).toBe(7);
    await app.asVisitor.orders.place({
      customerName: 'Sena Houngbo',
      phone: '+229 01 97 00 11 22',
      city: 'Porto-Novo',
      address: 'Ouando',
      items: [{ id: product.id, type: 'product', quantity: 2 }],
      idempotencyKey: `cache-${Date.now()}-stock`,
    });
    expect((await read('products.get', { id: product.id })).data.stock).toBe(5);

    expect((await read('settings.get', undefined)).data.tagline).not.toBe('Votre partenaire tech à Cotonou');
    await app.asAdmin.settings.update({ tagline: 'Votre partenaire tech à Cotonou' });
    expect((await read('settings.get', undefined)).data.tagline).toBe('Votre partenaire tech à Cotonou');
  });

  it('keeps the sitemap and the product pages, and drops them when the catalogue changes', async () => {
    const before = await sitemapText(app.url);
    const created = await app.asAdmin.products.create({
      name: 'Routeur Wi-Fi 6',
      shortDescription: 'Maison connectée',
      description: '<p>Rapide</p>',
      price: 45_000,
      category: 'networking',
    });
    expect(before).not.toContain(`/products/${created.slug}</loc>`);
    await sitemapShowing(app.url, created.slug, (xml) => xml.includes(`/products/${created.slug}</loc>`));
    const page = await fetch(`${app.url}/products/${created.slug}`);
    expect(await page.text()).toContain('Routeur Wi-Fi 6');
    await app.asAdmin.products.update({ id: created.id, data: { name: 'Routeur Wi-Fi 7' } });
    expect(await (await fetch(`${app.url}/products/${created.slug}`)).text()).toContain('Routeur Wi-Fi 7');
  });

  it('covers every query the storefront makes, except the private ones it never batches', () => {
    const dir = path.resolve('storefront/src');
    const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
    // Direct calls (trpc.x.y.query) and the declared public reads (lib/queries.ts: a.x.y.queryOptions).
    const calls = new Set(
      files.flatMap((f) =>
        [...fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/\b(?:trpc|api|a)\.(\w+)\.(\w+)\.query(?:Options)?\(/g)].map(
          (m) => `${m[1]}.${m[2]}`,
        ),
      ),
    );
    expect(calls.size).toBeGreaterThan(5);
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: ProcedureMeta } }>;
    // The storefront sends alone, unbatched, exactly the queries the server declares private.
    const declaredPrivate = Object.keys(procedures).filter((p) => procedures[p]!._def.meta?.private);
    expect([...PRIVATE_QUERIES].sort()).toEqual(declaredPrivate.sort());
    for (const call of calls) {
      if (PRIVATE_QUERIES.has(call)) expect(procedures[call]?._def.meta?.cache, call).toBeUndefined();
      else expect(procedures[call]?._def.meta?.cache, call).toBeDefined();
    }
  });
});

/** The raw bytes of a response in one encoding (fetch would decode them). */
async function rawGet(target: string, encoding: string): Promise<Buffer> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(target, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks)));
    })
      .on('error', reject)
      .end();
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('several servers on one PostgreSQL', () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await startTestApp({ sameDatabaseAs: app });
    // Its listener connects in the background; the cache is off until it listens.
    await waitFor(async () => (await listeners()) >= 2);
  });
  afterAll(() => second?.close());

  const listeners = async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'boutique-cache-listener' AND datname = current_database()`.execute(
      app.db,
    );
    return rows[0]!.n;
  };

  it('shows a write made through one server on the other within a second', async () => {
    const product = await firstProduct();
    await read('products.get', { id: product.id }, {}, second.url);
    await read('products.get', { id: product.id }, {}, second.url);
    const start = Date.now();
    await app.asAdmin.products.update({ id: product.id, data: { shortDescription: 'Vu par les deux serveurs' } });
    await waitFor(
      async () => (await read('products.get', { id: product.id }, {}, second.url)).data.shortDescription === 'Vu par les deux serveurs',
    );
    expect(Date.now() - start).toBeLessThan(1_000);
  });

  it('empties the cache of a server that loses its listening connection', async () => {
    const product = await firstProduct();
    await read('products.get', { id: product.id }, {}, second.url);
    const killer = new pg.Client({ connectionString: second.databaseUrl });
    await killer.connect();
    await killer.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'boutique-cache-listener' AND datname = current_database()`,
    );
    await killer.end();
    // A change nobody announced: only a server that dropped its cache can show it.
    await sql`UPDATE products SET short_description = 'Changé pendant la coupure' WHERE id = ${product.id}`.execute(app.db);
    await waitFor(
      async () => (await read('products.get', { id: product.id }, {}, second.url)).data.shortDescription === 'Changé pendant la coupure',
    );
    // And it listens again.
    await waitFor(async () => (await listeners()) >= 2);
  });
});

async function waitFor(check: () => Promise<boolean>, timeout = 5_000) {
  const end = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
