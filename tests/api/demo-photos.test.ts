import fs from 'node:fs';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@app/shared';
import { mediaSources } from '../../shared/src/format/media';
import { filesOf } from '../../server/src/db/files';
import { convertDemoPhotos } from '../../server/src/media/demo-photos';
import { httpClient, startTestApp, type TestApp } from '../support/app';

// A fresh shop's demo illustrations become real photos through the upload pipeline: the records
// point to stored WebP sizes, shoppers get a srcset, link previews a JPEG, and the public cache
// drops what it held with the SVG addresses.

const built = fs.existsSync('storefront/dist/index.html');
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
// On PostgreSQL, the products' pictures only (half of them): the database's part (media rows, the
// records' JSON, the cache) is the same for every table, and making the pictures (sharp) is the
// same on both databases, so all of them are made once, on the PGlite run.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const registry = onPostgres ? resources.filter((r) => r.name === 'products') : resources;
const convert = (app: TestApp) =>
  convertDemoPhotos(app.db, {
    demoDir: 'server/media/demo',
    files: filesOf(app.config),
    invalidate: app.invalidate,
    log: silent,
    registry,
  });
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
});
afterAll(() => app?.close());

describe('demo photos', () => {
  it('turns the demo SVGs into stored photos, updates the records and the public cache, once', { timeout: 120_000 }, async () => {
    const { client } = httpClient(app.url);
    const before = await client.products.list.query({ pageSize: 50 });
    expect(before.rows[0]!.images[0]).toMatch(/^\/media\/demo\/.+\.svg$/);

    const changed = await convert(app);
    expect(changed).toBeGreaterThanOrEqual(onPostgres ? 20 : 25);

    // Nothing points to an SVG any more, in any table that holds pictures (that was converted).
    const tables = [
      ['products', 'images'],
      ['services', 'image'],
      ['crypto_courses', 'image'],
      ['blog_posts', 'image'],
      ['trending_cryptos', 'image'],
    ] as const;
    for (const [table, column] of onPostgres ? tables.slice(0, 1) : tables) {
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
    expect(await convert(app)).toBe(0);
  });

  it.skipIf(!built)('a product page links its preview JPEG', async () => {
    const product = (await app.asVisitor.products.list({ pageSize: 1 })).rows[0]!;
    const html = await (await fetch(`${app.url}/products/${product.slug}`)).text();
    expect(html).toContain(`<meta property="og:image" content="${app.config.publicUrl}${mediaSources(product.images[0])!.preview}"`);
  });

  it('converts a demo address found at a later start (an interrupted run finishes then)', async () => {
    const [product] = (await app.asAdmin.products.list({ pageSize: 1 })).rows;
    await sql`UPDATE products SET images = ${JSON.stringify(['/media/demo/routeur-4g.svg'])}::jsonb WHERE id = ${product!.id}`.execute(
      app.db,
    );
    expect(await convert(app)).toBe(1);
    expect((await app.asAdmin.products.get({ id: product!.id })).images).toEqual([
      expect.stringMatching(/^\/media\/[0-9a-f]{32}\/1280\.webp$/),
    ]);
  });
});
