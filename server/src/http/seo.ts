import { type AnyResource, type ResourceName, resources } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { serveCached } from '../cache/public-cache';
import type { Config } from '../config';
import { findRecordBy, movedSlug } from '../crud/repository';
import type { Database } from '../db/schema';
import type { CrawlPaths, PageAddress, PagePreview } from '@app/shared/ssr';
import { mediaSources } from '@app/shared/format';

/** What search engines and link previews need: /robots.txt, /sitemap.xml, and each page's <head>. */
export interface SeoOptions {
  db: Kysely<Database>;
  config: Config;
  /** The storefront's pages to index and personal ones to keep out (its route table). */
  crawlPaths: CrawlPaths;
}

/** Every value put into HTML or XML goes through this: names come from the admin, not from us. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const absoluteUrl = (config: Config, url: string) =>
  /^https?:\/\//i.test(url) ? url : `${config.publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;

/**
 * The <head> of a storefront page: its title, and for a product or an article the description,
 * Open Graph tags and canonical address that link previews read (WhatsApp and Facebook run no
 * JavaScript).
 */
export function pageHead({ db, config }: { db: Kysely<Database>; config: Config }) {
  const absolute = (url: string) => absoluteUrl(config, url);

  /** The link-preview image: an uploaded photo's JPEG and its size, or the address as it is. */
  async function previewOf(image: string | null) {
    if (!image) return null;
    const media = mediaSources(image);
    if (!media) return { url: image, width: 0, height: 0 };
    const size = await db
      .selectFrom('mediaVariants')
      .select(['width', 'height'])
      .where('mediaId', '=', media.id)
      .where('name', '=', '1200.jpg')
      .executeTakeFirst();
    return { url: media.preview, width: size?.width ?? 0, height: size?.height ?? 0 };
  }

  /** Where a renamed record lives now (its old slug answers 301), or null: the lookup its route declares. */
  async function movedTo(moved: PageAddress['moved']): Promise<string | null> {
    const resource = moved && resources.find((r) => r.name === moved.resource);
    if (!moved || !resource) return null;
    // A current record with this slug is the page itself, whatever used the slug before.
    if (await orNull(() => findRecordBy(db, resource, 'public', 'slug', moved.slug))) return null;
    const current = await orNull(() => movedSlug(db, resource, 'public', moved.slug));
    return current ? moved.pathFor(current) : null;
  }

  /**
   * The page's HTML with its title and tags: `title` is the page's own (from its render), if any;
   * `meta`, the link-preview tags its route made from the data it prefetched.
   */
  async function apply(html: string, title: string | undefined, meta: PagePreview | null): Promise<string> {
    let out = html;
    if (title || meta) {
      const full = title ?? (meta!.siteName ? `${meta!.title} | ${meta!.siteName}` : meta!.title);
      // A function replacement: "$&" or "$1" typed in a product name must stay literal text.
      out = out.replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(full)}</title>`);
    }
    if (!meta) return out;
    const name = meta.siteName;
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
      ...(preview
        ? [
            ['og:image', absolute(preview.url), 'property'],
            ['og:image:alt', meta.title, 'property'],
          ]
        : []),
      ...(preview?.width
        ? [
            ['og:image:width', String(preview.width), 'property'],
            ['og:image:height', String(preview.height), 'property'],
          ]
        : []),
      ['twitter:card', meta.image ? 'summary_large_image' : 'summary', 'name'],
    ]
      .map(([key, value, attr]) => `<meta ${attr}="${escapeHtml(key!)}" content="${escapeHtml(value!)}" />`)
      .join('\n    ');
    const canonical = `<link rel="canonical" href="${escapeHtml(absolute(meta.path))}" />`;
    const structured = meta.structured ? `\n    ${jsonLd(meta.structured, absolute)}` : '';
    return out
      .replace(/<meta name="description"[^>]*>\s*/, '')
      .replace('</head>', () => `    ${tags}\n    ${canonical}${structured}\n  </head>`);
  }

  return { apply, movedTo };
}

/**
 * A page's schema.org nodes as one JSON-LD graph: its paths made absolute (`url`, `item`, `image`,
 * `logo`, `@id`, `urlTemplate`), and "<" written as \u003c so nothing in a product's name can close
 * the script element.
 */
export function jsonLd(nodes: readonly object[], absolute: (url: string) => string): string {
  const paths = new Set(['url', 'item', 'image', 'logo', '@id', 'urlTemplate']);
  const absolutize = (key: string, value: unknown): unknown => {
    if (paths.has(key) && typeof value === 'string' && value.startsWith('/')) return absolute(value);
    if (key === 'image' && Array.isArray(value)) return value.map((v) => absolutize(key, v));
    return value;
  };
  const graph = { '@context': 'https://schema.org', '@graph': nodes };
  return `<script type="application/ld+json">${JSON.stringify(graph, absolutize).replace(/</g, '\\u003c')}</script>`;
}

// A malformed id or a missing record is simply no tags (the page itself says "introuvable").
const orNull = async <T>(load: () => Promise<T>) => {
  try {
    return await load();
  } catch {
    return null;
  }
};

/** /robots.txt and /sitemap.xml. */
export async function seoPlugin(app: FastifyInstance, { db, config, crawlPaths }: SeoOptions) {
  const absolute = (url: string) => absoluteUrl(config, url);
  const { cache } = app.publicCache;

  app.get('/robots.txt', async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      // Crawlers fetch it often; it changes only with a release or PUBLIC_URL.
      .header('Cache-Control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Disallow: /admin',
          ...crawlPaths.excluded.map((path) => `Disallow: ${path}`),
          '',
          `Sitemap: ${config.publicUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  /** The records with a page of their own (their declaration's `page`), by sitemap name. */
  const recordPages = Object.fromEntries(
    resources.flatMap((resource) => (resource.page ? [[resource.page.sitemap, { resource, path: resource.page.path }]] : [])),
  );
  // Rebuilt when an address in it changes (a record created, renamed, published, deleted), not when
  // an order moves a product's stock.
  const deps = Object.values(recordPages).map(({ resource }) => `${resource.name as ResourceName}:pages`);
  const perFile = config.sitemapUrlsPerFile;
  const xml = 'application/xml; charset=utf-8';

  // A sitemap index (a catalogue can outgrow the 50,000 URLs a sitemap file may hold): the pages
  // without a record, then each kind of record in files of at most `perFile` URLs, each built
  // from one indexed query (the address and date only) and cached until the catalogue changes.
  app.get('/sitemap.xml', (req, reply) => serveCached(cache, req, reply, { key: 'sitemap', deps, contentType: xml, build: sitemapIndex }));
  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (req, reply) => {
    const match = /^(?<kind>[a-z]+)(?:-(?<n>[1-9]\d{0,5}))?\.xml$/.exec(req.params.file);
    const kind = match?.groups?.kind ?? '';
    const n = Number(match?.groups?.n ?? 0);
    const found = kind === 'pages' && !n ? 'pages' : n && Object.hasOwn(recordPages, kind) ? kind : null;
    if (!found) return reply.code(404).type('text/plain; charset=utf-8').send('Sitemap introuvable.');
    const answer = await serveCached(cache, req, reply, {
      key: `sitemap:${req.params.file}`,
      deps,
      contentType: xml,
      build: () => (found === 'pages' ? Promise.resolve(pagesSitemap()) : recordSitemap(found, n)),
    });
    // Past the last file of its kind (the catalogue shrank since the index was read).
    return answer ?? reply.code(404).type('text/plain; charset=utf-8').send('Sitemap introuvable.');
  });

  /** The records of one kind a visitor finds by address: published ones, a product's versions left to its page. */
  const visibleRows = (resource: AnyResource) => {
    const query = db.selectFrom(resource.name as 'products');
    const published = resource.publishedField ? query.where(resource.publishedField as 'published', '=', true) : query;
    return resource.partOf ? published.where(resource.partOf as 'parent', 'is', null) : published;
  };

  async function sitemapIndex() {
    const files = [{ loc: '/sitemaps/pages.xml', lastmod: undefined as string | undefined }];
    for (const [kind, { resource }] of Object.entries(recordPages)) {
      const { n, last } = await visibleRows(resource)
        .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.max('updatedAt').as('last')])
        .executeTakeFirstOrThrow();
      const count = Math.ceil(Number(n) / perFile);
      for (let i = 1; i <= count; i++) files.push({ loc: `/sitemaps/${kind}-${i}.xml`, lastmod: day(last) });
    }
    const body = files
      .map((f) => `  <sitemap><loc>${escapeHtml(absolute(f.loc))}</loc>${f.lastmod ? `<lastmod>${f.lastmod}</lastmod>` : ''}</sitemap>`)
      .join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
  }

  const pagesSitemap = () => urlset(crawlPaths.indexed.map((p) => ({ loc: absolute(p) })));

  /** The n-th file of one kind of record: in a stable order (by id), its slice only. */
  async function recordSitemap(kind: string, n: number) {
    const { resource, path } = recordPages[kind]!;
    const rows = await visibleRows(resource)
      .select(['slug', 'updatedAt'])
      .orderBy('id')
      .limit(perFile)
      .offset((n - 1) * perFile)
      .execute();
    if (!rows.length) return null;
    return urlset(rows.map((r) => ({ loc: absolute(path({ slug: String(r.slug) })), lastmod: day(r.updatedAt) })));
  }
}

const day = (at: unknown) => (at ? new Date(String(at)).toISOString().slice(0, 10) : undefined);

function urlset(urls: { loc: string; lastmod?: string }[]) {
  const body = urls
    .map((u) => `  <url><loc>${escapeHtml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}
