import type { AnyResource } from '@app/shared';
import type { Locator, Page } from 'playwright-core';

/** The generated list screen of one resource. */
export class ListPage {
  constructor(
    readonly page: Page,
    readonly resource: AnyResource,
  ) {}

  get path() {
    return `/admin/${this.resource.admin.route}`;
  }

  /** Through the side menu when the admin is already open (no reload), else by address. */
  async open() {
    const menu = this.page.getByRole('navigation', { name: 'Menu principal' });
    if (await menu.isVisible()) {
      await menuItem(this.page, this.resource.admin.menuLabel).click();
      await this.page.waitForURL((url) => url.pathname === this.path);
    } else await this.page.goto(this.path);
    await this.page.getByRole('heading', { name: this.resource.label.plural }).waitFor();
    // From a search on this same list, the address loses ?q= before the screen follows it and
    // empties the box: text typed in between would be emptied with it.
    await this.page.waitForFunction(() => !document.querySelector<HTMLInputElement>('input[aria-label="Rechercher"]')?.value);
    await this.waitLoaded();
  }

  /** Waits until the table is neither loading nor refetching. */
  async waitLoaded() {
    await this.page.locator('.ant-table-wrapper .ant-spin-spinning').waitFor({ state: 'detached' });
  }

  async search(text: string) {
    const box = this.page
      .getByRole('searchbox', { name: 'Rechercher' })
      .or(this.page.getByLabel('Rechercher', { exact: true }))
      .first();
    // The table refetches: wait for the list's answer to the search, then for the table to show it.
    // Listened for before typing: on a busy machine the typing pause may run out and ask first.
    const answered = this.page.waitForResponse(
      (r) =>
        r.url().includes(`/trpc/${this.resource.name}.list`) && decodeURIComponent(r.url()).includes(JSON.stringify(text).slice(1, -1)),
    );
    await box.fill(text);
    await box.press('Enter');
    await answered;
    await this.waitLoaded();
  }

  row(text: string): Locator {
    return this.page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });
  }

  /** The empty table's message, once the answer is in (not the "Chargement..." shown meanwhile). */
  async emptyMessage() {
    const placeholder = this.page.locator('.ant-table-tbody .ant-empty-description, .ant-table-tbody .ant-table-placeholder').first();
    await placeholder.filter({ hasNotText: 'Chargement...' }).waitFor();
    return placeholder.textContent();
  }

  async clickAdd() {
    // A confirmation from the previous step may sit over the button (top right; it stays while
    // the pointer rests on it, and CI waited 30 s behind one twice, the second time behind one that
    // came after the first look): close it as the owner would, then again if another came.
    const add = this.page.getByRole('link', { name: 'Ajouter' }).first();
    for (let attempt = 1; ; attempt++) {
      // A second at most each: one already leaving is never clickable, and the default wait of
      // 30 s behind it cost CI 36 s on three resources of admin-crud each run.
      for (const close of await this.page.locator('.ant-notification-notice-close').all())
        await close.click({ timeout: 1_000 }).catch(() => undefined);
      try {
        await add.click({ timeout: 5_000 });
        return;
      } catch (error) {
        if (attempt === 3 || !(await this.page.locator('.ant-notification-notice').count())) throw error;
      }
    }
  }

  async deleteRow(text: string) {
    await this.row(text).getByRole('button', { name: 'Supprimer' }).click();
    await this.page.locator('.ant-popconfirm').getByRole('button', { name: 'Supprimer' }).click();
  }
}

/**
 * A side-menu entry by its exact French label (antd icons add their own name to the item);
 * "Commandes" may carry the count of new orders after it.
 */
export const menuItem = (page: Page, label: string) =>
  page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('menuitem')
    .filter({ has: page.locator('.ant-menu-title-content', { hasText: new RegExp(`^${label}\\d*$`) }) });
