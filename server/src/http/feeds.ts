import { FEEDS, optionProperty, type ProductCondition, type ProductOption, variantKey } from '@app/shared';
import { productPath } from '@app/shared/ssr';
import { mediaSources } from '@app/shared/format';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { serveCached } from '../cache/public-cache';
import type { Config } from '../config';
import type { Database } from '../db/schema';

/**
 * The catalogue as shared catalogues read it: every published product with its price in F CFA
 * ("15000 XOF"), its stock, its photo (the JPEG preview: no catalogue takes SVG or WebP everywhere)
 * and its codes. A product sold in versions is one item per version on sale, sharing its
 * `item_group_id` and telling its colour, size, material or pattern (its other options as custom
 * labels), each linking to its page on that version. Built from one query, cached like the shop's
 * other public answers and rebuilt when a product changes (a price, a stock moved by an order), on
 * every server.
 */

interface Item {
  id: string;
  title: string;
  description: string;
  link: string;
  image: string;
  availability: 'in stock' | 'out of stock';
  price: string;
  gtin: string | null;
  brand: string | null;
  condition: ProductCondition;
  group: string | null;
  /** color, size, material, pattern: the version's value; custom: its other options' values. */
  attributes: Partial<Record<'color' | 'size' | 'material' | 'pattern', string>> & { custom?: string[] };
}

const ATTRIBUTES = ['color', 'size', 'material', 'pattern'] as const;

/** What a version's option values are to a catalogue. */
function attributesOf(options: readonly ProductOption[] | null, values: readonly string[] | null): Item['attributes'] {
  const out: Item['attributes'] = {};
  (options ?? []).forEach((option, i) => {
    const value = values?.[i];
    if (!value) return;
    const property = optionProperty(option.name);
    if (property && !out[property]) out[property] = value;
    else out.custom = [...(out.custom ?? []), `${option.name} : ${value}`];
  });
  return out;
}

const xml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
/** RFC 4180: every cell quoted, its quotes doubled. */
const csv = (cells: string[]) => `${cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')}\r\n`;

export async function feedRoutes(app: FastifyInstance, { db, config }: { db: Kysely<Database>; config: Config }) {
  const { cache } = app.publicCache;
  const absolute = (path: string) => (path.startsWith('/') ? `${config.publicUrl}${path}` : path);

  async function items(): Promise<{ shop: string; items: Item[] }> {
    const settings = await db.selectFrom('settings').select(['businessName', 'tagline']).executeTakeFirst();
    const shop = settings?.businessName ?? 'Boutique';
    // What is sold: plain products and versions, never a group itself (its versions stand for it).
    const rows = await db
      .selectFrom('products as p')
      .leftJoin('products as g', 'g.id', 'p.parent')
      .select(['p.id', 'p.name', 'p.slug', 'p.shortDescription', 'p.images', 'p.price', 'p.stock', 'p.sku', 'p.barcode', 'p.brand'])
      .select([
        'p.condition',
        'p.variant',
        'g.id as groupId',
        'g.sku as groupSku',
        'g.slug as groupSlug',
        'g.options',
        'g.images as groupImages',
      ])
      .where('p.published', '=', true)
      .where('p.options', 'is', null)
      .where('p.archivedAt', 'is', null)
      .where((eb) => eb.or([eb('p.parent', 'is', null), eb('g.published', '=', true)]))
      .orderBy('p.id')
      .execute();
    return {
      shop,
      items: rows.map((p) => {
        const image = p.images[0] ?? p.groupImages?.[0];
        const link = p.groupSlug ? `${productPath({ slug: p.groupSlug })}?variante=${variantKey(p.variant ?? [])}` : productPath(p);
        return {
          id: p.sku ?? p.id,
          title: p.name,
          description: p.shortDescription,
          link: absolute(link),
          image: image ? absolute(mediaSources(image)?.preview ?? image) : '',
          availability: p.stock === 0 ? 'out of stock' : 'in stock',
          price: `${Number(p.price).toFixed(0)} XOF`,
          gtin: p.barcode,
          brand: p.brand,
          condition: p.condition,
          group: p.groupId ? (p.groupSku ?? p.groupId) : null,
          attributes: attributesOf(p.options as ProductOption[] | null, p.variant),
        };
      }),
    };
  }

  app.get(FEEDS.google, (req, reply) =>
    serveCached(cache, req, reply, {
      key: 'feed:google',
      deps: ['products'],
      contentType: 'application/rss+xml; charset=utf-8',
      build: async () => {
        const { shop, items: all } = await items();
        const entries = all.map((i) =>
          [
            '    <item>',
            `      <g:id>${xml(i.id)}</g:id>`,
            `      <g:title>${xml(i.title)}</g:title>`,
            `      <g:description>${xml(i.description)}</g:description>`,
            `      <g:link>${xml(i.link)}</g:link>`,
            ...(i.image ? [`      <g:image_link>${xml(i.image)}</g:image_link>`] : []),
            `      <g:availability>${i.availability}</g:availability>`,
            `      <g:price>${i.price}</g:price>`,
            `      <g:condition>${i.condition}</g:condition>`,
            ...(i.brand ? [`      <g:brand>${xml(i.brand)}</g:brand>`] : []),
            ...(i.gtin ? [`      <g:gtin>${i.gtin}</g:gtin>`] : []),
            // Neither a maker's code nor a brand: said, rather than left for the catalogue to refuse.
            ...(i.gtin || i.brand ? [] : ['      <g:identifier_exists>no</g:identifier_exists>']),
            ...(i.group ? [`      <g:item_group_id>${xml(i.group)}</g:item_group_id>`] : []),
            ...ATTRIBUTES.flatMap((a) => (i.attributes[a] ? [`      <g:${a}>${xml(i.attributes[a])}</g:${a}>`] : [])),
            ...(i.attributes.custom ?? []).slice(0, 5).map((c, n) => `      <g:custom_label_${n}>${xml(c)}</g:custom_label_${n}>`),
            '    </item>',
          ].join('\n'),
        );
        return [
          '<?xml version="1.0" encoding="UTF-8"?>',
          '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
          '  <channel>',
          `    <title>${xml(shop)}</title>`,
          `    <link>${xml(config.publicUrl)}/</link>`,
          `    <description>${xml(`Catalogue de ${shop}`)}</description>`,
          ...entries,
          '  </channel>',
          '</rss>',
          '',
        ].join('\n');
      },
    }),
  );

  app.get(FEEDS.meta, (req, reply) =>
    serveCached(cache, req, reply, {
      key: 'feed:meta',
      deps: ['products'],
      contentType: 'text/csv; charset=utf-8',
      build: async () => {
        const { items: all } = await items();
        return (
          csv([
            'id',
            'title',
            'description',
            'availability',
            'condition',
            'price',
            'link',
            'image_link',
            'brand',
            'gtin',
            'item_group_id',
            ...ATTRIBUTES,
          ]) +
          all
            .map((i) =>
              csv([
                i.id,
                i.title,
                i.description,
                i.availability,
                i.condition,
                i.price,
                i.link,
                i.image,
                i.brand ?? '',
                i.gtin ?? '',
                i.group ?? '',
                ...ATTRIBUTES.map((a) => i.attributes[a] ?? ''),
              ]),
            )
            .join('')
        );
      },
    }),
  );
}
