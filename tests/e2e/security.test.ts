import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../support/app';
import { type BrowserApp, DESKTOP, PHONE, startBrowserApp } from '../support/browser';
import { nextResetLink, readOutbox } from '../support/outbox';
import { signIn } from './admin/session';

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
});
afterAll(() => app?.close());

const NEW_PASSWORD = 'le soleil se lève sur Cotonou';

async function requestReset(page: Page, email: string) {
  await page.goto('/admin/forgot-password');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  return (await page.getByRole('status').textContent()) ?? '';
}

async function choosePassword(page: Page, token: string, password: string) {
  await page.goto(`/admin/reset-password?token=${token}`);
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(password);
  await page.getByLabel('Confirmez le mot de passe').fill(password);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
}

describe('password reset in the browser', () => {
  it('forgot password, link from the outbox, new password, old sessions gone, sign-in with the new one', async () => {
    const owner = await app.newPage(DESKTOP);
    await signIn(owner);

    const visitor = await app.newPage(PHONE);
    const unknownAnswer = await requestReset(visitor, 'personne@example.com');
    const count = readOutbox(app.config.dataDir).length;
    const knownAnswer = await requestReset(visitor, ADMIN.email);
    expect(knownAnswer).toBe(unknownAnswer);
    expect(knownAnswer).toMatch(/lien de réinitialisation/);

    const { link, token } = await nextResetLink(app.config.dataDir, count);
    expect(link.startsWith(`${app.config.publicUrl}/admin/reset-password?token=`)).toBe(true);
    await choosePassword(visitor, token, 'court');
    await visitor.getByText('Le mot de passe doit contenir au moins 12 caractères.', { exact: true }).first().waitFor();
    // The form refuses a common password as the server does, with the same words.
    await choosePassword(visitor, token, 'azerty123456');
    await visitor
      .getByText(/trop courant/)
      .first()
      .waitFor();
    await choosePassword(visitor, token, NEW_PASSWORD);
    await visitor.getByText('Votre mot de passe a été modifié').waitFor();

    // The session opened before the reset is over.
    await owner.goto('/admin/products');
    await owner.waitForURL(/\/admin\/login/);

    // The link works once.
    await choosePassword(visitor, token, 'une autre phrase assez longue');
    await visitor
      .getByText(/invalide, déjà utilisé ou expiré/)
      .first()
      .waitFor();

    await owner.getByLabel('E-mail').fill(ADMIN.email);
    await owner.getByLabel('Mot de passe').fill(ADMIN.password);
    await owner.getByRole('button', { name: 'Se connecter' }).click();
    await owner.getByText('E-mail ou mot de passe incorrect.').first().waitFor();
    await owner.getByLabel('Mot de passe').fill(NEW_PASSWORD);
    await owner.getByRole('button', { name: 'Se connecter' }).click();
    await owner.getByText('Administration de la boutique').waitFor();
  });

  it('refuses an expired link with a French message', async () => {
    const page = await app.newPage(PHONE);
    const count = readOutbox(app.config.dataDir).length;
    await requestReset(page, ADMIN.email);
    const { token } = await nextResetLink(app.config.dataDir, count);
    await sql`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second'`.execute(app.db);
    await choosePassword(page, token, 'encore une phrase bien longue');
    await page
      .getByText(/Ce lien de réinitialisation est invalide, déjà utilisé ou expiré/)
      .first()
      .waitFor();
  });

  it('lets a signed-in admin change the password, the current one required', async () => {
    const page = await app.newPage(DESKTOP);
    await page.goto('/admin/login');
    await page.getByLabel('E-mail').fill(ADMIN.email);
    await page.getByLabel('Mot de passe').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('link', { name: /Admin/ }).click();
    await page.getByLabel('Mot de passe actuel').fill('pas le bon mot de passe');
    await page.getByLabel('Nouveau mot de passe').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.locator('.ant-notification-notice').filter({ hasText: 'Le mot de passe actuel est incorrect.' }).waitFor();
    await page.getByLabel('Mot de passe actuel').fill(NEW_PASSWORD);
    await page.getByLabel('Nouveau mot de passe').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.locator('.ant-notification-notice').filter({ hasText: 'Mot de passe modifié.' }).waitFor();
  });
});

// Stored through the admin's own API, then shown by the storefront and the admin.
const PAYLOADS = [
  '<script>window.__xss = "script"; alert(1)</script>',
  '<img src="x" onerror="window.__xss = \'img\'; alert(2)">',
  '<a href="javascript:window.__xss=\'link\';alert(3)">cliquez</a>',
  '<svg onload="window.__xss=\'svg\';alert(4)"><circle r="5"/></svg>',
  '<iframe src="javascript:alert(5)"></iframe>',
  '"><img src=x onerror=alert(6)>',
  '<math><mi xlink:href="javascript:alert(7)">x</mi></math>',
];
const corpus = PAYLOADS.join(' ');

describe('stored XSS corpus', () => {
  it('renders inert in the storefront and in the admin, under the CSP', async () => {
    const product = await app.asAdmin.products.create({
      name: `Produit piégé ${PAYLOADS[5]!}`,
      shortDescription: `Court ${PAYLOADS[1]}`,
      description: `<p>Description lisible</p>${corpus}`,
      price: 1000,
      category: 'accessories',
      stock: 3,
    });
    const post = await app.asAdmin.blogPosts.create({
      title: `Article piégé ${PAYLOADS[0]}`,
      slug: 'article-piege',
      excerpt: `Extrait ${PAYLOADS[3]}`,
      content: `<p>Texte de l'article</p>${corpus}`,
      author: `Auteur ${PAYLOADS[2]}`,
    });
    await app.asAdmin.testimonials.create({ name: `Client ${PAYLOADS[1]}`, role: PAYLOADS[0]!, content: corpus });
    await app.asAdmin.trendingCryptos.create({
      name: `Crypto ${PAYLOADS[3]}`,
      symbol: 'XSS',
      image: '/media/demo/btc.svg',
      affiliateLink: 'https://exchange.example/ref/xss',
      description: corpus,
    });
    const request = await app.asVisitor.cryptoVerifications.submit({
      name: `Demandeur ${PAYLOADS[1]}`,
      email: 'xss@example.com',
      phone: '+229 01 97 00 00 00',
      walletAddress: PAYLOADS[0]!,
    });
    // Stored rich text was cleaned on the way in.
    const stored = await app.asAdmin.products.get({ id: product.id });
    expect(stored.description).toContain('Description lisible');
    expect(stored.description).not.toMatch(/<script|onerror|onload|javascript:|<iframe/i);

    const dialogs: string[] = [];
    const visit = async (page: Page, path: string, text: string) => {
      page.on('dialog', (d) => {
        dialogs.push(`${path}: ${d.message()}`);
        void d.dismiss();
      });
      await page.goto(path);
      await page.getByText(text).first().waitFor();
      // Inline scripts run as the page is parsed, and an image's onerror before the load event.
      await page.waitForLoadState('load');
      expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    };

    const shopper = await app.newPage(PHONE);
    await visit(shopper, `/products/${product.slug}`, 'Description lisible');
    await visit(shopper, `/blog/${post.slug}`, "Texte de l'article");
    await visit(shopper, '/', 'Client');
    await visit(shopper, '/crypto-trending', 'Crypto');

    const admin = await app.newPage(DESKTOP);
    await signIn(admin);
    await visit(admin, '/admin/products', 'Produit piégé');
    await visit(admin, `/admin/products/edit/${product.id}`, 'Description lisible');
    await visit(admin, `/admin/blog/edit/${post.id}`, "Texte de l'article");
    await visit(admin, '/admin/testimonials', 'Client');
    await visit(admin, '/admin/verification', 'Demandeur');
    await visit(admin, `/admin/verifications/${request.id}`, 'Demandeur');

    expect(dialogs).toEqual([]);
    // Nothing was even attempted: the CSP never had to refuse anything.
    expect(app.errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
  });
});
