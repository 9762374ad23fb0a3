import AxeBuilder from '@axe-core/playwright';
import { adminPath, resources } from '@app/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, DESKTOP, PHONE, startBrowserApp } from '../support/browser';
import { signIn } from './admin/session';
import { open, putInCart } from './storefront/browser';

// WCAG 2.2 AA with axe-core, in the real browser with the Content Security Policy on: every
// storefront route and every admin screen, and no violation of serious or critical impact.

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
});
afterAll(() => app?.close());

async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 100)}`)
          .join(' | ')}${v.nodes.length > 3 ? ` … ${v.nodes.length} en tout` : ''}`,
    );
}
const h1Count = (page: Page) => page.locator('h1').count();

describe('storefront', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('every route at %s size', async (_size, viewport) => {
    const product = (await app.asVisitor.products.list({ pageSize: 1 })).rows[0]!;
    const service = (await app.asVisitor.services.list({ pageSize: 1 })).rows[0]!;
    const post = (await app.asVisitor.blogPosts.list({ pageSize: 1 })).rows[0]!;
    const page = await app.newPage(viewport);
    await putInCart(page, [{ id: product.id, type: 'product', name: product.name, price: product.price, quantity: 1 }]);
    const paths = [
      '/',
      '/products',
      `/products/${product.id}`,
      '/services',
      `/services/${service.id}`,
      '/crypto-courses',
      '/delivery',
      '/cart',
      '/checkout',
      '/verify',
      '/blog',
      `/blog/${post.slug}`,
      '/crypto-trending',
      '/about',
      '/contact',
      '/suivi',
      '/une/page/inconnue',
    ];
    const found: Record<string, string[]> = {};
    for (const path of paths) {
      await open(page, path);
      const problems = await violations(page);
      if ((await h1Count(page)) !== 1) problems.push(`${await h1Count(page)} h1`);
      if (problems.length) found[path] = problems;
    }
    expect(found).toEqual({});
    await page.context().close();
  });
});

describe('admin', () => {
  it('login, dashboard, and every list, form and detail screen', async () => {
    const page = await app.newPage(DESKTOP);
    const found: Record<string, string[]> = {};
    const check = async (name: string) => {
      await page
        .locator('.ant-spin-spinning')
        .first()
        .waitFor({ state: 'detached', timeout: 10_000 })
        .catch(() => undefined);
      const problems = await violations(page);
      if ((await h1Count(page)) !== 1) problems.push(`${await h1Count(page)} h1`);
      if (problems.length) found[name] = problems;
    };
    await page.goto('/admin/login');
    await page.getByLabel('E-mail').waitFor();
    await check('login');
    await signIn(page, '/admin');
    await page.getByText('Nouvelles commandes').waitFor();
    await check('dashboard');
    for (const resource of resources) {
      const base = `/admin/${resource.admin.route}`;
      await page.goto(base);
      await page
        .getByRole('heading', { name: resource.singleton ? /.+/ : resource.label.plural })
        .first()
        .waitFor();
      await check(`${resource.name} list`);
      if (resource.singleton) continue;
      if (resource.operations.create) {
        await page.goto(`${base}/add`);
        await page.locator('form').first().waitFor();
        await check(`${resource.name} create`);
      }
      const first = (
        await (app.asAdmin as unknown as Record<string, { list: (i: unknown) => Promise<{ rows: { id: string }[] }> }>)[
          resource.name
        ]!.list({ pageSize: 1 })
      ).rows[0];
      if (!first) continue;
      const detail = adminPath(resource, first.id);
      await page.goto(detail);
      await page.locator('.ant-card').first().waitFor();
      await check(`${resource.name} ${detail.includes('/edit/') ? 'edit' : 'detail'}`);
    }
    expect(found).toEqual({});
  }, 240_000);
});
