import { blogPosts } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, DESKTOP, PHONE, startBrowserApp } from '../support/browser';
import { FormPage } from './admin/form-page';
import { expectNotification, signIn } from './admin/session';
import { ready } from './storefront/browser';

// Links already shared keep working: renaming a post in the admin keeps its address, and a new
// slug typed by the owner leaves the old address redirecting (301) to the new one.

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
});
afterAll(() => app?.close());

describe('renaming a published post', () => {
  it('keeps the shared link working, and redirects it once the owner changes the slug', async () => {
    const post = await app.asAdmin.blogPosts.create({
      title: 'Sécuriser son portefeuille',
      excerpt: 'Cinq conseils',
      content: '<p>Sauvegardez la phrase secrète.</p>',
      author: 'Koffi',
    });
    const shared = `/blog/${post.slug}`;
    const admin = await app.newPage(DESKTOP);
    await signIn(admin, `/admin/blog/edit/${post.id}`);
    const form = new FormPage(admin, blogPosts);
    await form.form().waitFor();
    // The record's values land in the form just after it turns editable: typing before that is lost.
    await expect.poll(() => form.form().locator('#title').inputValue()).toBe('Sécuriser son portefeuille');
    await form.fill('title', 'Sécuriser son portefeuille crypto en 2026');
    await form.form().locator('#excerpt').click(); // leaving the title used to rewrite the slug
    expect(await form.form().locator('#slug').inputValue()).toBe(post.slug);
    await form.submit();
    await expectNotification(admin, /mis à jour/);

    const shopper = await app.newPage(PHONE);
    await shopper.goto(shared);
    await ready(shopper);
    expect(await shopper.getByRole('heading', { level: 1 }).textContent()).toBe('Sécuriser son portefeuille crypto en 2026');

    await admin.goto(`/admin/blog/edit/${post.id}`);
    await form.form().waitFor();
    await expect.poll(() => form.form().locator('#slug').inputValue()).toBe(post.slug);
    await form.form().locator('#slug').fill('portefeuille-crypto-securite');
    await form.submit();
    await expectNotification(admin, /mis à jour/);

    // The first save's notice may still be on screen: wait for the answer itself, not the notice.
    await expect.poll(async () => (await fetch(`${app.url}${shared}`, { redirect: 'manual' })).status).toBe(301);
    await shopper.goto(shared);
    await ready(shopper);
    expect(new URL(shopper.url()).pathname).toBe('/blog/portefeuille-crypto-securite');
    expect(await shopper.getByRole('heading', { level: 1 }).textContent()).toBe('Sécuriser son portefeuille crypto en 2026');
    expect(app.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await admin.close();
    await shopper.close();
  });
});
