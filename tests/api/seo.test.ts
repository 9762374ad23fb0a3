import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { sitemapShowing, sitemapText } from '../support/sitemap';
import { resources } from '@app/shared';

// robots.txt, sitemap.xml and the Open Graph tags the server writes into product and blog pages.
// The page tests need the built storefront (npm run build -w storefront).
const built = fs.existsSync('storefront/dist/index.html');

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
});
afterAll(() => app?.close());

const meta = (html: string, key: string) => {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return match?.[1];
};

/** The page's JSON-LD blocks, parsed. */
const structured = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as { '@graph': Record<string, unknown>[] },
  );
/** The nodes of a page's graph, by their type. */
const nodes = (html: string) =>
  Object.fromEntries(
    structured(html)
      .flatMap((g) => g['@graph'])
      .map((n) => [n['@type'] as string, n]),
  );

describe('robots and sitemap', () => {
  it('robots.txt keeps crawlers out of the admin and points to the sitemap', async () => {
    const res = await fetch(`${app.url}/robots.txt`);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const text = await res.text();
    expect(text).toContain('Disallow: /admin');
    // Each shopper's own pages, from the storefront's route table.
    for (const path of ['/cart', '/checkout', '/order/', '/suivi']) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).not.toContain('Disallow: /suivi/');
    expect(text).toContain(`Sitemap: ${app.config.publicUrl}/sitemap.xml`);
  });

  it('sitemap.xml (an index) lists the public pages, every published product and article', async () => {
    const res = await fetch(`${app.url}/sitemap.xml`);
    expect(res.headers.get('content-type')).toContain('application/xml');
    expect(await res.text()).toContain('<sitemapindex');
    const xml = await sitemapText(app.url);
    const products = await app.asVisitor.products.list({ pageSize: 100 });
    const posts = await app.asVisitor.blogPosts.list({ pageSize: 100 });
    for (const path of [
      '/',
      '/products',
      '/services',
      '/crypto-courses',
      '/blog',
      '/crypto-trending',
      '/delivery',
      '/verify',
      '/about',
      '/contact',
    ]) {
      expect(xml).toContain(`<loc>${app.config.publicUrl}${path}</loc>`);
    }
    expect(xml).not.toContain('/cart<');
    expect(xml).not.toContain('/suivi<');
    for (const p of products.rows) expect(xml).toContain(`<loc>${app.config.publicUrl}/products/${p.slug}</loc>`);
    for (const p of posts.rows) expect(xml).toContain(`/blog/${p.slug}</loc>`);
    expect(xml).not.toContain('/admin');
  });

  it('is rebuilt when an address in it changes, not when an order moves a product’s stock', async () => {
    const made = (await app.asAdmin.products.create({
      name: `Casque ${randomUUID().slice(0, 6)}`,
      shortDescription: 'x',
      description: '<p>x</p>',
      price: 9000,
      category: 'audio',
      stock: 5,
    })) as { id: string; slug: string };
    const shows = (path: string) => sitemapShowing(app.url, path, (xml) => xml.includes(`/products/${path}<`));
    await shows(made.slug);
    expect(app.cacheHolds('sitemap')).toBe(true);
    await app.asVisitor.orders.place({
      customerName: 'Awa Dossou',
      phone: '01 97 12 34 56',
      city: 'Cotonou',
      address: 'Akpakpa',
      paymentMethod: 'cash_on_delivery',
      items: [{ id: made.id, type: 'product', quantity: 1 }],
      idempotencyKey: randomUUID(),
    });
    expect(app.cacheHolds('sitemap')).toBe(true);
    const renamed = (await app.asAdmin.products.update({ id: made.id, data: { slug: `${made.slug}-v2` } })) as { slug: string };
    expect(app.cacheHolds('sitemap')).toBe(false);
    await shows(renamed.slug);
    await app.asAdmin.products.delete({ id: made.id });
    expect(app.cacheHolds('sitemap')).toBe(false);
  });

  it('lists the records of every resource whose declaration gives them a page, at that page', async () => {
    const xml = await sitemapText(app.url);
    const paged = resources.filter((r) => r.page);
    expect(paged.map((r) => r.name).sort()).toEqual(['blogPosts', 'cryptoCourses', 'products', 'services']);
    for (const resource of paged) {
      const { rows } = (await (app.asVisitor as unknown as Record<string, { list: (i: unknown) => Promise<{ rows: { slug: string }[] }> }>)[
        resource.name
      ]!.list({ pageSize: 100 })) as { rows: { slug: string }[] };
      expect(rows.length, resource.name).toBeGreaterThan(0);
      for (const row of rows) expect(xml).toContain(`<loc>${app.config.publicUrl}${resource.page!.path(row)}</loc>`);
    }
  });
});

describe('a big catalogue', () => {
  it('splits the sitemap into files of at most the set number of URLs, each listed in the index', async () => {
    const small = await startTestApp({ demo: true, env: { SITEMAP_URLS_PER_FILE: '3' } });
    try {
      const published = (await small.asVisitor.products.list({ pageSize: 100 })).rows;
      const index = await (await fetch(`${small.url}/sitemap.xml`)).text();
      const files = [...index.matchAll(/<loc>[^<]*(\/sitemaps\/products-\d+\.xml)<\/loc>/g)].map((m) => m[1]!);
      expect(files).toHaveLength(Math.ceil(published.length / 3));
      const listed: string[] = [];
      for (const file of files) {
        const xml = await (await fetch(`${small.url}${file}`)).text();
        const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
        expect(urls.length, file).toBeLessThanOrEqual(3);
        expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
        listed.push(...urls);
      }
      // Every published product once, in no particular file.
      expect(listed.sort()).toEqual(published.map((p) => `${small.config.publicUrl}/products/${p.slug}`).sort());
      // Past the last file, or a made-up name: not found.
      expect((await fetch(`${small.url}/sitemaps/products-${files.length + 1}.xml`)).status).toBe(404);
      expect((await fetch(`${small.url}/sitemaps/constructor-1.xml`)).status).toBe(404);
    } finally {
      await small.close();
    }
  });
});

describe.skipIf(!built)('Open Graph tags', () => {
  it('a product page gets its title, description, absolute image and URL', async () => {
    const product = (await app.asVisitor.products.list({ pageSize: 1 })).rows[0]!;
    const res = await fetch(`${app.url}/products/${product.slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="fr">');
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:url')).toBe(`${app.config.publicUrl}/products/${product.slug}`);
    expect(meta(html, 'og:image')).toBe(`${app.config.publicUrl}${product.images[0]}`);
    expect(meta(html, 'description')).toMatch(/^[\d\s\u202f\u00a0]+\sF\sCFA – /u);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(meta(html, 'og:image:alt')).toBe(product.name);
  });

  it('a refurbished product is offered as such to search engines, and says so to the shopper', async () => {
    const laptop = await app.db.selectFrom('products').select('slug').where('condition', '=', 'refurbished').executeTakeFirstOrThrow();
    const html = await (await fetch(`${app.url}/products/${laptop.slug}`)).text();
    expect(JSON.stringify(structured(html))).toContain('"itemCondition":"https://schema.org/RefurbishedCondition"');
    expect(html).toMatch(/État : <strong>Reconditionné<\/strong>/);
  });

  it('a product page tells search engines its price in F CFA, its stock and its codes (schema.org JSON-LD)', async () => {
    const code = '4006381333931';
    const made = (await app.asAdmin.products.create({
      name: `Clé </script><script>alert(1)</script> ${Date.now()}`,
      shortDescription: 'Clé USB 64 Go',
      description: '<p>x</p>',
      price: 7_500,
      category: 'accessories',
      stock: 0,
      sku: `CLE-${Date.now()}`,
      barcode: code,
      images: ['/media/demo/usb.svg'],
    })) as { slug: string; name: string; sku: string };
    const html = await (await fetch(`${app.url}/products/${made.slug}`)).text();
    const [graph, ...others] = structured(html);
    expect(others).toEqual([]);
    const url = `${app.config.publicUrl}/products/${made.slug}`;
    expect(graph).toEqual({
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'Product',
          name: made.name,
          description: 'Clé USB 64 Go',
          image: [`${app.config.publicUrl}/media/demo/usb.svg`],
          url,
          sku: made.sku,
          gtin13: code,
          offers: {
            '@type': 'Offer',
            url,
            price: 7_500,
            priceCurrency: 'XOF',
            availability: 'https://schema.org/OutOfStock',
            itemCondition: 'https://schema.org/NewCondition',
          },
        },
        {
          '@type': 'BreadcrumbList',
          itemListElement: [
            { '@type': 'ListItem', position: 1, name: 'Accueil', item: `${app.config.publicUrl}/` },
            { '@type': 'ListItem', position: 2, name: 'Produits', item: `${app.config.publicUrl}/products` },
            { '@type': 'ListItem', position: 3, name: made.name, item: url },
          ],
        },
      ],
    });
    // The name's "</script>" could not close the block.
    expect(html).not.toContain('<script>alert(1)</script>');
    await app.asAdmin.products.delete({ id: (await app.asAdmin.products.list({ search: made.sku })).rows[0]!.id });
  });

  it('opening hours the owner writes in French are checked, shown on the contact page and given to search engines', async () => {
    const before = await app.asVisitor.settings.get();
    await expect(app.asAdmin.settings.update({ openingHours: ['Lundi-Vendredi 8h-18h', 'Tous les jours'] })).rejects.toThrow(
      /« Tous les jours » : écrivez les jours puis les heures, par exemple « Lundi-Vendredi 08:00-18:30 »/,
    );
    expect((await app.asVisitor.settings.get()).openingHours).toEqual(before.openingHours);
    try {
      await app.asAdmin.settings.update({ openingHours: ['Lun au sam 7h30-20h', 'Dimanche 10h-13h'] });
      const contact = await (await fetch(`${app.url}/contact`)).text();
      expect(contact).toContain('<li>Lun au sam 7h30-20h</li><li>Dimanche 10h-13h</li>');
      const shop = nodes(await (await fetch(`${app.url}/`)).text()).ElectronicsStore as { openingHoursSpecification: unknown[] };
      expect(shop.openingHoursSpecification).toEqual([
        expect.objectContaining({
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
          opens: '07:30',
          closes: '20:00',
        }),
        expect.objectContaining({ dayOfWeek: ['Sunday'], opens: '10:00', closes: '13:00' }),
      ]);
    } finally {
      await app.asAdmin.settings.update({ openingHours: before.openingHours });
    }
  });

  it('the home page names the shop (a local business with its address and profiles) and its search; posts, services and trainings say what they are', async () => {
    const home = nodes(await (await fetch(`${app.url}/`)).text());
    const settings = await app.asVisitor.settings.get();
    expect(home.ElectronicsStore).toMatchObject({
      '@id': `${app.config.publicUrl}/#boutique`,
      name: settings.businessName,
      telephone: settings.phone,
      address: { '@type': 'PostalAddress', streetAddress: settings.address, addressCountry: 'BJ' },
      logo: `${app.config.publicUrl}/icon-512.png`,
      // The demo's « Lundi-Vendredi 08:00-18:30 » and « Samedi 09:00-14:00 » from Paramètres.
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
          opens: '08:00',
          closes: '18:30',
        },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '09:00', closes: '14:00' },
      ],
    });
    expect(home.WebSite).toMatchObject({
      potentialAction: { '@type': 'SearchAction', target: { urlTemplate: `${app.config.publicUrl}/products?q={search_term_string}` } },
    });

    const post = (await app.asVisitor.blogPosts.list({ pageSize: 1 })).rows[0]!;
    const article = nodes(await (await fetch(`${app.url}/blog/${post.slug}`)).text());
    expect(article.BlogPosting).toMatchObject({
      headline: post.title,
      author: { '@type': 'Person', name: post.author },
      datePublished: post.date,
      // Standing alone (a search engine reads one page): the shop by its name, not only an @id of the home page.
      publisher: { '@type': 'Organization', '@id': `${app.config.publicUrl}/#boutique`, name: settings.businessName },
    });
    expect(article.BreadcrumbList).toMatchObject({ itemListElement: [{ name: 'Accueil' }, { name: 'Blog' }, { name: post.title }] });

    const service = (await app.asVisitor.services.list({ pageSize: 1 })).rows[0]!;
    const servicePage = nodes(await (await fetch(`${app.url}/services/${service.slug}`)).text());
    expect(servicePage.Service).toMatchObject({
      name: service.name,
      provider: { '@type': 'Organization', '@id': `${app.config.publicUrl}/#boutique`, name: settings.businessName },
    });
  });

  it('a training has its own page, with a Course and one instance per session to come, in the sitemap and linked from the list', async () => {
    const course = (await app.asVisitor.cryptoCourses.list({ pageSize: 50 })).rows[0]!;
    const sessions = (await app.asVisitor.courseSessions.upcoming()).filter((s) => s.courseId === course.id);
    const response = await fetch(`${app.url}/crypto-courses/${course.slug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<h1 class="text-2xl font-bold text-slate-900">${course.title}</h1>`);
    expect(meta(html, 'og:title')).toBe(course.title);
    const page = nodes(html);
    expect(page.Course).toMatchObject({
      name: course.title,
      offers: { '@type': 'Offer', price: course.price, priceCurrency: 'XOF', category: 'Paid' },
      provider: { '@type': 'Organization', name: (await app.asVisitor.settings.get()).businessName },
      hasCourseInstance: sessions.map((s) => ({
        '@type': 'CourseInstance',
        courseMode: s.online ? 'online' : 'onsite',
        startDate: s.startsAt,
        courseSchedule: { '@type': 'Schedule', startDate: s.startsAt, repeatCount: 1 },
      })),
    });
    for (const instance of (page.Course as { hasCourseInstance: { endDate?: string; courseWorkload?: string }[] }).hasCourseInstance)
      if (instance.endDate) expect(instance.courseWorkload).toMatch(/^P(\d+D)?(T(\d+H)?(\d+M)?)?$/);
    expect((await fetch(`${app.url}/crypto-courses/formation-qui-n-existe-pas`)).status).toBe(404);
    const list = await (await fetch(`${app.url}/crypto-courses`)).text();
    expect(list).toContain(`href="/crypto-courses/${course.slug}"`);
    expect(nodes(list).ItemList).toMatchObject({
      itemListElement: expect.arrayContaining([
        {
          '@type': 'ListItem',
          position: expect.any(Number),
          url: `${app.config.publicUrl}/crypto-courses/${course.slug}`,
          name: course.title,
        },
      ]),
    });
    const index = await (await fetch(`${app.url}/sitemap.xml`)).text();
    const file = /<loc>([^<]*formations-1\.xml)<\/loc>/.exec(index)?.[1];
    expect(file).toBeDefined();
    expect(await (await fetch(file!.replace(app.config.publicUrl, app.url))).text()).toContain(`/crypto-courses/${course.slug}</loc>`);
  });

  it('HTML-escapes every value that comes from the database', async () => {
    const evil = `Casque "pro" <script>alert('x')</script> & $& co`;
    const created = await app.asAdmin.blogPosts.create({
      title: evil,
      slug: 'casque-pro-escape',
      excerpt: `Résumé "cité" </title><img src=x onerror=alert(1)>`,
      content: '<p>Texte</p>',
      author: 'Test',
    });
    const html = await (await fetch(`${app.url}/blog/${created.slug}`)).text();
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('<title>Casque &quot;pro&quot; &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; $&amp; co | ');
    expect(meta(html, 'og:title')).toBe('Casque &quot;pro&quot; &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; $&amp; co');
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'og:description')).toContain('&lt;/title&gt;&lt;img');
  });

  it('the home page and the lists get their own tags and a picture, for links shared on WhatsApp', async () => {
    for (const path of ['/', '/products', '/services', '/crypto-courses', '/blog']) {
      const html = await (await fetch(`${app.url}${path}`)).text();
      expect(meta(html, 'og:type'), path).toBe('website');
      expect(meta(html, 'og:url'), path).toBe(`${app.config.publicUrl}${path}`);
      expect(meta(html, 'og:image'), path).toMatch(/^https?:\/\//);
      expect(html.match(/<meta name="description"/g), path).toHaveLength(1);
    }
  });

  it('keeps its tags when pages are rendered by the browser (SERVER_RENDERING=false)', async () => {
    const plain = await startTestApp({ demo: true, env: { SERVER_RENDERING: 'false' } });
    try {
      const product = (await plain.asVisitor.products.list({ pageSize: 1 })).rows[0]!;
      const html = await (await fetch(`${plain.url}/products/${product.slug}`)).text();
      expect(html).toContain('<div id="root"></div>');
      expect(meta(html, 'og:type')).toBe('product');
      expect(meta(html, 'og:url')).toBe(`${plain.config.publicUrl}/products/${product.slug}`);
    } finally {
      await plain.close();
    }
  });

  it('an unknown product or article gets the not-found page, without tags', async () => {
    for (const path of ['/products/00000000-0000-4000-8000-000000000000', '/products/pas-un-id', '/blog/inconnu']) {
      const res = await fetch(`${app.url}${path}`);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain('Page introuvable');
      expect(html).not.toContain('og:title');
    }
  });
});
