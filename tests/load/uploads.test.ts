import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, startTestApp, type TestApp } from '../support/app';
import { shopperReading } from '../support/child';

// Six phone photos uploaded at once used to fill libuv's four threads, which static files and
// compression share: a shopper's static files took 12-14 s at p95.

let app: TestApp;
let cookie: string;
let photos: Buffer[];
/** Written once the uploads are answered: the shopper then stops (after 3 s at least). */
const stopFile = path.resolve(`.tmp/uploads-done-${process.pid}`);
process.env.STOP_FILE = stopFile;
beforeAll(async () => {
  app = await startTestApp({ demo: true, env: { DEMO_PHOTOS: 'false' } });
  cookie = await adminCookie(app.url);
  // Six different 12-megapixel photos (4000 × 3000, noisy like a real one, so they compress as photos do).
  photos = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      sharp({
        create: {
          width: 4000,
          height: 3000,
          channels: 3,
          background: { r: 40 * i, g: 120, b: 200 - 30 * i },
          noise: { type: 'gaussian', mean: 128, sigma: 30 },
        },
      })
        .jpeg({ quality: 85 })
        .toBuffer(),
    ),
  );
}, 120_000);
afterAll(() => app?.close());

describe('six 12 MP photos uploaded at once', () => {
  it('leave the shopper’s static files and cached pages fast', async () => {
    const asset = fs.readdirSync(path.resolve('storefront/dist/assets')).find((f) => f.endsWith('.js'))!;
    await fetch(`${app.url}/`);
    const uploads = Promise.all(
      photos.map((bytes, i) => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(bytes)]), `photo-${i}.jpg`);
        return fetch(`${app.url}/api/media`, { method: 'POST', body: form, headers: { cookie } }).then((r) => r.status);
      }),
    );
    // The shopper reads while the photos are processed (and at least 3 s), from another process.
    const shopper = shopperReading(app.url, [`/assets/${asset}`, '/', '/favicon.svg'], { 'accept-encoding': 'gzip' }, 3000, 20_000);
    const statuses = await uploads;
    fs.writeFileSync(stopFile, '');
    const { latencies } = await shopper;
    fs.rmSync(stopFile, { force: true });
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    const p95 = [...latencies].sort((a, b) => a - b)[Math.ceil(0.95 * latencies.length) - 1]!;
    expect(latencies.length).toBeGreaterThan(10);
    expect(p95, `p95 of ${latencies.length} shopper requests`).toBeLessThanOrEqual(500);
  }, 120_000);
});
