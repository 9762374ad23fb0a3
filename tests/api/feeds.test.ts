import { randomUUID } from 'node:crypto';
import { FEEDS } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';

// The catalogue as Google Merchant Center and Meta read it: every published product, its price in
// F CFA and its stock, kept up to date when a product changes.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
});
afterAll(() => app?.close());

/** The <item>s of the Google feed, each as its g: fields. */
async function googleItems() {
  const response = await fetch(`${app.url}${FEEDS.google}`);
  expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
  const text = await response.text();
  expect(text).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<rss version="2\.0" xmlns:g="http:\/\/base\.google\.com\/ns\/1\.0">/);
  expect(text.trimEnd().endsWith('</rss>')).toBe(true);
  return [...text.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) =>
    Object.fromEntries([...m[1]!.matchAll(/<g:(\w+)>([^<]*)<\/g:\1>/g)].map((f) => [f[1]!, f[2]!])),
  );
}

/** The rows of the Meta feed (RFC 4180 CSV), each by its header's names. */
async function metaRows() {
  const text = await (await fetch(`${app.url}${FEEDS.meta}`)).text();
  const lines = text.trimEnd().split('\r\n');
  const cells = (line: string) => [...line.matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map((m) => m[1]!.replace(/""/g, '"'));
  const header = cells(lines[0]!);
  return lines.slice(1).map((line) => Object.fromEntries(cells(line).map((value, i) => [header[i]!, value])));
}

describe('catalogue feeds', () => {
  it('list every published product with its price in XOF and its availability, and drop one unpublished', async () => {
    const tag = randomUUID().slice(0, 6);
    const product = (await app.asAdmin.products.create({
      name: `Disque SSD "rapide" & sûr ${tag}`,
      shortDescription: 'SSD 1 To <NVMe>',
      description: '<p>x</p>',
      price: 45_000,
      category: 'accessories',
      stock: 0,
      brand: 'Samsung',
      barcode: '8801643233723',
    })) as { id: string; slug: string };
    // What is sold: a product sold in versions is its versions.
    const published = await app.db.selectFrom('products').select('id').where('published', '=', true).where('options', 'is', null).execute();

    const google = await googleItems();
    expect(google).toHaveLength(published.length);
    expect(google.find((i) => i.title?.includes(tag))).toEqual({
      id: product.id,
      title: `Disque SSD &quot;rapide&quot; &amp; sûr ${tag}`,
      description: 'SSD 1 To &lt;NVMe&gt;',
      link: `${app.config.publicUrl}/products/${product.slug}`,
      availability: 'out of stock',
      price: '45000 XOF',
      condition: 'new',
      brand: 'Samsung',
      gtin: '8801643233723',
    });
    const meta = await metaRows();
    expect(meta).toHaveLength(published.length);
    expect(meta.find((r) => r.id === product.id)).toMatchObject({
      title: `Disque SSD "rapide" & sûr ${tag}`,
      availability: 'out of stock',
      condition: 'new',
      price: '45000 XOF',
      brand: 'Samsung',
    });

    // A price and a stock changed, then unpublished: each shows at the next read.
    await app.asAdmin.products.update({ id: product.id, data: { price: 42_500 } });
    await app.asAdmin.products.correctStock({ id: product.id, to: 3, reason: 'found' });
    expect((await googleItems()).find((i) => i.id === product.id)).toMatchObject({ price: '42500 XOF', availability: 'in stock' });
    await app.asAdmin.products.update({ id: product.id, data: { published: false } });
    expect((await googleItems()).some((i) => i.id === product.id)).toBe(false);
    expect((await metaRows()).some((r) => r.id === product.id)).toBe(false);
  });

  it('tell each product’s condition: the demo’s refurbished laptop is not declared new, nor is a used phone', async () => {
    const laptop = await app.db
      .selectFrom('products')
      .select(['id', 'sku'])
      .where('name', 'like', 'Ordinateur portable reconditionné%')
      .executeTakeFirstOrThrow();
    const used = (await app.asAdmin.products.create({
      name: `Téléphone d’occasion ${randomUUID().slice(0, 6)}`,
      shortDescription: 'x',
      description: '<p>x</p>',
      price: 30_000,
      category: 'accessories',
      stock: 1,
      condition: 'used',
    })) as { id: string };
    const google = await googleItems();
    expect(google.find((i) => i.id === (laptop.sku ?? laptop.id))?.condition).toBe('refurbished');
    expect(google.find((i) => i.id === used.id)?.condition).toBe('used');
    const meta = await metaRows();
    expect(meta.find((r) => r.id === (laptop.sku ?? laptop.id))?.condition).toBe('refurbished');
    expect(meta.find((r) => r.id === used.id)?.condition).toBe('used');
  });

  it('say when a product has neither a maker’s code nor a brand', async () => {
    const bare = (await app.asAdmin.products.create({
      name: `Câble maison ${randomUUID().slice(0, 6)}`,
      shortDescription: 'x',
      description: '<p>x</p>',
      price: 1_000,
      category: 'accessories',
      stock: null,
    })) as { id: string };
    expect((await googleItems()).find((i) => i.id === bare.id)).toMatchObject({ identifier_exists: 'no', availability: 'in stock' });
  });
});
