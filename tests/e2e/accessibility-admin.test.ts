import { adminPath, adminRoutes, resources } from '@app/shared';
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
    const check = async (name: string, within?: string) => {
      await page
        .locator('.ant-spin-spinning')
        .first()
        .waitFor({ state: 'detached', timeout: 10_000 })
        .catch(() => undefined);
      const problems = await accessibilityProblems(page, { within });
      if (problems.length) found[name] = problems;
    };
    await page.goto('/admin/login');
    await page.getByLabel('E-mail').waitFor();
    await check('login');
    await signIn(page, '/admin');
    await page.getByText('Nouvelles commandes').waitFor();
    await check('dashboard');
    // From screen to screen inside the app, as the owner moves (a full load of the admin for each
    // screen was most of this walk's time): the router follows the address; the next screen is
    // there when its title has changed. Its own part is checked (the layout was, on the dashboard).
    const go = async (path: string) => {
      const before = await page.locator('h1').first().textContent();
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await expect.poll(() => page.locator('h1').first().textContent()).not.toBe(before);
    };
    await go('/admin/comptoir');
    await page.getByRole('heading', { name: 'Vente au comptoir' }).waitFor();
    await check('counter', 'main');
    await go('/admin/tournee');
    await page.getByRole('heading', { name: 'Tournées des livreurs' }).waitFor();
    await check('round', 'main');
    await go('/admin/equipe');
    await page.getByRole('heading', { name: 'Équipe' }).waitFor();
    await page.locator('main .ant-table-row').first().waitFor();
    await check('team', 'main');
    await go('/admin/whatsapp');
    await page.getByRole('heading', { name: 'WhatsApp' }).waitFor();
    await page.getByRole('tab', { name: 'Conversations' }).waitFor();
    await check('whatsapp', 'main');
    for (const resource of resources) {
      const base = `/admin/${resource.admin.route}`;
      await go(base);
      await page
        .getByRole('heading', { name: resource.singleton ? /.+/ : resource.label.plural })
        .first()
        .waitFor();
      await check(`${resource.name} list`, 'main');
      if (resource.singleton) continue;
      if (resource.operations.create) {
        await go(`${base}/add`);
        await page.locator('main form').first().waitFor();
        await check(`${resource.name} create`, 'main');
      }
      const first = (
        await (app.asAdmin as unknown as Record<string, { list: (i: unknown) => Promise<{ rows: { id: string }[] }> }>)[
          resource.name
        ]!.list({ pageSize: 1 })
      ).rows[0];
      // A record of a resource nobody edits (the audit log) opens nowhere: its list shows it all.
      const routes = adminRoutes(resource);
      if (!first || !('edit' in routes || 'show' in routes)) continue;
      const detail = adminPath(resource, first.id);
      await go(detail);
      await page.locator('main .ant-card').first().waitFor();
      await check(`${resource.name} ${detail.includes('/edit/') ? 'edit' : 'detail'}`, 'main');
    }
    expect(found, JSON.stringify(found, null, 1)).toEqual({});
  }, 240_000);
});
