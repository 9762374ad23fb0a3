import { adminPath, resources } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, DESKTOP, startBrowserApp } from '../support/browser';
import { signIn } from './admin/session';
import { accessibilityProblems } from './axe';

// The admin's login, dashboard and every list, form and detail screen: no serious or critical
// WCAG 2.2 AA finding, one h1 (the storefront's routes: accessibility-storefront.test.ts).

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
});
afterAll(() => app?.close());

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
      const problems = await accessibilityProblems(page);
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
