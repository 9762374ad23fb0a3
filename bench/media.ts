// Photos: how long the upload pipeline takes on a phone photo, beside plain sharp in the same
// run (this machine is noisy), and what a phone downloads for the product list's images.
// Run: npx tsx bench/media.ts
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { processImage } from '../server/src/media/process';
import { demoData } from '../server/src/seed/demo-data';

const RUNS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

async function time(run: () => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    ms.push(performance.now() - start);
  }
  return median(ms);
}

// A 12-megapixel phone photo (4000 × 3000) with detail everywhere, as JPEG compresses a real one.
const noise = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
  .blur(1.2)
  .withMetadata({ orientation: 6 })
  .jpeg({ quality: 88 })
  .toBuffer();
console.log(`12 MP JPEG: ${kib(noise.length)}`);
const baseline = await time(() => sharp(noise).resize(640).webp().toBuffer());
const pipeline = await time(() => processImage(noise));
console.log(`median of ${RUNS}: baseline sharp resize 640 → WebP ${baseline.toFixed(0)} ms; full pipeline (5 sizes, EXIF, JPEG preview) ${pipeline.toFixed(0)} ms`);

// The product list's first page (20 products), as a 360 px phone at DPR 2 loads it: before, the
// SVG each card pointed to (served gzip); after, the variant srcset picks for a 2-column grid
// (180 CSS px × 2 = 360 device px → the 640 px WebP).
const first = demoData.products.slice(0, 20);
let before = 0;
let after = 0;
for (const product of first) {
  const file = path.join('server/media/demo', path.basename(String(product.images?.[0])));
  const svg = fs.readFileSync(file);
  before += zlib.gzipSync(svg).length;
  const raster = await sharp(svg, { density: 300 }).resize({ width: 1280 }).png().toBuffer();
  const image = await processImage(raster);
  after += image.variants.find((v) => v.name === '640.webp')!.bytes.length;
}
console.log(`product list (${first.length} images) at 360 px: before (SVG, gzip) ${kib(before)}; after (640 px WebP) ${kib(after)}`);

// The same list if each card showed an owner's phone photo: before, the photo itself (what an
// image address pasted from a phone gives); after, its 640 px WebP.
const photo = await processImage(noise);
const webp640 = photo.variants.find((v) => v.name === '640.webp')!.bytes.length;
console.log(`20 phone photos at 360 px: before (original JPEG) ${kib(20 * noise.length)}; after (640 px WebP) ${kib(20 * webp640)}`);
