/** Every file of the shop's sitemap, read through its index (/sitemap.xml), as one text. */
export async function sitemapText(baseUrl: string) {
  const index = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const files = [...index.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const texts = await Promise.all(files.map(async (file) => (await fetch(`${baseUrl}${file}`)).text()));
  return texts.join('\n');
}
