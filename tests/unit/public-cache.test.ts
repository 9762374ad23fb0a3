import { randomBytes } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncodings, PublicCache } from '../../server/src/cache/public-cache';

// Strangers' unique addresses must cost little and never push out what shoppers read.

const page = (kb: number) => `<main>${randomBytes(kb * 512).toString('hex')}</main>`;

describe('the public cache under unique addresses', () => {
  it('keeps the pages shoppers read while thousands of searches and not-found pages go through', async () => {
    const cache = new PublicCache(2 * 1024 * 1024);
    await cache.set('page:/', ['products'], cache.snapshot(['products']), 'text/html', page(200));
    await cache.set('page:/products', ['products'], cache.snapshot(['products']), 'text/html', page(200));
    for (let i = 0; i < 300; i++) {
      await cache.set(`page:/products?q=inconnu${i}`, ['products'], cache.snapshot(['products']), 'text/html', page(20));
      await cache.set(`page:/introuvable-${i}`, ['products'], cache.snapshot(['products']), 'text/html', page(20), 404);
    }
    expect(cache.get('page:/')).toBeDefined();
    expect(cache.get('page:/products')).toBeDefined();
    // What the flood pushed out is forgotten too: the index by resource holds only what is kept.
    expect(cache['keysByDep'].get('products')!.size).toBe(cache.size);
  });

  it('gives a search asked for twice its place among the others, and still drops it on a write', async () => {
    const cache = new PublicCache(1024 * 1024);
    await cache.set('page:/products?q=souris', ['products'], cache.snapshot(['products']), 'text/html', page(20));
    expect(cache.get('page:/products?q=souris')).toBeDefined(); // the second ask
    for (let i = 0; i < 300; i++) {
      await cache.set(`page:/products?q=x${i}`, ['products'], cache.snapshot(['products']), 'text/html', page(20));
    }
    expect(cache.get('page:/products?q=souris')).toBeDefined();
    cache.invalidate(['products']);
    expect(cache.get('page:/products?q=souris')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('compresses a miss cheaply, and an answer read again at brotli’s best', async () => {
    const cache = new PublicCache();
    // A product list's shape: varied words, addresses and prices (a seeded sequence, the same every run).
    const words = 'ordinateur portable souris clavier écran batterie chargeur routeur formation sécurité livraison garantie'.split(' ');
    let seed = 1;
    const next = () => (seed = (seed * 16807) % 2147483647);
    const text = Array.from(
      { length: 2000 },
      () =>
        `<li class="card"><a href="/products/${next().toString(36)}">${words[next() % words.length]} ${words[next() % words.length]}</a>` +
        `<span>${next() % 500000} F CFA</span></li>`,
    ).join('');
    const first = await cache.set('page:/', [], cache.snapshot([]), 'text/html', text);
    const cheap = first.br.length;
    for (let i = 0; i < 3; i++) cache.get('page:/');
    let best = cheap;
    for (let i = 0; i < 200 && best === cheap; i++) {
      await new Promise((r) => setTimeout(r, 10));
      best = cache.get('page:/')!.br.length;
    }
    expect(best).toBeLessThan(cheap);
    expect(brotliDecompressSync(cache.get('page:/')!.br).toString()).toBe(text);
  });
});

describe('Accept-Encoding', () => {
  it('respects weights', () => {
    expect([...acceptedEncodings('gzip, deflate, br')]).toEqual(['br', 'gzip']);
    expect([...acceptedEncodings('br;q=0, gzip')]).toEqual(['gzip']);
    expect([...acceptedEncodings('br;q=0, gzip;q=0')]).toEqual([]);
    expect([...acceptedEncodings('*')]).toEqual(['br', 'gzip']);
    expect([...acceptedEncodings('*;q=0, gzip;q=0.5')]).toEqual(['gzip']);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
    expect([...acceptedEncodings('identity')]).toEqual([]);
  });
});

describe('a dropped answer while the database is busy', () => {
  it('is served from its last good body only while the database is busy, and until the new one is kept', async () => {
    const cache = new PublicCache();
    let busy = false;
    cache.busy = () => busy;
    const before = await cache.set('page:/', ['products'], cache.snapshot(['products']), 'text/html', '<main>avant</main>');
    cache.invalidate(['products']);
    expect(cache.get('page:/')).toBeUndefined();
    // Not busy: the reader waits for the new body, as it always did.
    expect(cache.staleWhileBusy('page:/')).toBeUndefined();
    busy = true;
    expect(cache.staleWhileBusy('page:/')?.etag).toBe(before.etag);
    // A rebuild that a later write overtook is not kept, but is the newer body to serve meanwhile.
    const overtaken = cache.snapshot(['products']);
    cache.invalidate(['products']);
    const newer = await cache.set('page:/', ['products'], overtaken, 'text/html', '<main>pendant</main>');
    expect(cache.get('page:/')).toBeUndefined();
    expect(cache.staleWhileBusy('page:/')?.etag).toBe(newer.etag);
    // Kept fresh: served as usual, and no stale body any more.
    await cache.set('page:/', ['products'], cache.snapshot(['products']), 'text/html', '<main>après</main>');
    expect(cache.get('page:/')?.identity.toString()).toBe('<main>après</main>');
    cache.invalidate(['products']);
    cache.clear();
    expect(cache.staleWhileBusy('page:/')).toBeUndefined();
  });

  it('never serves a not-found page or anything once the cache is off', async () => {
    const cache = new PublicCache();
    cache.busy = () => true;
    await cache.set('page:/x', ['products'], cache.snapshot(['products']), 'text/html', 'introuvable', 404);
    await cache.set('page:/', ['products'], cache.snapshot(['products']), 'text/html', 'accueil');
    cache.invalidate(['products']);
    expect(cache.staleWhileBusy('page:/x')).toBeUndefined();
    cache.enabled = false;
    expect(cache.staleWhileBusy('page:/')).toBeUndefined();
  });

  it('builds one answer at a time per key, whoever asks', async () => {
    const cache = new PublicCache();
    let builds = 0;
    const build = () => new Promise<number>((resolve) => setTimeout(() => resolve(++builds), 20));
    const [a, b] = await Promise.all([cache.once('k', build), cache.once('k', build)]);
    expect([a, b, builds]).toEqual([1, 1, 1]);
    expect(await cache.once('k', build)).toBe(2);
  });
});
