import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, DESKTOP, PHONE, startBrowserApp } from '../support/browser';
import { badge, firstProducts, mainNav, mobileNav, toast } from './storefront/app';
import { open } from './storefront/browser';

// Header, mobile menu and footer (spec section 2, "Header" and "Footer").

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
});
afterAll(() => app?.close());

describe('product cards', () => {
  it('show a photo whole, portrait ones included: fitted into the card, never cropped to its middle', async () => {
    const page = await app.newPage(PHONE);
    await open(page, '/products');
    const photo = page.locator('article img').first();
    await photo.waitFor();
    expect(await photo.evaluate((img) => getComputedStyle(img).objectFit)).toBe('contain');
    await page.context().close();
  });
});

describe('header', () => {
  it('is translucent with blur at the top, then solid white with a shadow and less padding past 10 px', async () => {
    const page = await app.newPage(DESKTOP);
    await open(page, '/products');
    const header = page.locator('body header').first();
    const style = () =>
      header.evaluate((el) => {
        const s = getComputedStyle(el);
        return { bg: s.backgroundColor, blur: s.backdropFilter, shadow: s.boxShadow, padding: parseFloat(s.paddingTop) };
      });
    const top = await style();
    expect(await header.getAttribute('data-scrolled')).toBe('false');
    expect(top.blur).toContain('blur');
    expect(top.bg).not.toBe('rgb(255, 255, 255)');
    await page.evaluate(() => window.scrollTo(0, 11));
    await expect.poll(() => header.getAttribute('data-scrolled')).toBe('true');
    // The padding transition ends before the measure.
    await header.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    const scrolled = await style();
    await page.screenshot({ path: '.tmp/screens/store-header-scrolled-1280.png' });
    expect(scrolled.bg).toBe('rgb(255, 255, 255)');
    expect(scrolled.shadow).not.toBe('none');
    expect(scrolled.padding).toBeLessThan(top.padding);
    await page.evaluate(() => window.scrollTo(0, 5));
    await expect.poll(() => header.getAttribute('data-scrolled')).toBe('false');
    await page.context().close();
  });

  it('shows the seven wide-screen links in order, highlights the active one, and the logo goes home', async () => {
    const page = await app.newPage(DESKTOP);
    await open(page, '/blog');
    const links = mainNav(page).getByRole('link');
    expect(await links.allTextContents()).toEqual(['Accueil', 'À Propos', 'Produits', 'Cryptos', 'Blogs', 'Livraison', 'Contact']);
    expect(await links.evaluateAll((els) => els.map((a) => a.getAttribute('href')))).toEqual([
      '/',
      '/about',
      '/products',
      '/crypto-trending',
      '/blog',
      '/delivery',
      '/contact',
    ]);
    await expect.poll(() => mainNav(page).getByRole('link', { name: 'Blogs' }).getAttribute('aria-current')).toBe('page');
    expect(await mainNav(page).getByRole('link', { name: 'Accueil' }).getAttribute('aria-current')).toBeNull();
    await mainNav(page).getByRole('link', { name: 'Livraison' }).click();
    await page.waitForURL('**/delivery');
    // The link turns active once the lazy page has loaded (React keeps the old page until then).
    await expect.poll(() => mainNav(page).getByRole('link', { name: 'Livraison' }).getAttribute('aria-current')).toBe('page');
    expect(await mainNav(page).getByRole('link', { name: 'Blogs' }).getAttribute('aria-current')).toBeNull();
    await page.getByRole('link', { name: 'TechCrypto Bénin' }).first().click();
    await page.waitForURL(/\/$/);
    await page.context().close();
  });

  it('shows the cart badge with the sum of quantities only when above 0', async () => {
    const page = await app.newPage(PHONE);
    const { inStock } = await firstProducts(app);
    await open(page, '/products');
    expect(await badge(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Ajouter au panier' }).first().click();
    await page.getByRole('button', { name: 'Ajouter au panier' }).first().click();
    await page.getByRole('button', { name: 'Ajouter au panier' }).nth(1).click();
    await expect.poll(() => badge(page).textContent()).toBe('3');
    await open(page, `/products/${inStock[0]!.slug}`);
    await page.getByRole('button', { name: /^Augmenter la quantité/ }).click();
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await expect.poll(() => badge(page).textContent()).toBe('5');
    await open(page, '/cart');
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Vider le panier' }).click();
    await expect.poll(() => badge(page).count()).toBe(0);
    await page.context().close();
  });
});

describe('mobile menu', () => {
  it('has the spec entries then every other page, keeps the page behind still, and closes on every route change', async () => {
    const page = await app.newPage(PHONE);
    await open(page, '/');
    expect(await mainNav(page).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page.screenshot({ path: '.tmp/screens/store-menu-open-360.png' });
    const entries = await mobileNav(page).getByRole('link').allTextContents();
    expect(entries.map((t) => t.trim())).toEqual([
      ...['Accueil', 'Produits', 'Services', 'Formations Crypto', 'Livraison'],
      ...['Blog', 'Cryptos', 'Suivre ma commande', 'Mon espace', 'Vérifier un compte', 'À propos', 'Contact'],
      ...['Espace Admin', 'Contact WhatsApp'],
    ]);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    expect(await mobileNav(page).getByRole('link', { name: 'Espace Admin' }).getAttribute('href')).toBe('/admin');
    const whatsapp = mobileNav(page).getByRole('link', { name: 'Contact WhatsApp' });
    expect(await whatsapp.getAttribute('href')).toBe('https://wa.me/2290100000001');
    expect(await whatsapp.getAttribute('target')).toBe('_blank');

    await mobileNav(page).getByRole('link', { name: 'Formations Crypto' }).click();
    await page.waitForURL('**/crypto-courses');
    await mobileNav(page).waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Ouvrir le menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('visible');

    // A route change that does not come from the menu (the back button) closes it too.
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await mobileNav(page).waitFor();
    await page.goBack();
    await page.waitForURL(/\/$/);
    await mobileNav(page).waitFor({ state: 'detached' });
    await page.context().close();
  });
});

describe('footer', () => {
  it('has the name, tagline, socials in new tabs, quick links, contact block and the year', async () => {
    const page = await app.newPage(PHONE);
    await open(page, '/about');
    const footer = page.locator('footer');
    await footer.getByText('TechCrypto Bénin', { exact: true }).waitFor();
    await footer.getByText(/Votre partenaire premium/).waitFor();
    const socials = footer.getByRole('list', { name: 'Réseaux sociaux' }).getByRole('link');
    expect(await socials.allTextContents()).toEqual(['Facebook', 'Instagram', 'LinkedIn', 'YouTube', 'TikTok']);
    expect(await socials.evaluateAll((els) => els.every((a) => a.getAttribute('target') === '_blank'))).toBe(true);
    const quick = footer.getByRole('navigation', { name: 'Liens rapides' }).getByRole('link');
    // The spec's six, then « Mon espace » (issue 59).
    expect(await quick.allTextContents()).toEqual([
      'Accueil',
      'Produits',
      'Blog',
      'Obtenir Crypto',
      'Livraison',
      'Suivre ma commande',
      'Mon espace',
    ]);
    expect(await footer.getByRole('link', { name: '+229 01 00 00 00 00' }).getAttribute('href')).toBe('tel:+2290100000000');
    expect(await footer.getByRole('link', { name: 'contact@techcrypto.example' }).getAttribute('href')).toBe(
      'mailto:contact@techcrypto.example',
    );
    const whatsapp = footer.getByRole('link', { name: 'Contact WhatsApp' });
    expect(await whatsapp.getAttribute('target')).toBe('_blank');
    expect(await whatsapp.getAttribute('href')).toBe('https://wa.me/2290100000001');
    await footer.getByText(`© ${new Date().getFullYear()} TechCrypto Bénin`).waitFor();
    await page.context().close();
  });

  it('subscribes to the newsletter, says so kindly the second time, and refuses an invalid address', async () => {
    const page = await app.newPage(PHONE);
    await open(page, '/');
    const email = page.getByRole('textbox', { name: 'Votre email' });
    await email.fill('pas-une-adresse');
    await page.getByRole('button', { name: "S'abonner" }).click();
    expect(await email.evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(false);

    await email.fill('Lecteur.Fidele@Example.com');
    await page.getByRole('button', { name: "S'abonner" }).click();
    await toast(page, 'Pour confirmer votre inscription');
    expect(await email.inputValue()).toBe('');
    await email.fill('lecteur.fidele@example.com');
    await page.getByRole('button', { name: "S'abonner" }).click();
    // The same answer (the field emptied, the same thanks): the form does not tell who is on the list.
    await expect.poll(() => email.inputValue()).toBe('');
    await toast(page, 'Pour confirmer votre inscription');
    expect(await page.locator('.Toastify__toast--info').count()).toBe(0);
    const { rows } = await app.asAdmin.newsletterSubscribers.list({ search: 'lecteur.fidele' });
    expect(rows).toHaveLength(1);
    await page.context().close();
  });

  it('the round "Retour en haut" button scrolls back to the top', async () => {
    const page = await app.newPage(PHONE);
    await open(page, '/products');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('button', { name: 'Retour en haut' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // Not on the cart and the checkout, where it covered their own buttons ("Retirer" a promo code).
    await page.getByRole('button', { name: 'Ajouter au panier' }).first().click();
    for (const path of ['/cart', '/checkout']) {
      await open(page, path);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.locator('main h1').first().waitFor();
      expect(await page.locator('button[aria-label="Retour en haut"]').count(), path).toBe(0);
    }
    expect(app.errors).toEqual([]);
    await page.context().close();
  });
});
