import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import sharp from 'sharp';
import { purgeUnusedMedia } from '../../server/src/media/gc';
import { ADMIN, httpClient, startTestApp, type TestApp } from '../support/app';
import { startS3StandIn } from '../support/s3-stand-in';

// Photos from the phone: uploaded by the admin only, read by their bytes, turned upright, stripped
// of metadata, resized once into the database, and served forever-cached from any app server.

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp();
  const { client, jar } = httpClient(app.url);
  await client.auth.login.mutate(ADMIN);
  cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
});
afterAll(() => app?.close());

function upload(url: string, bytes: Buffer, name: string, headers: Record<string, string> = {}) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return fetch(`${url}/api/media`, { method: 'POST', body: form, headers: { cookie, ...headers } });
}

/** A 4000 × 3000 photo as a phone writes it: held sideways (EXIF orientation 6), with a GPS position. */
const phonePhoto = () =>
  sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .composite([{ input: { create: { width: 400, height: 3000, channels: 3, background: { r: 10, g: 10, b: 200 } } }, left: 0, top: 0 }])
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'Tecno', Model: 'Spark 20' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 22/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 26/1 0/1' },
    })
    .jpeg({ quality: 85 })
    .toBuffer();

/** A PNG that says it is width × height (what a decompression bomb says): signature, IHDR, empty IDAT, IEND. */
function pngHeader(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(0))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('uploading a photo', () => {
  it('turns a phone photo upright, strips its metadata and serves WebP sizes and a JPEG preview', async () => {
    const original = await phonePhoto();
    expect(await sharp(original).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });
    const started = Date.now();
    const response = await upload(app.url, original, 'IMG_20261124.jpg');
    expect(response.status).toBe(200);
    const media = (await response.json()) as { id: string; url: string; srcset: string; width: number; height: number; previewUrl: string };
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(media).toMatchObject({
      width: 3000,
      height: 4000,
      url: `/media/${media.id}/1280.webp`,
      previewUrl: `/media/${media.id}/1200.jpg`,
    });
    expect(media.srcset.split(', ').map((s) => s.split(' ')[1])).toEqual(['320w', '640w', '960w', '1280w']);

    const small = await fetch(`${app.url}/media/${media.id}/640.webp`);
    expect(small.headers.get('content-type')).toBe('image/webp');
    expect(small.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // A browser revalidating what it holds (a forced reload) gets a 304, not the image again.
    const again = await fetch(`${app.url}/media/${media.id}/640.webp`, { headers: { 'if-none-match': small.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    const meta = await sharp(Buffer.from(await small.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 853 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    const preview = await fetch(`${app.url}${media.previewUrl}`);
    expect(preview.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await preview.arrayBuffer())).metadata()).exif).toBeUndefined();

    // The same photo again is the same media.
    expect(((await (await upload(app.url, original, 'copie.jpg')).json()) as { id: string }).id).toBe(media.id);
    expect((await fetch(`${app.url}/media/${media.id}/2000.webp`)).status).toBe(404);
    expect((await fetch(`${app.url}/media/demo/ultrabook.svg`)).status).not.toBe(500);
  });

  it('never enlarges a small picture', async () => {
    const png = await sharp({ create: { width: 500, height: 250, channels: 4, background: '#ff000080' } })
      .png()
      .toBuffer();
    const media = (await (await upload(app.url, png, 'logo.png')).json()) as { srcset: string; url: string };
    expect(media.srcset.split(', ').map((s) => s.split(' ')[1])).toEqual(['320w']);
    expect(media.url).toMatch(/\/320\.webp$/);
  });

  it.each([
    [
      'a text file named .jpg',
      Buffer.from('Ceci n’est pas une image, juste du texte.'),
      'photo.jpg',
      415,
      /Format non accepté : envoyez une photo JPEG, PNG, WebP, AVIF ou GIF/,
    ],
    [
      'an iPhone HEIC photo',
      Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(16), Buffer.from('mif1heic')]),
      'IMG_0001.HEIC',
      415,
      /HEIC/,
    ],
    ['a 12 MB file', Buffer.alloc(12 * 1024 * 1024, 1), 'enorme.jpg', 413, /10 Mo au maximum/],
  ])('refuses %s with a French message', async (_what, bytes, name, status, message) => {
    const response = await upload(app.url, bytes, name);
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(message);
  });

  it('refuses a small PNG of 30,000 × 30,000 pixels before decoding it, and stays healthy', async () => {
    const bomb = pngHeader(30_000, 30_000);
    expect(bomb.length).toBeLessThan(100);
    const response = await upload(app.url, bomb, 'bombe.png');
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/Image trop grande : 30000 × 30000 pixels/);
    expect((await fetch(`${app.url}/health`)).status).toBe(200);
  }, 60_000);

  it('refuses an anonymous or cross-site upload', async () => {
    const png = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    const anonymous = await upload(app.url, png, 'x.png', { cookie: '' });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { message: string } }).error.message).toMatch(/connecter/);
    expect((await upload(app.url, png, 'x.png', { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  });
});

describe('photos nobody uses', () => {
  it("are removed once a day old, while those in a product, a post or a post's text stay", async () => {
    const make = async (color: string) => {
      const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: color } })
        .png()
        .toBuffer();
      return (await (await upload(app.url, png, `${color}.png`)).json()) as { id: string; url: string };
    };
    const [inProduct, inPost, inText, orphan, fresh] = await Promise.all(['#111111', '#222222', '#333333', '#444444', '#555555'].map(make));
    await app.asAdmin.products.create({
      name: 'Enceinte',
      shortDescription: 'Bluetooth',
      description: '<p>Son</p>',
      price: 20_000,
      category: 'audio',
      images: [inProduct!.url],
    });
    await app.asAdmin.blogPosts.create({
      title: 'Photo',
      excerpt: 'x',
      author: 'A',
      image: inPost!.url,
      content: `<p><img src="${inText!.url}" alt=""></p>`,
    });
    await app.db
      .updateTable('media')
      .set({ createdAt: sql<string>`now() - interval '2 days'` })
      .where('id', '!=', fresh!.id)
      .execute();
    expect(await purgeUnusedMedia(app.db)).toBeGreaterThanOrEqual(1);
    const left = new Set((await app.db.selectFrom('media').select('id').execute()).map((r) => r.id));
    for (const kept of [inProduct, inPost, inText, fresh]) expect(left.has(kept!.id)).toBe(true);
    expect(left.has(orphan!.id)).toBe(false);
    expect((await fetch(`${app.url}/media/${orphan!.id}/320.webp`)).status).toBe(404);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two app servers on one PostgreSQL and one bucket', () => {
  it('serves from one server a photo uploaded through the other', async () => {
    const s3 = await startS3StandIn(['photos']);
    const env = { ...s3.env, FILES_URL: 's3://photos/boutique' };
    const same = { databaseUrl: app.databaseUrl, engine: app.engine };
    const [one, other] = await Promise.all([startTestApp({ sameDatabaseAs: same, env }), startTestApp({ sameDatabaseAs: same, env })]);
    try {
      const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#123456' } })
        .png()
        .toBuffer();
      const media = (await (await upload(one.url, png, 'boutique.png')).json()) as { url: string };
      const served = await fetch(`${other.url}${media.url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      // Each server has its own disk: the photo is in the bucket, not on either.
      for (const server of [one, other]) expect(fs.existsSync(path.join(server.config.dataDir, 'files'))).toBe(false);
    } finally {
      await Promise.all([one.close(), other.close()]);
      await s3.close();
    }
  });
});
