import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesIn } from '../../server/src/db/bytes';
import { moveFilesOut, purgeUnusedFiles } from '../../server/src/files/holders';
import { diskStore, type FileStore } from '../../server/src/db/file-store';
import { filesOf } from '../../server/src/db/files';
import { s3Store } from '../../server/src/db/file-store-s3';
import { diagnose } from '../../server/src/ops/doctor';
import { adminCookie, startTestApp, type TestApp } from '../support/app';
import { startS3StandIn } from '../support/s3-stand-in';

// Files outside the database (issue 61): photos, kept PDFs and customers' files are in the file
// store (DATA_DIR/files, or a shared bucket), named by their hash; the database keeps the names.
// Files a shop kept in its database before are moved out a few at a time, resumably; files no row
// uses go after a day.

const root = path.resolve(`.tmp/files-${process.pid}`);
let s3: Awaited<ReturnType<typeof startS3StandIn>>;
let app: TestApp;
let cookie: string;
beforeAll(async () => {
  s3 = await startS3StandIn(['fichiers']);
  app = await startTestApp({ demo: true, env: { DEMO_PHOTOS: 'false' } });
  cookie = await adminCookie(app.url);
});
afterAll(async () => {
  await app?.close();
  await s3?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const aged = (days: number) => new Date(Date.now() - days * 86_400_000);

describe.each([
  ['a folder', () => diskStore(path.join(root, 'disk'))],
  ['an S3 bucket', () => s3Store('fichiers', 'boutique/', s3.env)],
])('a file store in %s', (_, make) => {
  it('keeps a file under its hash, once, young again when written again, until removed', async () => {
    const store: FileStore = make();
    const bytes = Buffer.from(`photo ${Math.random()}`);
    const key = await store.put(bytes);
    expect(key).toBe(sha(bytes));
    expect(await store.get(key)).toEqual(bytes);
    expect(await store.put(bytes)).toBe(key);
    const listed: string[] = [];
    for await (const file of store.list()) listed.push(file.key);
    expect(listed.filter((k) => k === key)).toHaveLength(1);
    expect((await store.writtenAt(key))!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    await store.remove([key]);
    expect(await store.get(key)).toBeNull();
    expect(await store.writtenAt(key)).toBeNull();
    // Only hashes name a file: nothing reaches outside the store.
    await expect(store.get('../../etc/passwd')).rejects.toThrow(/invalide/);
  });
});

describe('the shop’s files', () => {
  it('a photo uploaded goes to the store: the database keeps its names, its answers their cache headers', async () => {
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#0f766e' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)]), 'photo.jpg');
    const uploaded = (await (await fetch(`${app.url}/api/media`, { method: 'POST', body: form, headers: { cookie } })).json()) as {
      id: string;
      url: string;
    };
    const rows = await app.db.selectFrom('mediaVariants').select(['name', 'fileKey', 'bytes']).where('mediaId', '=', uploaded.id).execute();
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.every((r) => r.bytes === null && /^[0-9a-f]{64}$/.test(r.fileKey!))).toBe(true);
    const served = await fetch(`${app.url}${uploaded.url}`);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(sha(bytes)).toBe(rows.find((r) => uploaded.url.endsWith(r.name))!.fileKey);
    expect(fs.existsSync(path.join(app.config.dataDir, 'files', sha(bytes).slice(0, 2), sha(bytes)))).toBe(true);
    const again = await fetch(`${app.url}${uploaded.url}`, { headers: { 'if-none-match': served.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('moves out the files kept in the database before, a few at a time, and takes a stopped move up again', async () => {
    // A photo, a customer's voice message and a PDF as the earlier version kept them: in their rows.
    const id = 'ab'.repeat(16);
    const variants = ['320.webp', '640.webp', '1200.jpg'].map((name, i) => ({ name, bytes: Buffer.from(`variante ${i} ${id}`) }));
    await app.db.insertInto('media').values({ id, width: 1200, height: 900 }).execute();
    await app.db
      .insertInto('mediaVariants')
      .values(
        variants.map((v) => ({
          mediaId: id,
          name: v.name,
          contentType: v.name.endsWith('jpg') ? ('image/jpeg' as const) : ('image/webp' as const),
          width: 320,
          height: 240,
          bytes: bytesIn(v.bytes),
        })),
      )
      .execute();
    const message = await app.db
      .insertInto('whatsappMessages')
      .values({ phone: '+2290197000001', direction: 'in', body: '', status: 'received' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const voice = Buffer.from(`OggS voix ${Math.random()}`);
    await app.db
      .insertInto('whatsappMedia')
      .values({ messageId: message.id, kind: 'audio', contentType: 'audio/ogg', bytes: bytesIn(voice), size: voice.length })
      .execute();
    const order = await app.db.selectFrom('orders').select('id').limit(1).executeTakeFirstOrThrow();
    const pdf = Buffer.from(`%PDF-1.4 reçu ${Math.random()}`);
    await app.db
      .insertInto('renderedDocuments')
      .values({ orderId: order.id, kind: 'TK', version: 'ancienne', pdf: bytesIn(pdf) })
      .onConflict((oc) => oc.columns(['orderId', 'kind']).doUpdateSet({ version: 'ancienne', pdf: bytesIn(pdf), fileKey: null }))
      .execute();
    const inBase = async () =>
      Number(
        (
          await sql<{ n: string }>`SELECT (SELECT count(*) FROM media_variants WHERE bytes IS NOT NULL)
            + (SELECT count(*) FROM whatsapp_media WHERE bytes IS NOT NULL)
            + (SELECT count(*) FROM rendered_documents WHERE pdf IS NOT NULL) AS n`.execute(app.db)
        ).rows[0]!.n,
      );
    expect(await inBase()).toBe(5);

    // Served from their rows meanwhile.
    const before = await fetch(`${app.url}/media/${id}/640.webp`);
    expect(Buffer.from(await before.arrayBuffer())).toEqual(variants[1]!.bytes);

    // A store that fails at its third file: the move stops there, what it moved stays moved.
    const store = filesOf(app.config);
    let puts = 0;
    const failing: FileStore = {
      ...store,
      put: async (bytes) => {
        if (++puts === 3) throw new Error('disque plein');
        return store.put(bytes);
      },
    };
    await expect(moveFilesOut(app.db, failing, 1)).rejects.toThrow('disque plein');
    expect(await inBase()).toBe(3);
    expect(await moveFilesOut(app.db, store, 2)).toBe(3);
    expect(await inBase()).toBe(0);
    expect(await moveFilesOut(app.db, store)).toBe(0);

    // The same bytes, now from the store.
    const after = await fetch(`${app.url}/media/${id}/640.webp`);
    expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
    expect(Buffer.from(await after.arrayBuffer())).toEqual(variants[1]!.bytes);
    const moved = await app.db
      .selectFrom('whatsappMedia')
      .select(['fileKey', 'bytes'])
      .where('messageId', '=', message.id)
      .executeTakeFirstOrThrow();
    expect(moved).toEqual({ fileKey: sha(voice), bytes: null });
    expect(await store.get(sha(voice))).toEqual(voice);
    const doc = await app.db
      .selectFrom('renderedDocuments')
      .select(['fileKey', 'pdf'])
      .where('orderId', '=', order.id)
      .where('kind', '=', 'TK')
      .executeTakeFirstOrThrow();
    expect(doc).toEqual({ fileKey: sha(pdf), pdf: null });
  });

  it('removes the files no row uses once a day old, and keeps the others', async () => {
    const store = filesOf(app.config);
    const dir = path.join(app.config.dataDir, 'files');
    const age = (key: string, days: number) => fs.utimesSync(path.join(dir, key.slice(0, 2), key), aged(days), aged(days));
    const orphan = await store.put(Buffer.from(`orpheline ${Math.random()}`));
    const young = await store.put(Buffer.from(`récente ${Math.random()}`));
    const used = (await app.db.selectFrom('mediaVariants').select('fileKey').where('fileKey', 'is not', null).executeTakeFirstOrThrow())
      .fileKey!;
    age(orphan, 2);
    age(used, 2);
    expect(await purgeUnusedFiles(app.db, store)).toBeGreaterThanOrEqual(1);
    expect(await store.get(orphan)).toBeNull();
    expect(await store.get(young)).not.toBeNull();
    expect(await store.get(used)).not.toBeNull();
  });
});

describe('the doctor', () => {
  it('says whether the bucket of FILES_URL answers, naming the variable to fix', async () => {
    const check = async (url: string) =>
      (await diagnose({ ...s3.env, FILES_URL: url, DATA_DIR: path.join(root, 'doctor') }, { db: app.db, smtpTimeoutMs: 2_000 })).find((f) =>
        /Stockage des fichiers/.test(f.message),
      );
    expect(await check('s3://fichiers/boutique')).toMatchObject({
      severity: 'ok',
      message: 'Stockage des fichiers joignable : s3://fichiers/boutique',
    });
    expect(await check('s3://seau-absent/boutique')).toMatchObject({
      severity: 'fatal',
      message: expect.stringMatching(/seau-absent.*FILES_URL/),
    });
  });
});
