import fs from 'node:fs';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaSources } from '../../shared/src/format/media';
import { convertDemoPhotos } from '../../server/src/media/demo-photos';
import { httpClient, startTestApp, type TestApp } from '../support/app';

// A fresh shop's demo illustrations become real photos through the upload pipeline: the records
// point to stored WebP sizes, shoppers get a srcset, link previews a JPEG, and the public cache
// drops what it held with the SVG addresses.

const built = fs.existsSync('storefront/dist/index.html');
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
});
afterAll(() => app?.close());

describe('demo photos', () => {
  it('turns every demo SVG into stored photos, updates the records and the public cache, once', { timeout: 120_000 }, async () => {
    const { client } = httpClient(app.url);
    const before = await client.products.list.query({ pageSize: 50 });
    expect(before.rows[0]!.images[0]).toMatch(/^\/media\/demo\/.+\.svg$/);

    const changed = await convertDemoPhotos(app.db, { demoDir: 'server/media/demo', invalidate: app.invalidate, log: silent });
    expect(changed).toBeGreaterThanOrEqual(25);

    // Nothing points to an SVG any more, in any table that holds pictures.
    for (const [table, column] of [
      ['products', 'images'],
      ['services', 'image'],
      ['crypto_courses', 'image'],
      ['blog_posts', 'image'],
      ['trending_cryptos', 'image'],
    ] as const) {
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE ${sql.ref(column)}::text LIKE '%.svg%'`.execute(app.db);
      expect(rows[0]!.n, table).toBe(0);
    }

    // The next public read (same query, so the same cache key) shows the photos.
    const after = await client.products.list.query({ pageSize: 50 });
    const product = after.rows.find((p) => p.id === before.rows[0]!.id)!;
    expect(product.images).toHaveLength(before.rows[0]!.images.length);
    const sources = mediaSources(product.images[0])!;
    expect(sources.widths).toEqual([320, 640, 960, 1280]);

    const webp = await fetch(`${app.url}/media/${sources.id}/640.webp`);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 640, height: 480 });
    const preview = await fetch(`${app.url}${sources.preview}`);
    expect(preview.headers.get('content-type')).toBe('image/jpeg');

    // The same illustration used twice is stored once; a second run has nothing to do.
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM media`.execute(app.db);
    expect(rows[0]!.n).toBeLessThanOrEqual(fs.readdirSync('server/media/demo').length);
    expect(await convertDemoPhotos(app.db, { demoDir: 'server/media/demo', invalidate: app.invalidate, log: silent })).toBe(0);
  });

  it.skipIf(!built)('a product page links its preview JPEG', async () => {
    const product = (await app.asVisitor.products.list({ pageSize: 1 })).rows[0]!;
    const html = await (await fetch(`${app.url}/products/${product.slug}`)).text();
    expect(html).toContain(`<meta property="og:image" content="${app.config.publicUrl}${mediaSources(product.images[0])!.preview}"`);
  });

  it('converts a demo address found at a later start (an interrupted run finishes then)', async () => {
    const [service] = (await app.asAdmin.services.list({ pageSize: 1 })).rows;
    await sql`UPDATE services SET image = '/media/demo/service-reseau.svg' WHERE id = ${service!.id}`.execute(app.db);
    expect(await convertDemoPhotos(app.db, { demoDir: 'server/media/demo', invalidate: app.invalidate, log: silent })).toBe(1);
    expect((await app.asAdmin.services.get({ id: service!.id })).image).toMatch(/^\/media\/[0-9a-f]{32}\/1280\.webp$/);
  });
});
