import { products } from '@app/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, DESKTOP, PHONE, startBrowserApp } from '../support/browser';
import { FormPage } from './admin/form-page';
import { screenshot } from './admin/screens';
import { expectNoErrors, expectNotification, signIn } from './admin/session';
import { open } from './storefront/browser';

// The owner's photo, from the phone's file picker to the shop's product page in the right sizes.

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
});
afterAll(() => app?.close());

describe('a product photo from the phone', () => {
  it('is uploaded from the form, saved, and shown upright in WebP sizes with a JPEG link preview', async () => {
    const row = await app.asAdmin.products.create({
      name: 'Montre connectée Kora',
      shortDescription: 'Étanche',
      description: '<p>Montre</p>',
      price: 35_000,
      category: 'accessories',
    });
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 30, g: 140, b: 90 } } })
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 22/1 0/1' } })
      .jpeg({ quality: 80 })
      .toBuffer();

    const page = await app.newPage(PHONE);
    await signIn(page, `/admin/products/edit/${row.id}`);
    const form = new FormPage(page, products);
    await page.waitForFunction(() => (document.getElementById('name') as HTMLInputElement | null)?.value === 'Montre connectée Kora');
    await page.locator('input[type="file"]').setInputFiles({ name: 'IMG_20261124_101500.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('img', { name: 'Photo 1' }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'product-photo-upload-360', true);
    await form.submit();
    await expectNotification(page, 'Produit mis à jour');
    const saved = (await app.asAdmin.products.get({ id: row.id })) as { images: string[] };
    expect(saved.images).toEqual([expect.stringMatching(/^\/media\/[0-9a-f]{32}\/1280\.webp$/)]);
    expectNoErrors(app.errors);
    const desk = await app.newPage(DESKTOP);
    await signIn(desk, '/admin/products');
    await desk.getByRole('heading', { level: 1, name: 'Produits' }).waitFor();
    await screenshot(desk, 'products-thumbnails-1280');
    await desk.goto(`/admin/products/edit/${row.id}`);
    await desk.getByRole('img', { name: 'Photo 1' }).waitFor();
    await screenshot(desk, 'product-photo-form-1280', true);
    await desk.close();

    const shop = await app.newPage(PHONE);
    await open(shop, `/products/${row.slug}`);
    const main = shop.getByRole('img', { name: 'Montre connectée Kora' }).first();
    const srcset = (await main.getAttribute('srcset'))!;
    expect(srcset.split(', ').map((s) => s.split(' ')[1])).toEqual(['320w', '640w', '960w', '1280w']);
    expect(await main.getAttribute('fetchpriority')).toBe('high');
    const file640 = srcset.split(', ')[1]!.split(' ')[0]!;
    const answer = await fetch(`${app.url}${file640}`);
    expect(answer.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ width: 640, height: 853 });
    expect(meta.exif).toBeUndefined();

    const html = await (await fetch(`${app.url}/products/${row.slug}`)).text();
    const ogImage = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(ogImage).toMatch(/\/media\/[0-9a-f]{32}\/1200\.jpg$/);
    expect(/<meta property="og:image:width" content="(\d+)"/.exec(html)?.[1]).toBe('1200');
    expect(/<meta property="og:image:height" content="(\d+)"/.exec(html)?.[1]).toBe('1600');
    expect((await fetch(ogImage!.replace(app.config.publicUrl, app.url))).headers.get('content-type')).toBe('image/jpeg');
  });
});
