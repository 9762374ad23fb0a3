import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyRouter } from '@trpc/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { CrawlPaths, PageAddress, PagePreview, RenderedPage } from '@app/shared/ssr';
import { detachedWork } from '../platform/after-response';
import { type CachedBody, type PublicCache, sendCached } from '../cache/public-cache';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { AppRouter } from '../routers/_app';
import type { CacheTag, Context, ProcedureMeta } from '../trpc';
import { pageHead } from './seo';

/** What storefront/src/entry-server.tsx exports, once built (storefront/dist-server). */
interface ServerEntry {
  /** The storefront's pages to index and personal ones to keep out of search engines. */
  crawlPaths: CrawlPaths;
  /** Every page's address pattern, in Fastify's syntax too ('/products/:id'). */
  pagePaths: string[];
  /** What the route of an address says of it: the query parameters it reads, a renamed record's lookup. */
  pageAddress(pathname: string): PageAddress;
  render(url: string, router: AppRouter, createContext: () => Context): Promise<RenderedPage>;
  /** The link-preview tags alone, for pages the browser renders. */
  pagePreview(url: string, router: AppRouter, createContext: () => Context): Promise<PagePreview | null>;
}

/**
 * The address as the page sees it, and its cache key: parameters its route does not read
 * (utm_source, fbclid, a random value) are dropped, so they neither render nor store the page again.
 */
function pageUrl(raw: string, address: PageAddress) {
  const url = new URL(raw, 'http://localhost');
  const kept = new URLSearchParams();
  for (const name of address.params) {
    const value = url.searchParams.get(name);
    if (value) kept.set(name, value.slice(0, 100));
  }
  const query = kept.toString();
  return { url: query ? `${url.pathname}?${query}` : url.pathname, pathname: url.pathname };
}

/**
 * A rendered page needs no script to be seen: its code waits in <template id="app-code"> until
 * the first paint (storefront/src/boot/boot.ts), and then still goes out at low priority, behind
 * the photos on screen.
 */
const LOW = 'fetchpriority="low"';
const lowPriorityScripts = (template: string) =>
  template.replace(/<script type="module"|<link rel="modulepreload"/g, (tag) => `${tag} ${LOW}`);

const APP_CODE = '<template id="app-code">';

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/**
 * The stylesheet written into the page (a few KB compressed): the first paint waits for no
 * second download, which costs a whole round trip on a mobile network. The CSP allows inline styles.
 */
function inlineStyles(template: string, distDir: string) {
  return template.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g, (link, file: string) => {
    const css = path.join(distDir, file);
    return fs.existsSync(css) ? `<style>${fs.readFileSync(css, 'utf8').replace(/<\/style/gi, '<\\/style')}</style>` : link;
  });
}

/**
 * <link rel="modulepreload"> for a page's chunk and the chunks it imports (from Vite's manifest),
 * so the browser fetches them beside the main script instead of after it has run. They go with
 * the app's other tags, which the page starts after its first paint (storefront/src/boot/boot.ts).
 */
function preloadLinks(manifest: Manifest | null, module: string | undefined, template: string) {
  if (!manifest || !module) return '';
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(`src/modules/${module}.tsx`);
  // The template already links the entry's own imports.
  return [...files]
    .filter((file) => !template.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" ${LOW} crossorigin href="/${file}">`)
    .join('');
}

/**
 * Storefront pages rendered on the server with their data (React's prerender, the router called
 * in-process), so a phone paints the content before any script runs; the browser then hydrates
 * the same markup. A page is kept in the public cache like the reads it was built from, tagged
 * with their resources, and answers 404 when it says "introuvable".
 * Without the server build (only `vite build` run), the app's empty page is sent as before.
 */
export async function storefrontPages(options: {
  db: Kysely<Database>;
  config: Config;
  router: AppRouter;
  cache: PublicCache;
  invalidate: Context['invalidate'];
  distDir: string;
  serverDir: string;
}) {
  const { db, config, router, cache, invalidate } = options;
  const templateFile = path.join(options.distDir, 'index.html');
  const entryFile = path.join(options.serverDir, 'entry-server.js');
  const template = fs.existsSync(templateFile) ? inlineStyles(fs.readFileSync(templateFile, 'utf8'), options.distDir) : null;
  // Loaded even when pages are not rendered (SERVER_RENDERING=false): robots.txt and the sitemap list its routes.
  const entryModule = template && fs.existsSync(entryFile) ? ((await import(pathToFileURL(entryFile).href)) as ServerEntry) : null;
  const entry = config.serverRendering ? entryModule : null;
  const pageTemplate = template && lowPriorityScripts(template);
  const manifestFile = path.join(options.distDir, '.vite/manifest.json');
  const manifest = fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest) : null;
  const head = pageHead({ db, config });
  const procedures = (router as AnyRouter)._def.procedures as Record<string, { _def: { meta?: ProcedureMeta } } | undefined>;
  // Every resource a public read can depend on: a page's snapshot must cover whatever it reads.
  const allDeps = [...new Set(Object.values(procedures).flatMap((p) => p?._def.meta?.cache ?? []))];

  const visitor = (req: FastifyRequest) => (): Context => ({
    db,
    config,
    admin: null,
    ip: req.ip,
    log: req.log,
    invalidate,
    afterResponse: detachedWork(req.log),
    cookies: { get: () => undefined, set: () => undefined, clear: () => undefined },
  });

  async function buildPage(
    req: FastifyRequest,
    url: string,
    address: PageAddress,
    key: string,
  ): Promise<{ moved: string } | { cached: CachedBody } | { status: number; body: string }> {
    // An article's earlier slug answers 301 to its current address.
    const moved = await head.movedTo(address.moved);
    if (moved) return { moved };
    const snapshot = cache.snapshot(allDeps);
    const page = await entry!.render(url, router, visitor(req));
    // A public read a component made that its route did not prefetch: missing from the HTML and
    // from the page's dependencies. A bug of the route: loud in development and tests, never cached.
    const unprefetched = page.unprefetched.filter((name) => procedures[name]?._def.meta?.cache);
    if (unprefetched.length) {
      const err = new Error(
        `Page ${url}: ${unprefetched.join(', ')} rendered but not prefetched by its route (storefront/src/app/routes.ts)`,
      );
      if (!config.production) throw err;
      page.errors.push(err);
    }
    const body = (await head.apply(pageTemplate!, page.title, page.preview))
      .replace(APP_CODE, () => `${APP_CODE}${preloadLinks(manifest, page.module, template!)}`)
      .replace(
        '<div id="root"></div>',
        () => `<div id="root">${page.html}</div><script type="application/json" id="query-state">${page.state}</script>`,
      );
    for (const err of page.errors) req.log.error({ err, url }, 'storefront page: server rendering failed, left to the browser');
    // A page with a failed read is sent as it is (the browser loads the rest) and not kept; a read
    // that failed (the database away) makes it a 503, so a load balancer or a monitor can tell.
    if (page.failed || page.errors.length) return { status: page.failed ? 503 : page.status, body };
    const deps = [
      ...new Set<CacheTag>([
        'settings',
        ...page.procedures.flatMap((name): readonly CacheTag[] => procedures[name]?._def.meta?.cache ?? ['*']),
      ]),
    ];
    return { cached: await cache.set(key, deps, snapshot, 'text/html; charset=utf-8', body, page.status) };
  }

  // Matching an address against the storefront's routes costs more than sending a cached page
  // (React Router ranks every route on each call): each address is matched once.
  const addresses = new LRUCache<string, PageAddress>({
    max: 5_000,
    memoMethod: (pathname) => entryModule?.pageAddress(pathname) ?? { params: [], moved: null },
  });

  return {
    available: !!template,
    /** From the storefront's routes; without its server build, the home page only. */
    crawlPaths: entryModule?.crawlPaths ?? { indexed: ['/'], excluded: [] },
    pagePaths: entryModule?.pagePaths ?? ['/'],
    async send(req: FastifyRequest, reply: FastifyReply) {
      if (!template) return null;
      const pathname = new URL(req.url, 'http://localhost').pathname;
      const address = addresses.memo(pathname);
      const { url } = pageUrl(req.url, address);
      if (!entry) {
        const preview = entryModule ? await entryModule.pagePreview(url, router, visitor(req)).catch(() => null) : null;
        const html = await head.apply(template, undefined, preview);
        return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
      }
      const key = `page:${url}`;
      const hit = await cache.lookup(key);
      if (hit) return sendCached(cache, req, reply, hit);
      // Shoppers asking for the same page while it is being built (after a catalogue change, say)
      // wait for that one render instead of each rendering and compressing it again.
      const build = cache.once(key, () => buildPage(req, url, address, key));
      // The database busy (a burst of orders): the page as it was a moment ago, while it renders.
      const stale = cache.staleWhileBusy(key);
      if (stale) {
        void build.catch((err: unknown) => req.log.warn({ err, url }, 'storefront page: background render failed'));
        return sendCached(cache, req, reply, stale);
      }
      const page = await build;
      if ('moved' in page) return reply.redirect(page.moved, 301);
      if ('cached' in page) return sendCached(cache, req, reply, page.cached);
      if (page.status === 503) reply.header('Retry-After', '5');
      return reply.code(page.status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(page.body);
    },
  };
}
