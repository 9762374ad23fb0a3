import { randomUUID } from 'node:crypto';
import { EXPORTS, FEEDS } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, failure, memberClient, startTestApp, type TestApp } from '../support/app';
import { pdfBarcodes } from '../support/barcodes';

// Products sold in versions (issue 55): the demo's phone in 128 and 256 Go, black and blue. Each
// version is sold, stocked and scanned on its own; the shop lists the product once; the grid's bad
// input is refused in French, naming what is wrong; history keeps a version orders name.

let app: TestApp;
type Variant = { id: string; key: string; values: string[]; name: string; price: number; stock: number | null; image: string | null };
type Grid = {
  options: Array<{ name: string; values: Array<{ label: string; color?: string }> }>;
  variants: Array<Variant & { sku: string | null; barcode: string | null; published: boolean }>;
};
let phone: { id: string; slug: string; name: string; images: string[] };
let grid: Grid;

const PHONE = 'Smartphone 6,1 pouces – double SIM, 4G';
const stockOf = async (id: string) => ((await app.asAdmin.products.get({ id })) as { stock: number | null }).stock;
const place = (id: string, quantity = 1) =>
  app.asVisitor.orders.place({
    customerName: 'Client Variante',
    phone: `01 97 ${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
    city: 'Cotonou',
    address: 'Cadjèhoun',
    items: [{ id, type: 'product' as const, quantity }],
    idempotencyKey: randomUUID(),
  });
/** The grid as the admin sends it back: every version, as it is, unless changed. */
const asInput = (g: Grid) => ({
  id: phone.id,
  options: g.options,
  variants: g.variants.map((v) => ({
    id: v.id,
    values: v.values,
    price: v.price,
    compareAtPrice: null,
    sku: v.sku,
    barcode: v.barcode,
    image: v.image,
    published: v.published,
  })),
});

beforeAll(async () => {
  app = await startTestApp({ demo: true });
  const found = await app.asAdmin.products.list({ search: PHONE, pageSize: 20 });
  phone = found.rows.find((r) => r.name === PHONE) as unknown as typeof phone;
  grid = (await app.asAdmin.products.variantGrid({ id: phone.id })) as Grid;
});
afterAll(() => app?.close());

describe('the demo phone in four versions', () => {
  it('has two options and one version per combination, in the options’ order, one sold out', () => {
    expect(grid.options.map((o) => o.name)).toEqual(['Stockage', 'Couleur']);
    expect(grid.variants.map((v) => [v.key, v.price, v.stock])).toEqual([
      ['128-go-noir', 185_000, 5],
      ['128-go-bleu', 185_000, 3],
      ['256-go-noir', 215_000, 0],
      ['256-go-bleu', 215_000, 4],
    ]);
    expect(grid.variants[3]!.name).toBe(`${PHONE} — 256 Go, Bleu`);
    expect(grid.variants[3]!.barcode).toBe('2000000000336');
  });

  it('is listed once in the shop, at its cheapest version’s price, its versions on its page only', async () => {
    const listed = await app.asVisitor.products.list({ search: 'Smartphone 6,1', pageSize: 20 });
    expect(listed.rows.map((r) => r.name)).toEqual([PHONE]);
    expect(listed.rows[0]!.price).toBe(185_000);
    const versions = (await app.asVisitor.products.variants({ slug: phone.slug })) as Variant[];
    expect(versions.map((v) => v.name)).toEqual(grid.variants.map((v) => v.name));
    // What the team reads stays the team's.
    expect(versions[0]).not.toHaveProperty('cost');
    expect(versions[0]).not.toHaveProperty('published');
    // A version has no address of its own.
    const own = await app.asAdmin.products.get({ id: grid.variants[0]!.id });
    expect(await failure(app.asVisitor.products.bySlug({ slug: (own as { slug: string }).slug }))).toMatchObject({ code: 'NOT_FOUND' });
    // A plain product has none.
    const plain = (await app.asVisitor.products.list({ pageSize: 1, search: 'Plaque de sauvegarde' })).rows[0] as { slug: string };
    expect(await app.asVisitor.products.variants({ slug: plain.slug })).toEqual([]);
  });

  it('sells a version: the order names it and only its stock drops; the sold-out one and the product itself are refused', async () => {
    const blue256 = grid.variants[3]!;
    const order = (await place(blue256.id)) as { items: Array<{ name: string; unitPrice: number }> };
    expect(order.items).toMatchObject([{ name: `${PHONE} — 256 Go, Bleu`, unitPrice: 215_000 }]);
    expect(await Promise.all(grid.variants.map((v) => stockOf(v.id)))).toEqual([5, 3, 0, 3]);
    expect((await failure(place(grid.variants[2]!.id))).message).toContain('il en reste 0');
    expect((await failure(place(phone.id))).message).toContain('n’est plus disponible');
  });

  it('sells a version at the counter by its barcode: the catalogue lists the versions, never the product itself', async () => {
    const seller = await memberClient(app, 'seller', 'Chantal');
    const catalogue = await seller.client.orders.counterCatalogue.query({});
    const goods = catalogue.items!.filter((i) => i.type === 'product');
    const names = goods.map((p) => p.name);
    expect(names).toContain(`${PHONE} — 128 Go, Bleu`);
    expect(names).not.toContain(PHONE);
    const scanned = goods.find((p) => p.barcode === '2000000000312')!;
    const { order } = (await seller.client.orders.sellAtCounter.mutate({
      idempotencyKey: randomUUID(),
      items: [{ id: scanned.id, type: 'product', quantity: 1 }],
      payment: { method: 'cash', given: 185_000 },
    } as never)) as { order: { items: Array<{ name: string }> } };
    expect(order.items[0]!.name).toBe(`${PHONE} — 128 Go, Bleu`);
    expect(await stockOf(scanned.id)).toBe(2);
    // A seller reads the grid but does not change it.
    expect(await failure(seller.client.products.saveVariants.mutate(asInput(grid)))).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('the sales figures', () => {
  it('count each version apart, or the product whole', async () => {
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Africa/Porto-Novo' });
    await app.asAdmin.orders.sellAtCounter({
      idempotencyKey: randomUUID(),
      items: [{ id: grid.variants[0]!.id, type: 'product', quantity: 2 }],
      payment: { method: 'cash', given: 370_000 },
    } as never);
    const best = async (items: 'variant' | 'product') =>
      (await app.asAdmin.dashboard.sales({ from: today, to: today, items })).bestSellers
        .filter((b) => b.name.startsWith(PHONE))
        .map((b) => [b.name, b.quantity, b.revenue]);
    expect(await best('variant')).toEqual([
      [`${PHONE} — 128 Go, Noir`, 2, 370_000],
      [`${PHONE} — 128 Go, Bleu`, 1, 185_000],
    ]);
    expect(await best('product')).toEqual([[PHONE, 3, 555_000]]);
  });
});

describe('what catalogues and search engines read', () => {
  it('the Google feed has one item per version on sale, sharing item_group_id, with its colour and size; never the product itself', async () => {
    const feed = await (await fetch(`${app.url}${FEEDS.google}`)).text();
    const items = [...feed.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]!);
    const tag = (item: string, name: string) => new RegExp(`<g:${name}>([^<]*)</g:${name}>`).exec(item)?.[1];
    const versions = items.filter((i) => tag(i, 'title')!.startsWith(PHONE));
    expect(
      versions.map((i) => [tag(i, 'id'), tag(i, 'item_group_id'), tag(i, 'size'), tag(i, 'color'), tag(i, 'availability'), tag(i, 'gtin')]),
    ).toEqual(
      expect.arrayContaining([
        ['TCB-022-256-N', 'TCB-022', '256 Go', 'Noir', 'out of stock', '2000000000329'],
        ['TCB-022-256-B', 'TCB-022', '256 Go', 'Bleu', 'in stock', '2000000000336'],
      ]),
    );
    expect(versions).toHaveLength(4);
    expect(
      tag(
        versions.find((i) => tag(i, 'id') === 'TCB-022-256-B')!,
        'link',
      ),
    ).toBe(`${app.config.publicUrl}/products/${phone.slug}?variante=256-go-bleu`);
    // Plain products have no group.
    expect(items.filter((i) => tag(i, 'item_group_id')).length).toBe(4);
    const meta = await (await fetch(`${app.url}${FEEDS.meta}`)).text();
    expect(meta.split('\r\n')[0]).toContain('"item_group_id","color","size","material","pattern"');
    expect(meta).toContain('"TCB-022-128-N"');
  });

  it('the labels sheet has one label per version, each with its barcode, none for the product itself', async () => {
    const sheet = await fetch(`${app.url}${EXPORTS.labels}?${new URLSearchParams({ search: 'Smartphone 6,1' })}`, {
      headers: { cookie: await adminCookie(app.url) },
    });
    expect(sheet.headers.get('x-count')).toBe('4');
    expect((await pdfBarcodes(Buffer.from(await sheet.arrayBuffer()))).map(([, code]) => code).sort()).toEqual(
      grid.variants.map((v) => v.barcode).sort(),
    );
  });

  it('the product page’s JSON-LD is a ProductGroup varying by colour and size, each version an offer of its own', async () => {
    const html = await (await fetch(`${app.url}/products/${phone.slug}?variante=256-go-bleu`)).text();
    const graph = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap(
      (m) => (JSON.parse(m[1]!) as { '@graph': Array<Record<string, unknown>> })['@graph'],
    );
    const group = graph.find((n) => n['@type'] === 'ProductGroup') as {
      variesBy: string[];
      productGroupID: string;
      hasVariant: Array<{
        name: string;
        size: string;
        color: string;
        gtin13: string;
        offers: { price: number; availability: string; url: string };
      }>;
    };
    expect(group).toBeDefined();
    expect(graph.some((n) => n['@type'] === 'Product')).toBe(false);
    expect(group.productGroupID).toBe('TCB-022');
    expect(group.variesBy).toEqual(['https://schema.org/size', 'https://schema.org/color']);
    expect(group.hasVariant).toHaveLength(4);
    expect(group.hasVariant[2]).toMatchObject({
      name: `${PHONE} — 256 Go, Noir`,
      size: '256 Go',
      color: 'Noir',
      gtin13: '2000000000329',
      offers: { price: 215_000, availability: 'https://schema.org/OutOfStock' },
    });
    // The page itself shows the version its address names, rendered by the server.
    expect(html).toContain('215');
    expect(html).toMatch(/<input[^>]*name="o2"[^>]*checked=""[^>]*value="Bleu"/);
  });
});

describe('the grid refuses bad input in French and loses nothing', () => {
  const refused = async (change: (g: Grid) => Grid) =>
    (await failure(app.asAdmin.products.saveVariants(asInput(change(structuredClone(grid)))))).message;

  it('names a duplicate combination, a barcode another product has, a bad EAN, an option value still used', async () => {
    expect(await refused((g) => ({ ...g, variants: [...g.variants, { ...g.variants[0]!, id: undefined as never }] }))).toBe(
      'La combinaison « 128 Go, Noir » apparaît deux fois.',
    );
    // The demo's 6.7-inch phone's barcode.
    expect(await refused((g) => ((g.variants[0]!.barcode = '2000000000053'), g))).toBe(
      'Le code-barres 2000000000053 est déjà celui de « Smartphone 6,7 pouces 256 Go – double SIM, 5G ».',
    );
    expect(await refused((g) => ((g.variants[0]!.barcode = '2000000000306'), g))).toContain('mal recopié');
    expect(await refused((g) => ((g.options[1]!.values = g.options[1]!.values.filter((v) => v.label !== 'Bleu')), g))).toBe(
      'La variante « 128 Go, Bleu » utilise « Bleu », qui n’est plus une valeur de l’option « Couleur » : supprimez ou changez d’abord cette variante.',
    );
    expect(await refused((g) => ({ ...g, options: [...g.options, { name: 'stockage', values: [{ label: 'x' }] }] }))).toBe(
      'L’option « stockage » est donnée deux fois.',
    );
    // Nothing changed.
    expect(((await app.asAdmin.products.variantGrid({ id: phone.id })) as Grid).variants.map((v) => v.barcode)).toEqual(
      grid.variants.map((v) => v.barcode),
    );
  });

  it('archives a removed version that orders name, deletes one nobody used, and adds a new one with its opening stock', async () => {
    const now = (await app.asAdmin.products.variantGrid({ id: phone.id })) as Grid;
    const sold = now.variants[3]!; // ordered above
    const unused = now.variants[2]!; // sold out, never sold
    const input = asInput(now);
    input.options = [
      ...now.options.slice(0, 1),
      { name: 'Couleur', values: [...now.options[1]!.values, { label: 'Vert', color: '#15803d' }] },
    ];
    input.variants = input.variants.filter((v) => v.id !== sold.id && v.id !== unused.id);
    input.variants.push({
      values: ['256 Go', 'Vert'],
      price: 219_000,
      compareAtPrice: null,
      stock: 7,
      sku: null,
      barcode: null,
      image: null,
      published: true,
    } as never);
    await app.asAdmin.products.saveVariants(input);
    const after = (await app.asAdmin.products.variantGrid({ id: phone.id })) as Grid;
    expect(after.variants.map((v) => v.key)).toEqual(['128-go-noir', '128-go-bleu', '256-go-vert']);
    expect(after.variants[2]!.stock).toBe(7);
    const archived = (await app.asAdmin.products.get({ id: sold.id })) as {
      archivedAt: string | null;
      published: boolean;
      barcode: string | null;
    };
    expect(archived).toMatchObject({ published: false, barcode: null });
    expect(archived.archivedAt).not.toBeNull();
    expect(await failure(app.asAdmin.products.get({ id: unused.id }))).toMatchObject({ code: 'NOT_FOUND' });
    // The new one's opening stock is in the ledger.
    const moves = await app.db
      .selectFrom('stockMovements')
      .select(['kind', 'quantity'])
      .where('product', '=', after.variants[2]!.id)
      .execute();
    expect(moves).toEqual([{ kind: 'opening', quantity: 7 }]);
    // The archived one's combination may be made again.
    const again = asInput(after);
    again.variants.push({
      values: ['256 Go', 'Bleu'],
      price: 215_000,
      compareAtPrice: null,
      stock: 1,
      sku: null,
      barcode: '2000000000336',
      image: null,
      published: true,
    } as never);
    await app.asAdmin.products.saveVariants(again);
    expect(((await app.asAdmin.products.variantGrid({ id: phone.id })) as Grid).variants).toHaveLength(4);
  });

  it('refuses a price typed on the product itself, pointing to the versions', async () => {
    const refused = await failure(app.asAdmin.products.update({ id: phone.id, data: { price: 1_000 } }));
    expect(refused.message).toBe(
      'Ce produit se vend en versions : son prix est celui de la moins chère. Changez les prix dans « Options et variantes ».',
    );
    expect(((await app.asAdmin.products.get({ id: phone.id })) as { price: number }).price).not.toBe(1_000);
  });

  it('renames the versions with their product, and keeps a version’s shared fields its product’s', async () => {
    await app.asAdmin.products.update({ id: phone.id, data: { name: 'Smartphone compact', category: 'accessories' } });
    const after = (await app.asAdmin.products.variantGrid({ id: phone.id })) as Grid;
    expect(after.variants[0]!.name).toBe('Smartphone compact — 128 Go, Noir');
    const version = (await app.asAdmin.products.get({ id: after.variants[0]!.id })) as { category: string };
    expect(version.category).toBe('accessories');
    await app.asAdmin.products.update({ id: after.variants[0]!.id, data: { name: 'Autre nom', category: 'phones' } });
    expect(await app.asAdmin.products.get({ id: after.variants[0]!.id })).toMatchObject({
      name: 'Smartphone compact — 128 Go, Noir',
      category: 'accessories',
    });
  });
});
