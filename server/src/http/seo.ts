import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AnyResource, blogPosts, products, services } from '@app/shared';
import { formatXOF } from '@app/shared/format';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { serveCached } from '../cache/public-cache';
import type { Config } from '../config';
import { findRecordBy, getRecord, listRecords, movedSlug } from '../crud/repository';
import type { Database } from '../db/schema';
import { mediaSources } from '@app/shared/format';

/**
 * What search engines and link previews need from a single-page app: /robots.txt, /sitemap.xml,
 * and for product and blog pages the index.html with its own title, description and Open Graph
 * tags (WhatsApp and Facebook read the HTML and run no JavaScript).
 */
export interface SeoOptions {
  db: Kysely<Database>;
  config: Config;
  /** The built storefront; defaults to storefront/dist. */
  storefrontDir?: string;
}

interface PageMeta {
  title: string;
  description: string;
  image: string | null;
  type: 'product' | 'article';
  path: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATIC_PATHS = [
  '/',
  '/products',
  '/services',
  '/crypto-courses',
  '/delivery',
  '/verify',
  '/blog',
  '/crypto-trending',
  '/about',
  '/contact',
];
const defaultDir = fileURLToPath(new URL('../../../storefront/dist', import.meta.url));

/** Every value put into HTML or XML goes through this: names come from the admin, not from us. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const clip = (text: string, max = 200) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

export async function seoPlugin(app: FastifyInstance, { db, config, storefrontDir = defaultDir }: SeoOptions) {
  const absolute = (url: string) => (/^https?:\/\//i.test(url) ? url : `${config.publicUrl}${url.startsWith('/') ? '' : '/'}${url}`);
  const settingsName = async () => {
    const row = await db
      .selectFrom('settings' as never)
      .select('businessName' as never)
      .executeTakeFirst();
    return (row as { businessName?: string } | undefined)?.businessName ?? '';
  };

  const { cache } = app.publicCache;
  const readIndex = () => fs.readFile(path.join(storefrontDir, 'index.html'), 'utf8').catch(() => null);

  /** The link-preview image: an uploaded photo's JPEG and its size, or the address as it is. */
  async function previewOf(image: string | null) {
    if (!image) return null;
    const media = mediaSources(image);
    if (!media) return { url: image, width: 0, height: 0 };
    const size = await db.selectFrom('mediaVariants').select(['width', 'height']).where('mediaId', '=', media.id).where('name', '=', '1200.jpg').executeTakeFirst();
    return { url: media.preview, width: size?.width ?? 0, height: size?.height ?? 0 };
  }

  async function renderPage(meta: PageMeta): Promise<string | null> {
    const html = await readIndex();
    if (html === null) return null;
    const name = await settingsName();
    const title = name ? `${meta.title} | ${name}` : meta.title;
    const preview = await previewOf(meta.image);
    const tags = [
      ['description', meta.description, 'name'],
      ['og:title', meta.title, 'property'],
      ['og:description', meta.description, 'property'],
      ['og:type', meta.type, 'property'],
      ['og:url', absolute(meta.path), 'property'],
      ['og:site_name', name, 'property'],
      ['og:locale', 'fr_FR', 'property'],
      // An uploaded photo's preview is a JPEG (WhatsApp and Facebook show no WebP nor SVG), with its size.
      ...(preview ? [['og:image', absolute(preview.url), 'property']] : []),
      ...(preview?.width ? [['og:image:width', String(preview.width), 'property'], ['og:image:height', String(preview.height), 'property']] : []),
      ['twitter:card', meta.image ? 'summary_large_image' : 'summary', 'name'],
    ]
      .map(([key, value, attr]) => `<meta ${attr}="${escapeHtml(key!)}" content="${escapeHtml(value!)}" />`)
      .join('\n    ');
    const canonical = `<link rel="canonical" href="${escapeHtml(absolute(meta.path))}" />`;
    return (
      html
        // A function replacement: "$&" or "$1" typed in a product name must stay literal text.
        .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
        .replace(/<meta name="description"[^>]*>\s*/, '')
        .replace('</head>', () => `    ${tags}\n    ${canonical}\n  </head>`)
    );
  }

  /** A record's page from the cache (its tags: the record's resource and the shop's name). */
  async function sendPage(
    req: FastifyRequest,
    reply: FastifyReply,
    resource: string,
    load: () => Promise<PageMeta | null>,
    /** For a record not found: where it lives now (a renamed slug), answered with a 301. */
    movedTo?: () => Promise<string | null>,
  ) {
    const served = await serveCached(cache, req, reply, {
      key: `page:${req.url.split('?')[0]}`,
      deps: [resource, 'settings'],
      contentType: 'text/html; charset=utf-8',
      build: async () => {
        const meta = await load();
        return meta ? renderPage(meta) : null;
      },
    });
    if (served) return served;
    const moved = movedTo ? await orNull(movedTo) : null;
    if (moved) return reply.redirect(moved, 301);
    const html = await readIndex();
    if (html === null) return reply.callNotFound();
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  }

  // An unknown id or slug still gets the app, which shows its French not-found page.
  const orNull = async <T>(load: () => Promise<T>) => {
    try {
      return await load();
    } catch {
      return null;
    }
  };

  app.get<{ Params: { id: string } }>('/products/:id', (req, reply) =>
    sendPage(req, reply, 'products', async () => {
      const { id } = req.params;
      const row = UUID.test(id) ? await orNull(() => getRecord(db as never, products as unknown as AnyResource, 'public', id)) : null;
      if (!row) return null;
      const images = row.images as string[];
      return {
        title: String(row.name),
        description: clip(`${formatXOF(Number(row.price))} – ${String(row.shortDescription)}`),
        image: images[0] ?? null,
        type: 'product',
        path: `/products/${id}`,
      };
    }),
  );

  app.get<{ Params: { slug: string } }>('/blog/:slug', (req, reply) =>
    sendPage(req, reply, 'blogPosts', async () => {
      const slug = req.params.slug.toLowerCase();
      const row =
        slug.length <= 120
          ? await orNull(() => findRecordBy(db as never, blogPosts as unknown as AnyResource, 'public', 'slug', slug))
          : null;
      if (!row) return null;
      return {
        title: String(row.title),
        description: clip(String(row.excerpt)),
        image: (row.image as string | null) ?? null,
        type: 'article',
        path: `/blog/${encodeURIComponent(slug)}`,
      };
    }, async () => {
      const slug = req.params.slug.toLowerCase();
      const moved = slug.length <= 120 ? await movedSlug(db as never, blogPosts as unknown as AnyResource, 'public', slug) : null;
      return moved ? `/blog/${encodeURIComponent(moved)}` : null;
    }),
  );

  app.get('/robots.txt', async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(
        [
          'User-agent: *',
          'Disallow: /admin',
          'Disallow: /cart',
          'Disallow: /checkout',
          'Disallow: /order/',
          '',
          `Sitemap: ${config.publicUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', (req, reply) =>
    serveCached(cache, req, reply, { key: 'sitemap', deps: ['products', 'services', 'blogPosts'], contentType: 'application/xml; charset=utf-8', build: sitemap }),
  );

  async function sitemap() {
    const urls: { loc: string; lastmod?: string }[] = STATIC_PATHS.map((p) => ({ loc: absolute(p) }));
    const add = async (resource: AnyResource, toPath: (row: Record<string, unknown>) => string) => {
      // Paged like every list, so a large catalogue never loads in one query.
      for (let page = 1; ; page++) {
        const { rows, total } = await listRecords(db as never, resource, 'public', { page, pageSize: 100 });
        for (const row of rows)
          urls.push({ loc: absolute(toPath(row)), lastmod: new Date(String(row.updatedAt)).toISOString().slice(0, 10) });
        if (page * 100 >= total || rows.length === 0) break;
      }
    };
    await add(products as unknown as AnyResource, (r) => `/products/${String(r.id)}`);
    await add(services as unknown as AnyResource, (r) => `/services/${String(r.id)}`);
    await add(blogPosts as unknown as AnyResource, (r) => `/blog/${encodeURIComponent(String(r.slug))}`);
    const body = urls
      .map((u) => `  <url><loc>${escapeHtml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`)
      .join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
  }
}
