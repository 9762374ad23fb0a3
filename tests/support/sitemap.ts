import { STALE_MS } from '../../server/src/cache/public-cache';
import { until } from './until';

/** Every file of the shop's sitemap, read through its index (/sitemap.xml), as one text. */
export async function sitemapText(baseUrl: string) {
  const index = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const files = [...index.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const texts = await Promise.all(files.map(async (file) => (await fetch(`${baseUrl}${file}`)).text()));
  return texts.join('\n');
}

/**
 * The sitemap once it shows a write: rebuilt after it, but while the database is busy (a loaded
 * CI machine) the last copy may still be served for up to STALE_MS (public-cache.ts
 * staleWhileBusy), not longer.
 */
export const sitemapShowing = (baseUrl: string, what: string, shows: (text: string) => boolean) =>
  until(
    `${what} in the sitemap`,
    async () => {
      const text = await sitemapText(baseUrl);
      return shows(text) && text;
    },
    STALE_MS + 2_000,
  );
