import { products } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, DESKTOP, PHONE, startBrowserApp } from '../support/browser';
import { FormPage } from './admin/form-page';
import { screenshot } from './admin/screens';
import { expectNoErrors, signIn } from './admin/session';
import { open, putInCart } from './storefront/browser';

// Forms that catch mistakes: rules across fields on the field, no silent loss of an edit,
// messages read and answered from their own screen, and a checkout that points at what to fix.

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
});
afterAll(() => app?.close());

describe('admin forms', () => {
  it('shows the "prix barré" rule on its field, and asks before leaving unsaved changes', async () => {
    const row = await app.asAdmin.products.create({
      name: 'Souris ergonomique',
      shortDescription: 'Sans fil',
      description: '<p>Souris</p>',
      price: 9_000,
      category: 'accessories',
    });
    const page = await app.newPage(DESKTOP);
    await signIn(page, `/admin/products/edit/${row.id}`);
    const form = new FormPage(page, products);
    await page.waitForFunction(() => (document.getElementById('name') as HTMLInputElement | null)?.value === 'Souris ergonomique');
    await form.fill('compareAtPrice', '8000');
    await form.submit();
    expect(await form.errorOf('compareAtPrice')).toMatch(/prix barré doit être supérieur au prix/);
    await form.fill('lowStockThreshold', '-2');
    await form.submit();
    expect(await form.errorOf('lowStockThreshold')).toBe('Minimum 0.');
    expect(await page.locator('#lowStockThreshold').inputValue()).toBe('-2'); // kept as typed, not changed behind the owner's back
    // The stock is not in the form once the product is made: « Corriger le stock » under it.
    await expect.poll(() => page.locator('#stock').isDisabled()).toBe(true);

    // Leaving through the menu asks; refusing keeps the form and what was typed.
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('navigation', { name: 'Menu principal' }).getByText('Blog').click();
    await expect.poll(() => asked).toEqual(['Vos modifications ne sont pas enregistrées. Quitter quand même ?']);
    expect(new URL(page.url()).pathname).toBe(`/admin/products/edit/${row.id}`);
    expect(await page.locator('#compareAtPrice').inputValue()).toContain('8');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('navigation', { name: 'Menu principal' }).getByText('Blog').click();
    await page.waitForURL((url) => url.pathname === '/admin/blog');
    expect((await app.asAdmin.products.get({ id: row.id })).compareAtPrice).toBeNull();
    expectNoErrors(app.errors);
    await page.close();
  });

  it('opens a contact message to read, marks it read, and offers to answer where the sender can be reached', async () => {
    await app.asVisitor.contactMessages.send({
      name: 'Gildas Houngbo',
      contact: 'gildas@exemple.example',
      subject: 'Garantie du casque',
      message: 'Bonjour,\nle casque acheté le mois dernier grésille.',
    });
    await app.asVisitor.contactMessages.send({
      name: 'Awa Sanni',
      contact: '01 97 55 44 33',
      subject: 'Livraison à Bohicon ?',
      message: 'Livrez-vous à Bohicon ?',
    });
    const page = await app.newPage(PHONE);
    await signIn(page, '/admin/messages');
    await page.getByTestId('record-card').filter({ hasText: 'Garantie du casque' }).getByRole('link', { name: 'Voir' }).click();
    await page.getByRole('heading', { level: 1, name: 'Garantie du casque' }).waitFor();
    expect(await page.getByText('le casque acheté le mois dernier grésille.').isVisible()).toBe(true);
    const mail = page.getByRole('link', { name: 'Répondre par e-mail' });
    expect(await mail.getAttribute('href')).toMatch(/^mailto:gildas@exemple\.example\?subject=Re%20%3A%20Garantie%20du%20casque/);
    await expect.poll(async () => (await app.asAdmin.contactMessages.list({ search: 'Garantie du casque' })).rows[0]!.read).toBe(true);
    await screenshot(page, 'message-detail-360', true);

    await page.goto('/admin/messages');
    await page.getByTestId('record-card').filter({ hasText: 'Livraison à Bohicon' }).getByRole('link', { name: 'Voir' }).click();
    const whatsapp = page.getByRole('link', { name: 'Répondre sur WhatsApp' });
    expect(await whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/2290197554433\?text=/);
    expect(await page.getByRole('link', { name: 'Répondre par e-mail' }).count()).toBe(0);
    expectNoErrors(app.errors);
    await page.close();
  });
});

describe('checkout', () => {
  it('puts the cursor on the first field to fix and shows one message, however often the shopper taps', async () => {
    const product = (await app.asVisitor.products.list({ pageSize: 1 })).rows[0]!;
    const page = await app.newPage(PHONE);
    await putInCart(page, [{ id: product.id, type: 'product', name: product.name, price: product.price, quantity: 1 }]);
    await open(page, '/checkout');
    await page.getByLabel('Nom complet').fill('Comlan Agossou');
    const confirm = page.getByRole('button', { name: 'Confirmer la commande' });
    for (let i = 0; i < 3; i++) await confirm.click();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('phone');
    await page.waitForTimeout(400);
    expect(await page.locator('.Toastify__toast').count()).toBe(1);
  });
});
