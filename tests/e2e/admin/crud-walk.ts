import { adminRoutes, type AnyResource, emptyMessage, resources } from '@app/shared';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, httpClient } from '../../support/app';
import { createRow, markedFields } from '../../support/crud';
import { type BrowserApp, startBrowserApp } from '../../support/browser';
import { FormPage, valueFor } from './form-page';
import { ListPage } from './list-page';
import { expectNoErrors, expectNotification, signIn } from './session';

// Every resource of the registry, through the generated screens: nothing here names an entity.
// Walked in two files (admin-crud-*.test.ts), each with its own browser: the two halves run side
// by side rather than one long file last.

const listed: AnyResource[] = resources.filter((r) => !r.singleton);
const stamp = Date.now().toString(36).slice(-5);
const marker = (r: AnyResource) => `E2E${listed.indexOf(r)}${stamp}`;
const agreed = (r: AnyResource, word: string) => (r.label.feminine ? `${word}e` : word);

/** The title the server gave a record made from the form (a purchase order's number), where the form cannot mark it. */
const given = new Map<string, string>();

/** Every other resource of the registry (`half` 0 or 1), list to delete, in one browser. */
export function walkResources(half: 0 | 1) {
  let app: BrowserApp;
  let page: Page;
  beforeAll(async () => {
    app = await startBrowserApp();
    page = await app.newPage();
    await signIn(page);
  });
  afterAll(() => app?.close());
  const walked = listed.filter((_, i) => i % 2 === half);
  describe.each(walked.map((r) => [r.name, r] as const))('%s through the generated screens', (_name, resource) => {
    const title = resource.titleField;
    const titleField = resource.fields[title]!;
    const marked = marker(resource);
    const list = () => new ListPage(page, resource);
    const markOf = () => given.get(resource.name) ?? marked;

    it('lists, and says so in French when a search finds nothing', async () => {
      const l = list();
      await l.open();
      await l.search('zzz-introuvable-zzz');
      await expect.poll(() => l.emptyMessage()).toBe(emptyMessage(resource));
    });

    it('creates a record from the form, with a French notification', async () => {
      if (!resource.operations.create) {
        // Orders come from checkout, the outbox from the server: made that way, then handled in the admin.
        const { client } = httpClient(app.url);
        await client.auth.login.mutate(ADMIN);
        await createRow(client, resource, markedFields(resource, marked), app.db);
        return;
      }
      const l = list();
      await l.open();
      await l.clickAdd();
      await page.waitForURL(new RegExp(`/admin/${resource.admin.route}/add$`));
      const form = new FormPage(page, resource);
      await form.fillRequired(marked);
      await form.submit();
      await expectNotification(page, `${resource.label.singular} ${agreed(resource, 'ajouté')}`);
      await page.waitForURL(new RegExp(`/admin/${resource.admin.route}$`));
      if (titleField.readOnly) {
        const newest = await sql<{
          title: string;
        }>`SELECT ${sql.ref(title)} AS title FROM ${sql.table(resource.name)} ORDER BY created_at DESC LIMIT 1`.execute(app.db);
        given.set(resource.name, newest.rows[0]!.title);
      }
    });

    it('finds the record with the search box', async () => {
      const l = list();
      const mark = markOf();
      await l.open();
      await l.search(mark.toLowerCase());
      await l.row(mark).first().waitFor();
      expect(await l.row(mark).count()).toBe(1);
    });

    it('edits the record (or opens its detail screen)', async () => {
      const l = list();
      const mark = markOf();
      await l.open();
      await l.search(mark);
      const row = l.row(mark).first();
      const edit = row.getByRole('link', { name: 'Modifier' });
      const routes = adminRoutes(resource);
      if (!('edit' in routes) && !('show' in routes)) {
        // Written by the server and read in its list only (the outbox).
        await row.waitFor();
        expect(await edit.count()).toBe(0);
        return;
      }
      if (!(await edit.count())) {
        await row.getByRole('link', { name: 'Voir' }).click();
        await page.waitForURL(/\/admin\/\w+\/[0-9a-f-]{36}$/);
        await page.getByRole('link', { name: /Retour/ }).waitFor();
        return;
      }
      await edit.click();
      await page.waitForURL(/\/edit\//);
      const form = new FormPage(page, resource);
      // The form is filled from the record before we change it.
      await page.waitForFunction((key) => (document.getElementById(key) as HTMLInputElement | null)?.value, title);
      await form.fill(title, valueFor(titleField, `${mark}x`));
      await form.submit();
      await expectNotification(page, `${resource.label.singular} ${resource.label.feminine ? 'mise à jour' : 'mis à jour'}`);
      await page.waitForURL(new RegExp(`/admin/${resource.admin.route}$`));
      await l.search(`${mark}x`);
      await l.row(`${mark}x`).first().waitFor();
    });

    it('deletes the record after confirmation (or offers no delete where the resource forbids it)', async () => {
      const l = list();
      const mark = markOf();
      await l.open();
      await l.search(mark);
      if (!resource.operations.delete) {
        await l.row(mark).first().waitFor();
        expect(await l.row(mark).first().getByRole('button', { name: 'Supprimer' }).count()).toBe(0);
        return;
      }
      await l.deleteRow(mark);
      await expectNotification(page, `${resource.label.singular} ${agreed(resource, 'supprimé')}`);
      await l.waitLoaded();
      await expect.poll(() => l.row(mark).count()).toBe(0);
      expectNoErrors(app.errors);
    });
  });
}
