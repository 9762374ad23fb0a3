import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, DESKTOP, startBrowserApp } from '../support/browser';
import { signIn } from './admin/session';
import { open, serviceWorkerInControl } from './storefront/browser';

// The storefront's service worker used to keep, on a shared phone, a customer's tracking page and
// receipt and the admin's own answers (contact messages), and signing out left them there.

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
});
afterAll(() => app?.close());

/** Every address held in Cache Storage, by cache. */
const cached = (page: Page) =>
  page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const keys = await (await caches.open(name)).keys();
      out[name] = keys.map((r) => new URL(r.url).pathname + new URL(r.url).search);
    }
    return out;
  });

describe('the storefront’s service worker on a shared phone', () => {
  it('keeps no tracking page, receipt or admin answer, and nothing the admin read stays after sign-out', async () => {
    const product = (await app.asVisitor.products.list({ pageSize: 1 })).rows[0]!;
    const order = (await app.asVisitor.orders.place({
      customerName: 'Afi Sossa',
      phone: '01 97 00 11 22',
      city: 'Cotonou',
      address: 'Cadjèhoun, rue de la démonstration',
      items: [{ id: product.id, type: 'product', quantity: 1 }],
      idempotencyKey: randomUUID(),
    })) as { trackingToken: string; number: string };
    await app.asVisitor.contactMessages.send({
      name: 'Message privé',
      contact: 'prive@example.com',
      subject: 'Secret',
      message: 'Bonjour.',
    });

    const page = await app.newPage(DESKTOP);
    await open(page, '/');
    await serviceWorkerInControl(page);
    await open(page, `/products/${product.slug}`);
    await page.goto(`/suivi/${order.trackingToken}`);
    await page.getByText(order.number).first().waitFor();
    const receipt = await page.evaluate(async (url) => (await fetch(url)).status, `/suivi/${order.trackingToken}/recu.pdf`);
    expect(receipt).toBe(200);

    await signIn(page, '/admin/messages');
    await page.locator('tr.ant-table-row').filter({ hasText: 'Message privé' }).waitFor();

    // The admin's own worker, registered a moment after sign-in, has its shell.
    await expect
      .poll(async () => Object.entries(await cached(page)).some(([name, urls]) => name.startsWith('admin-') && urls.length > 0), {
        timeout: 20_000,
      })
      .toBe(true);
    const during = await cached(page);
    // The admin has its own service worker, scoped to /admin/, whose caches are named "admin-…".
    const storefront = Object.entries(during).filter(([name]) => !name.startsWith('admin-'));
    const admin = Object.entries(during).filter(([name]) => name.startsWith('admin-'));
    const all = storefront.flatMap(([, urls]) => urls);
    // The shop's own pages are kept (the test can see what is stored)...
    expect(all).toContain(`/products/${product.slug}`);
    // ...never a customer's order, a receipt, an admin page, asset or answer.
    expect(all.filter((u) => /^\/suivi|recu\.pdf|^\/admin|contactMessages|auth\./.test(u))).toEqual([]);
    // The admin's worker keeps its own shell, and no answer of the API.
    const adminUrls = admin.flatMap(([, urls]) => urls);
    expect(adminUrls.some((u) => u.startsWith('/admin/index.html'))).toBe(true);
    expect(adminUrls.filter((u) => !u.startsWith('/admin/'))).toEqual([]);

    // The counter keeps its articles on the phone (IndexedDB) while signed in...
    await page.goto('/admin/comptoir');
    await page.locator('[data-catalogue="ready"]').waitFor();
    const counterCatalogue = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('comptoir');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const count = open.result.transaction('catalogue').objectStore('catalogue').count();
              count.onsuccess = () => resolve(count.result);
            };
          }),
      );
    expect(await counterCatalogue()).toBe(1);
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Déconnexion' }).click();
    await page.waitForURL(/\/admin\/login/);
    // ...and not after signing out.
    expect(await counterCatalogue()).toBe(0);
    const after = await cached(page);
    const left = Object.entries(after)
      .filter(([name]) => !name.includes('precache'))
      .flatMap(([, urls]) => urls);
    expect(left).toEqual([]);
    await page.context().close();
  });
});
