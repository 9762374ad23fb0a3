import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gtinCheckDigit } from '@app/shared';
import bwipjs from 'bwip-js';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, PHONE, startBrowserApp } from '../support/browser';
import { signIn } from './admin/session';

// The counter's camera: Chromium's fake camera films a printed barcode (a Y4M video made from the
// label bwip-js draws); Linux Chromium has no native BarcodeDetector, so the ZXing polyfill reads it,
// with its WebAssembly served by the shop itself. The article lands on the ticket.

const body = `22${String(Date.now()).slice(-10)}`;
const code = `${body}${gtinCheckDigit(body)}`;
const name = `Chargeur solaire ${randomUUID().slice(0, 5)}`;
const video = path.resolve(`.tmp/camera-${process.pid}.y4m`);
let app: BrowserApp;
let page: Page;

/** A few seconds of 640 × 480 video of the barcode on white paper (YUV 4:2:0, grey: U = V = 128). */
async function filmBarcode() {
  const [width, height] = [640, 480];
  // Four pixels a module (423 px wide), as drawn: resized from 319 to 420 px, the bars' edges
  // blurred, and some codes were read as another valid one (2258813886382 as 7219813226382).
  const label = await bwipjs.toBuffer({ bcid: 'ean13', text: code, scale: 4, height: 14, includetext: true, backgroundcolor: 'FFFFFF' });
  const { data, info } = await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([{ input: label, gravity: 'center' }])
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // One byte per pixel: the first channel of however many sharp gives.
  const y = Buffer.from(data.filter((_, i) => i % info.channels === 0));
  if (y.length !== width * height) throw new Error(`luma of ${y.length} bytes for ${width} × ${height}`);
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  fs.mkdirSync(path.dirname(video), { recursive: true });
  fs.writeFileSync(
    video,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), ...Array(20).fill(frame)]),
  );
}

beforeAll(async () => {
  await filmBarcode();
  app = await startBrowserApp({
    fullBrowser: true,
    args: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  await app.asAdmin.products.create({
    name,
    shortDescription: 'x',
    description: '<p>x</p>',
    price: 15_000,
    category: 'accessories',
    stock: 4,
    barcode: code,
  });
  page = await app.newPage(PHONE);
  await page.context().grantPermissions(['camera']);
  await signIn(page);
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(video, { force: true });
});

describe('the counter’s camera', () => {
  it('reads a barcode filmed by the phone and puts its article on the ticket', async () => {
    const wasm: string[] = [];
    page.on('request', (r) => r.url().endsWith('.wasm') && wasm.push(new URL(r.url()).origin));
    await page.goto('/admin/comptoir');
    await page.locator('[data-catalogue="ready"]').waitFor();
    await page.getByRole('button', { name: 'Scanner avec la caméra' }).click();
    await page.getByTestId('camera-seen').getByText(`Lu : ${code}`).waitFor({ timeout: 30_000 });
    // The article stays in front of the camera for a few seconds, as it does in a hand.
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 4);
    await page.getByRole('button', { name: 'Terminé' }).click();
    const ticket = page.locator('.ant-card').filter({ hasText: 'Ticket' });
    await ticket.getByText(name).waitFor();
    // The same code filmed for seconds is one article, not one per frame.
    expect(await ticket.getByText('1 × ', { exact: false }).count()).toBe(1);
    // The reader's WebAssembly came from the shop, not from a CDN.
    expect(wasm.length).toBeGreaterThan(0);
    expect(new Set(wasm)).toEqual(new Set([new URL(page.url()).origin]));
    expect(app.errors).toEqual([]);
  });
});
