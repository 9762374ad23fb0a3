// Photos: how long the upload pipeline takes on a phone photo, beside plain sharp in the same
// run (this machine is noisy), and what a phone downloads for the product list's images.
// Run: npx tsx bench/media.ts (needs the built storefront)
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { processImage } from '../server/src/media/process';
import { CHROMIUM, FLAGS, startServer } from './lib';

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
const noise = await sharp({
  create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
})
  .blur(1.2)
  .withMetadata({ orientation: 6 })
  .jpeg({ quality: 88 })
  .toBuffer();
console.log(`12 MP JPEG: ${kib(noise.length)}`);
const baseline = await time(() => sharp(noise).resize(640).webp().toBuffer());
const pipeline = await time(() => processImage(noise));
console.log(
  `median of ${RUNS}: baseline sharp resize 640 → WebP ${baseline.toFixed(0)} ms; full pipeline (5 sizes, EXIF, JPEG preview) ${pipeline.toFixed(0)} ms`,
);

// The product list as a phone loads it on a first visit (360 × 740 px, DPR 2, slow 3G: lazy images
// load within Chromium's larger distance on slow networks), in a real browser against the real
// server: before, the demo's SVG illustrations (DEMO_PHOTOS=false); after, the photos the server
// made from them (srcset picks the size). Both servers run side by side in this run.
async function listImageBytes(env: Record<string, string>, photos: boolean) {
  const server = await startServer(env);
  try {
    for (let i = 0; photos && i < 240; i++) {
      const list = (await (await fetch(`${server.base}/trpc/products.list?input=${encodeURIComponent('{"pageSize":100}')}`)).json()) as {
        result: { data: { rows: { images: string[] }[] } };
      };
      if (list.result.data.rows.every((p) => !p.images[0]?.endsWith('.svg'))) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
    const page = await browser.newPage({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: 50_000,
      uploadThroughput: 50_000,
    });
    const images: number[] = [];
    page.on('requestfinished', async (request) => {
      if (request.resourceType() === 'image') images.push((await request.sizes()).responseBodySize);
    });
    await page.goto(`${server.base}/products`);
    await page.locator('main article img').first().waitFor();
    await page.waitForLoadState('networkidle');
    const firstVisit = images.reduce((a, b) => a + b, 0);
    const count = images.length;
    // Then the shopper scrolls to the end of the list.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 500) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 100));
      }
    });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const whole = images.reduce((a, b) => a + b, 0);
    await browser.close();
    return { firstVisit, count, whole, all: images.length };
  } finally {
    server.stop();
  }
}
const svgList = await listImageBytes({ DEMO_PHOTOS: 'false' }, false);
const photoList = await listImageBytes({}, true);
for (const [name, r] of [
  ['before (SVG)', svgList],
  ['after (photos)', photoList],
] as const) {
  console.log(
    `product list at 360 px, ${name}: first visit ${kib(r.firstVisit)} in ${r.count} images (target < 150 KiB); scrolled to the end ${kib(r.whole)} in ${r.all}`,
  );
}

// The same list if each card showed an owner's phone photo: before, the photo itself (what an
// image address pasted from a phone gives); after, its 640 px WebP.
const photo = await processImage(noise);
const webp640 = photo.variants.find((v) => v.name === '640.webp')!.bytes.length;
console.log(`20 phone photos at 360 px: before (original JPEG) ${kib(20 * noise.length)}; after (640 px WebP) ${kib(20 * webp640)}`);
