import { products } from '@app/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie } from '../support/app';
import { type BrowserApp, DESKTOP, PHONE, startBrowserApp } from '../support/browser';
import { insertTrappedPost, sampleInput } from '../support/samples';
import { firstProducts } from './storefront/app';
import { open, screenshot } from './storefront/browser';

// Forms that store something for the admin, untrusted HTML, and affiliate links.

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
});
afterAll(() => app?.close());

describe('crypto verification', () => {
  it('defaults to bitcoin, explains bad input in French, and the admin then has the request', async () => {
    const page = await app.newPage(PHONE);
    await open(page, '/verify');
    const cryptoType = page.getByLabel('Type de crypto');
    expect(await cryptoType.inputValue()).toBe('bitcoin');
    expect(await cryptoType.locator('option').allTextContents()).toEqual(['Bitcoin', 'Ethereum', 'Autre']);

    await page.getByLabel('Nom complet').fill('Vérif Test Koffi');
    await page.getByLabel('E-mail').fill('koffi@exemple');
    await page.getByRole('button', { name: 'Envoyer la demande' }).click();
    await page.getByText('Adresse e-mail invalide.').waitFor();
    await page.getByText('Indiquez votre numéro de téléphone.').waitFor();
    expect(await page.getByLabel('Nom complet').inputValue()).toBe('Vérif Test Koffi');

    await page.getByLabel('E-mail').fill('koffi@exemple.bj');
    await page.getByLabel('Téléphone').fill('+229 01 96 00 11 22');
    await cryptoType.selectOption('ethereum');
    await page.getByLabel('Adresse du portefeuille').fill('0x52908400098527886E0F7030069857D2E4169EE7');
    await page.getByLabel('Type de vérification').selectOption('advanced');
    await page.getByRole('button', { name: 'Envoyer la demande' }).click();
    await page.getByText('Demande envoyée !').waitFor();

    const { rows } = await app.asAdmin.cryptoVerifications.list({ search: 'Vérif Test Koffi' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'koffi@exemple.bj', cryptoType: 'ethereum', verificationType: 'advanced', status: 'pending' });
    await page.context().close();
  });
});

describe('contact', () => {
  it('stores the message and shows the business contact details', async () => {
    const page = await app.newPage(PHONE);
    await open(page, '/contact');
    await page.getByRole('link', { name: '+229 01 00 00 00 00' }).first().waitFor();
    await page.getByLabel('Nom', { exact: true }).fill('Contact Test Ayaba');
    await page.getByLabel('E-mail ou téléphone').fill('+229 01 95 00 00 00');
    await page.getByLabel('Sujet').fill('Disponibilité');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.getByText('Écrivez votre message.').waitFor();
    await page.getByLabel('Message').fill('Le portable reconditionné revient quand ?');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    // The answer stays on the page until the shopper asks for the form again, empty.
    const sent = page.getByRole('status').filter({ hasText: 'Votre message a bien été envoyé' });
    await sent.waitFor();
    await screenshot(page, 'contact-sent-360');
    await sent.getByRole('button', { name: 'Écrire un autre message' }).click();
    expect(await page.getByLabel('Message').inputValue()).toBe('');
    const { rows } = await app.asAdmin.contactMessages.list({ search: 'Contact Test Ayaba' });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.message).toBe('Le portable reconditionné revient quand ?');
    await page.context().close();
  });
});

describe('untrusted HTML', () => {
  it('a blog post whose HTML carried a script shows the text and runs nothing', async () => {
    await insertTrappedPost(app.db, 'article-piege');
    const page = await app.newPage(DESKTOP);
    await open(page, '/blog/article-piege');
    await page.getByText('Texte visible et sûr.').waitFor();
    // Inline scripts run as the page is parsed, and an image's onerror before the load event.
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    const html = await page.locator('.rich-text').innerHTML();
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('javascript:');
    // The harmless <img src="x"> left by the sanitizer asks for /blog/x, a 404; nothing else may log.
    const other = app.errors.filter((e) => !e.includes('status of 404'));
    expect(other).toEqual([]);
    app.errors.length = 0;
    await page.context().close();
  });
});

describe('trending cryptos', () => {
  it('affiliate links open in a new tab with rel="noopener sponsored"', async () => {
    const page = await app.newPage(PHONE);
    await open(page, '/crypto-trending');
    const links = page.locator('main').getByRole('link', { name: /^Obtenir / });
    await links.first().waitFor();
    const attrs = await links.evaluateAll((els) => els.map((a) => [a.getAttribute('target'), a.getAttribute('rel')]));
    for (const [target, rel] of attrs) {
      expect(target).toBe('_blank');
      expect(rel).toBe('noopener sponsored');
    }
    expect(app.errors).toEqual([]);
    await page.context().close();
  });
});

describe('product stock state', () => {
  it("says 'En stock', 'Rupture de stock' when 0 (no add button), and nothing when stock is not tracked", async () => {
    const page = await app.newPage(PHONE);
    const { inStock, soldOut, untracked } = await firstProducts(app);
    const tracked = inStock.find((p) => p.stock !== null)!;
    await open(page, `/products/${tracked.slug}`);
    await page.locator('main').getByText('En stock', { exact: true }).waitFor();
    await open(page, `/products/${soldOut!.slug}`);
    await page.locator('main').getByText('Rupture de stock', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Ajouter au panier' }).count()).toBe(0);
    await open(page, `/products/${untracked!.slug}`);
    await page.getByRole('button', { name: 'Ajouter au panier' }).waitFor();
    expect(
      await page
        .locator('main')
        .getByText(/En stock|Rupture de stock/)
        .count(),
    ).toBe(0);
    await page.context().close();
  });
});

describe('product photos', () => {
  it('a portrait photo from a phone is shown whole, and a tap shows it full screen', async () => {
    // Upright, 3 wide for 4 high: a 4:3 box cut it to its middle third.
    const portrait = await sharp({ create: { width: 900, height: 1200, channels: 3, background: { r: 240, g: 200, b: 40 } } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(portrait)]), 'portrait.jpg');
    const uploaded = await fetch(`${app.url}/api/media`, { method: 'POST', body: form, headers: { cookie: await adminCookie(app.url) } });
    const { url } = (await uploaded.json()) as { url: string };
    const product = await app.asAdmin.products.create({
      ...sampleInput(products),
      name: 'Téléphone photographié debout',
      images: [url],
      published: true,
    });
    const page = await app.newPage(PHONE);
    await open(page, `/products/${product.slug}`);
    const photo = page.getByRole('link', { name: 'Voir la photo en grand : Téléphone photographié debout' });
    const shown = photo.getByRole('img');
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The whole photo in its box: contained, not cropped.
    expect(await shown.evaluate((img) => getComputedStyle(img).objectFit)).toBe('contain');
    await screenshot(page, 'product-portrait-360');

    await photo.click();
    const viewer = page.getByRole('dialog', { name: 'Téléphone photographié debout' });
    await viewer.waitFor();
    const large = viewer.getByRole('img');
    // The largest size stored, upright.
    await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(
      await large.evaluate((img: HTMLImageElement) => [new URL(img.currentSrc).pathname, img.naturalHeight > img.naturalWidth]),
    ).toEqual([url, true]);
    const box = (await large.boundingBox())!;
    expect(box.width).toBe(PHONE.width);
    await page.screenshot({ path: '.tmp/screens/store-product-photo-full-360.png' });
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
    await photo.click();
    await viewer.getByRole('button', { name: 'Fermer' }).click();
    await viewer.waitFor({ state: 'hidden' });
    await page.context().close();
  });
});

describe('product list', () => {
  it('filters by category, searches, sorts by price, and keeps the choice in the URL', async () => {
    const page = await app.newPage(DESKTOP);
    await open(page, '/products');
    const cards = page.locator('main ul article');
    await cards.first().waitFor();
    const prices = async () =>
      (await cards.getByTestId('price').allTextContents()).map((t) => Number(t.replace(/[^\d,]/g, '').replace(',', '.')));

    await page.getByLabel('Trier par').selectOption('price_asc');
    await page.waitForURL(/tri=price_asc/);
    await expect
      .poll(async () => {
        const list = await prices();
        return list.length > 1 && list.every((p, i) => i === 0 || list[i - 1]! <= p);
      })
      .toBe(true);

    await page.getByLabel('Catégorie').selectOption('wallets');
    await page.waitForURL(/categorie=wallets/);
    await expect
      .poll(async () => (await cards.locator('p.uppercase').allTextContents()).every((t) => t === 'Portefeuilles crypto'))
      .toBe(true);

    await page.reload();
    await cards.first().waitFor();
    expect(await page.getByLabel('Catégorie').inputValue()).toBe('wallets');

    await page.getByLabel('Catégorie').selectOption('');
    await page.getByLabel('Rechercher').fill('routeur');
    await page.waitForURL(/q=routeur/);
    await expect
      .poll(async () => {
        const names = await cards.getByRole('heading').allTextContents();
        return names.length > 0 && names.every((n) => /routeur/i.test(n));
      })
      .toBe(true);
    await page.getByLabel('Rechercher').fill('zzzz introuvable');
    await page.getByText('Aucun produit trouvé.').waitFor();
    await page.context().close();
  });

  it('a misspelt search offers the closest names, each a button, with no stray comma', async () => {
    const page = await app.newPage(PHONE);
    await open(page, '/products?q=routuer');
    const offered = page.getByRole('region', { name: 'Vouliez-vous dire :' });
    const choices = offered.getByRole('button');
    await choices.first().waitFor();
    expect((await choices.allTextContents()).some((name) => /routeur/i.test(name))).toBe(true);
    // Only the heading and the names: nothing between them (a comma wrapped alone at 360 px).
    const words = await offered.evaluate((section) => {
      const texts: string[] = [];
      const walk = document.createTreeWalker(section, NodeFilter.SHOW_TEXT);
      while (walk.nextNode())
        if (walk.currentNode.textContent!.trim() && !walk.currentNode.parentElement!.closest('button, h2'))
          texts.push(walk.currentNode.textContent!);
      return texts;
    });
    expect(words).toEqual([]);
    await screenshot(page, 'search-suggestions-360');
    const pick = (await choices.allTextContents()).find((name) => /routeur/i.test(name))!;
    await choices.filter({ hasText: pick }).click();
    await page.waitForURL(/q=Routeur/i);
    await page.locator('main ul article').first().waitFor();
    await page.context().close();
  });
});
