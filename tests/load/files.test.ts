import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, startTestApp, type TestApp } from '../support/app';
import { shopperReading } from '../support/child';
import { type GraphStandIn, startGraphStandIn } from '../support/graph-stand-in';
import { until } from '../support/until';

// Issue 61, on the default shop (PGlite): thirty 12-megapixel photos uploaded by the owner and
// thirty 15 MB voice messages received on WhatsApp (from thirty customers) while shoppers read.
// The files go to the file store: the database grows by their names only, and the shoppers'
// cached pages stay fast. Before, they were written into the database: +1 GB through its one connection.

let app: TestApp;
let graph: GraphStandIn;
let cookie: string;
const stopFile = path.resolve(`.tmp/files-load-done-${process.pid}`);
process.env.STOP_FILE = stopFile;
const MB = 1024 * 1024;

beforeAll(async () => {
  graph = await startGraphStandIn();
  app = await startTestApp({ demo: true, env: { ...graph.env(), OUTBOX_RETRY_SECONDS: '1', DEMO_PHOTOS: 'false' } });
  graph.env(app.url);
  cookie = await adminCookie(app.url);
});
afterAll(async () => {
  await app?.close();
  await graph?.close();
});

/**
 * Thirty different 12 MP photos (4000 × 3000), noisy like real ones so that they compress as photos
 * do: one noise, drawn once, in thirty hues.
 */
async function photos() {
  const noise = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: { r: 90, g: 120, b: 160 },
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  })
    .raw()
    .toBuffer();
  return Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      sharp(noise, { raw: { width: 4000, height: 3000, channels: 3 } })
        .modulate({ hue: i * 12 })
        .jpeg({ quality: 80 })
        .toBuffer(),
    ),
  );
}

const databaseBytes = async () =>
  Number((await sql<{ n: string }>`SELECT pg_database_size(current_database()) AS n`.execute(app.db)).rows[0]!.n);

describe.skipIf(process.env.TEST_DATABASE_URL)('thirty 12 MP photos and thirty 15 MB voice messages on PGlite', () => {
  it('go to the file store: the database grows by less than 5 MB, the shoppers’ cached pages stay fast', async () => {
    const images = await photos();
    await app.db.executeQuery(sql`CHECKPOINT`.compile(app.db));
    const before = await databaseBytes();
    await fetch(`${app.url}/`);
    await fetch(`${app.url}/products`);
    const shopper = shopperReading(app.url, ['/', '/products'], { 'accept-encoding': 'br' }, 3000, 240_000);
    const started = performance.now();

    // Thirty customers each send a voice message of 15 MB, in one webhook (as Meta batches them).
    const notes = Array.from({ length: 30 }, (_, i) => {
      const phone = `+22901975${String(100000 + i).slice(1)}`;
      return {
        phone,
        ...graph.inboundMedia(phone, 'audio', {
          bytes: Buffer.concat([Buffer.from('OggS'), randomBytes(15 * MB - 4)]),
          mimeType: 'audio/ogg',
        }),
      };
    });
    const bodies = notes.map((n) => JSON.parse(n.body));
    const envelope = bodies[0];
    envelope.entry[0].changes[0].value.messages = bodies.flatMap((b) => b.entry[0].changes[0].value.messages);
    envelope.entry[0].changes[0].value.contacts = bodies.flatMap((b) => b.entry[0].changes[0].value.contacts);
    expect((await graph.post(JSON.stringify(envelope))).status).toBe(200);

    // Meanwhile the owner uploads the photos, three at a time.
    const statuses: number[] = [];
    for (let i = 0; i < images.length; i += 3)
      statuses.push(
        ...(await Promise.all(
          images.slice(i, i + 3).map((bytes, j) => {
            const form = new FormData();
            form.append('file', new Blob([new Uint8Array(bytes)]), `photo-${i + j}.jpg`);
            return fetch(`${app.url}/api/media`, { method: 'POST', body: form, headers: { cookie } }).then((r) => r.status);
          }),
        )),
      );
    const kept = await until(
      'every voice message kept',
      async () => {
        const rows = await app.db
          .selectFrom('whatsappMedia')
          .innerJoin('whatsappMessages', 'whatsappMessages.id', 'whatsappMedia.messageId')
          .select(['whatsappMedia.fileKey', 'whatsappMedia.size'])
          .where(
            'whatsappMessages.phone',
            'in',
            notes.map((n) => n.phone),
          )
          .execute();
        return rows.length === 30 && rows;
      },
      180_000,
    );
    const seconds = (performance.now() - started) / 1000;
    fs.writeFileSync(stopFile, '');
    const { latencies } = await shopper;
    fs.rmSync(stopFile, { force: true });
    await app.db.executeQuery(sql`CHECKPOINT`.compile(app.db));
    const growth = (await databaseBytes()) - before;
    const p95 = [...latencies].sort((a, b) => a - b)[Math.ceil(0.95 * latencies.length) - 1]!;
    const onDisk = kept.reduce((sum, r) => sum + r.size, 0);
    console.log(
      `30 photos of 12 MP and 30 voice messages of 15 MB: ${seconds.toFixed(1)} s, database +${(growth / MB).toFixed(2)} MB, files ${(onDisk / MB).toFixed(0)} MB of voice in the store, shopper p95 ${p95.toFixed(0)} ms over ${latencies.length} reads`,
    );
    expect(statuses).toEqual(Array(30).fill(200));
    expect(kept.every((r) => r.size === 15 * MB && r.fileKey)).toBe(true);
    expect(growth).toBeLessThan(5 * MB);
    expect(latencies.length).toBeGreaterThan(10);
    expect(p95, `p95 of ${latencies.length} shopper requests`).toBeLessThanOrEqual(300);
  }, 300_000);
});
