import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts, products, services, cryptoCourses } from '../../shared/src/resources';
import { sitemapShowing } from '../support/sitemap';
import { startTestApp, type TestApp } from '../support/app';
import { sampleInput } from '../support/samples';

// Stable addresses: a saved slug changes only when the owner edits it, and every old slug keeps
// leading to the record (301 for pages, found by bySlug), in every resource that has a slug.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const post = (title: string, extra: Record<string, unknown> = {}) =>
  app.asAdmin.blogPosts.create({ title, excerpt: 'Résumé', content: '<p>Texte</p>', author: 'Koffi', ...extra });
const get = (path: string) => fetch(`${app.url}${path}`, { redirect: 'manual' });
/**
 * A page's answer once a write has reached it: `301 <location>` or `200`. Polled, since while the
 * database is busy the public cache serves the page it had a few seconds more (public-cache.ts, STALE_MS).
 */
const settled = (path: string, expected: string) =>
  expect
    .poll(
      async () => {
        const r = await get(path);
        return r.status === 301 ? `301 ${r.headers.get('location')}` : String(r.status);
      },
      { timeout: 10_000 },
    )
    .toBe(expected);

describe('slugs once saved', () => {
  it.each([products, services, cryptoCourses, blogPosts].map((r) => [r.name, r] as const))(
    '%s: renaming the title keeps the slug',
    async (_name, resource) => {
      const crud = (
        app.asAdmin as unknown as Record<
          string,
          { create: (i: unknown) => Promise<Record<string, unknown>>; update: (i: unknown) => Promise<Record<string, unknown>> }
        >
      )[resource.name]!;
      const row = await crud.create(sampleInput(resource));
      const titleKey = resource.titleField;
      const renamed = await crud.update({ id: row.id, data: { [titleKey]: `Nouveau nom ${String(row.id).slice(0, 6)}` } });
      expect(renamed.slug).toBe(row.slug);
      // Emptied by the owner: made again from the title sent with it.
      const remade = await crud.update({ id: row.id, data: { [titleKey]: 'Écran Très Large', slug: '' } });
      expect(remade.slug).toMatch(/^ecran-tres-large/);
    },
  );

  it('an article keeps its address when its title changes, and the old slug redirects (301) once the owner changes it', async () => {
    const created = await post('Bitcoin pour débutants');
    expect(created.slug).toBe('bitcoin-pour-debutants');
    await app.asAdmin.blogPosts.update({ id: created.id, data: { title: 'Bitcoin : le guide du débutant' } });
    expect((await get('/blog/bitcoin-pour-debutants')).status).toBe(200);

    await app.asAdmin.blogPosts.update({ id: created.id, data: { slug: 'guide-bitcoin-debutant' } });
    await settled('/blog/bitcoin-pour-debutants', '301 /blog/guide-bitcoin-debutant');
    await settled('/blog/guide-bitcoin-debutant', '200');
    // The app's own lookup finds the post by its old slug, with the current one to show.
    expect(await app.asVisitor.blogPosts.bySlug({ slug: 'bitcoin-pour-debutants' })).toMatchObject({
      id: created.id,
      slug: 'guide-bitcoin-debutant',
    });
    // A second rename: both earlier addresses lead to the latest.
    await app.asAdmin.blogPosts.update({ id: created.id, data: { slug: 'bitcoin-guide' } });
    for (const path of ['/blog/bitcoin-pour-debutants', '/blog/guide-bitcoin-debutant']) await settled(path, '301 /blog/bitcoin-guide');
    await sitemapShowing(
      app.url,
      'the latest slug alone',
      (xml) => xml.includes('/blog/bitcoin-guide</loc>') && !xml.includes('/blog/guide-bitcoin-debutant</loc>'),
    );
  });

  it('an old slug taken by a new article, or a post unpublished, no longer redirects', async () => {
    const first = await post('Acheter des USDT');
    expect(first.slug).toBe('acheter-des-usdt');
    await app.asAdmin.blogPosts.update({ id: first.id, data: { slug: 'acheter-usdt-benin' } });
    await settled('/blog/acheter-des-usdt', '301 /blog/acheter-usdt-benin');
    const second = await post('Acheter des USDT');
    expect(second.slug).toBe('acheter-des-usdt');
    await settled('/blog/acheter-des-usdt', '200');
    expect(await app.asVisitor.blogPosts.bySlug({ slug: 'acheter-des-usdt' })).toMatchObject({ id: second.id });

    await app.asAdmin.blogPosts.update({ id: first.id, data: { slug: 'usdt-benin', published: false } });
    await settled('/blog/acheter-usdt-benin', '404'); // the not-found page, no redirect to a hidden post
    expect((await app.asAdmin.blogPosts.bySlug({ slug: 'acheter-usdt-benin' })).id).toBe(first.id);
  });

  it.each([
    ['products', '/products'],
    ['services', '/services'],
  ] as const)('%s live at their slug: the old id address and an old slug answer 301, the sitemap lists the slug', async (name, base) => {
    const crud = app.asAdmin[name] as unknown as {
      create: (i: unknown) => Promise<{ id: string; slug: string }>;
      update: (i: unknown) => Promise<{ id: string; slug: string }>;
    };
    const resource = name === 'products' ? products : services;
    const created = await crud.create({ ...sampleInput(resource), slug: `adresse-${name}` });
    expect((await get(`${base}/adresse-${name}`)).status).toBe(200);
    // Shared before products had slugs: the id still leads to the page, in any case.
    for (const id of [created.id, created.id.toUpperCase()]) {
      const old = await get(`${base}/${id}`);
      expect(old.status).toBe(301);
      expect(old.headers.get('location')).toBe(`${base}/adresse-${name}`);
    }
    await crud.update({ id: created.id, data: { slug: `nouvelle-adresse-${name}` } });
    await settled(`${base}/adresse-${name}`, `301 ${base}/nouvelle-adresse-${name}`);
    expect(await app.asVisitor[name].bySlug({ slug: created.id })).toMatchObject({ slug: `nouvelle-adresse-${name}` });
    await sitemapShowing(
      app.url,
      'the new slug, never the id',
      (xml) => xml.includes(`${base}/nouvelle-adresse-${name}</loc>`) && !xml.includes(created.id),
    );
    // The page links to itself by its slug (og:url), never by its id.
    const html = await (await fetch(`${app.url}${base}/nouvelle-adresse-${name}`)).text();
    expect(html).toContain(`${base}/nouvelle-adresse-${name}"`);
    expect(html).not.toContain(`${base}/${created.id}`);
  });
});
