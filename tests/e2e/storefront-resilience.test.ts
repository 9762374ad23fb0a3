import { formatXOF, trackingCode } from '@app/shared/format';
import { coursePath } from '@app/shared/ssr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, DESKTOP, PHONE, startBrowserApp } from '../support/browser';
import { badge, mainNav, mobileNav, readCart } from './storefront/app';
import { open, screenshot, serviceWorkerInControl } from './storefront/browser';

// A slow, flaky phone network: pages arrive rendered and take over without asking again, a lost
// page download keeps the layout and offers "Réessayer", and typing a search never loses a letter.

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
});
afterAll(() => app?.close());

describe('server-rendered pages in the browser', () => {
  it('show their content without JavaScript', async () => {
    const product = (await app.asVisitor.products.list({ pageSize: 1 })).rows[0]!;
    const context = await app.browser.newContext({ viewport: PHONE, javaScriptEnabled: false, baseURL: app.url });
    const page = await context.newPage();
    await page.goto(`/products/${product.slug}`);
    expect(await page.locator('main h1').textContent()).toBe(product.name);
    expect(await page.getByRole('button', { name: 'Ajouter au panier' }).isVisible()).toBe(true);
    await page.screenshot({ path: '.tmp/screens/store-product-no-js-360.png' });
    await context.close();
  });

  it('take over the rendered page with its data: no API request, no stylesheet or Intl, no hydration error', async () => {
    const product = (await app.asVisitor.products.list({ pageSize: 1 })).rows[0]!;
    const page = await app.newPage(PHONE);
    const reads: string[] = [];
    page.on('request', (request) => /\/trpc\/|\.css$/.test(request.url()) && reads.push(request.url()));
    // The first Intl formatter of a page loads the locale's data: 30 to 60 ms here, inside the app's start.
    await page.addInitScript(() => {
      const built: string[] = ((window as unknown as { intlBuilt: string[] }).intlBuilt = []);
      for (const name of ['NumberFormat', 'DateTimeFormat', 'PluralRules', 'Collator'] as const) {
        const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
        (Intl as unknown as Record<string, unknown>)[name] = function (...args: unknown[]) {
          built.push(name);
          return new Original(...args);
        };
      }
    });
    for (const path of ['/', '/products', '/blog', '/services', `/products/${product.slug}`]) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.locator('main h1').first().waitFor();
      // The stylesheet came inside the page; the app's start adds none (a second download, the whole page restyled).
      expect(await page.locator('link[rel="stylesheet"]').count(), path).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { intlBuilt: string[] }).intlBuilt), path).toEqual([]);
    }
    expect(reads).toEqual([]);
    // Interactive once hydrated: the cart takes the product.
    await page.getByRole('button', { name: 'Ajouter au panier' }).first().waitFor();
    expect(app.errors).toEqual([]);
    await page.context().close();
  });
});

describe('without JavaScript', () => {
  it('the menu opens, the search searches, cart, checkout and a product page say what needs it', async () => {
    const context = await app.browser.newContext({ viewport: PHONE, javaScriptEnabled: false, baseURL: app.url });
    const page = await context.newPage();
    await page.goto('/');
    // The app's menu button would do nothing: the browser's own disclosure stands in for it.
    expect(await page.locator('#menu-button').isVisible()).toBe(false);
    await page.locator('header summary').click();
    await page.getByRole('navigation', { name: 'Menu mobile' }).getByRole('link', { name: 'Produits' }).click();
    await page.waitForURL('**/products');
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill('ordinateur');
    await page.keyboard.press('Enter');
    await page.waitForURL(/[?&]q=ordinateur/);
    await page.getByText(/\d+ produits?/).waitFor();
    expect(await page.locator('main article').count()).toBeGreaterThan(0);
    await page.screenshot({ path: '.tmp/screens/store-no-js-search-360.png' });

    // (Playwright's text search skips <noscript>, which this browser shows: read what it shows.)
    const shown = () => page.locator('main').innerText();
    for (const path of ['/cart', '/checkout']) {
      await page.goto(path);
      expect(await shown(), path).toMatch(/^Le panier et la commande ont besoin de JavaScript.*WhatsApp\.$/m);
    }
    await page.screenshot({ path: '.tmp/screens/store-no-js-checkout-360.png' });

    // What only the app says is not said here: no "loading" that never ends.
    expect(await page.getByText('Chargement du panier...').isVisible()).toBe(false);
    await page.goto(`/products/${(await app.asVisitor.products.list({ pageSize: 1 })).rows[0]!.slug}`);
    expect(await shown()).toMatch(/^Le panier a besoin de JavaScript.*WhatsApp\.$/m);
    // A training's « S'inscrire » fills the cart too: said, with the other way.
    await page.goto(coursePath((await app.asVisitor.cryptoCourses.list({ pageSize: 1 })).rows[0]!));
    expect(await shown()).toMatch(/^L’inscription passe par le panier, qui a besoin de JavaScript.*WhatsApp\.$/m);
    await context.close();
  });

  it('sends the contact form, the newsletter and the tracking lookup all the same, and a refusal keeps what was typed', async () => {
    const context = await app.browser.newContext({ viewport: PHONE, javaScriptEnabled: false, baseURL: app.url });
    const page = await context.newPage();
    await page.goto('/contact');
    const name = `Sans Script ${crypto.randomUUID().slice(0, 6)}`;
    await page.getByLabel('Nom').fill(name);
    await page.getByLabel('E-mail ou téléphone').fill('sans.script@example.com');
    await page.getByLabel('Sujet').fill('Livraison');
    await page.getByLabel('Message').fill('Message privé, sans JavaScript');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.getByRole('heading', { name: 'Message envoyé !' }).waitFor();
    // What was typed never lands in an address (history, logs).
    expect(new URL(page.url()).search).toBe('');
    const { rows } = await app.asAdmin.contactMessages.list({ search: name });
    expect(rows).toMatchObject([{ name, subject: 'Livraison', message: 'Message privé, sans JavaScript' }]);
    await page.screenshot({ path: '.tmp/screens/store-no-js-contact-sent-360.png' });

    // Refused (no subject): the reason, and the form again with what was typed.
    await page.goto('/contact');
    await page.getByLabel('Nom').fill('Sans Sujet');
    await page.getByLabel('E-mail ou téléphone').fill('sans.sujet@example.com');
    await page.getByLabel('Message').fill('Un long message que je ne veux pas retaper');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.getByRole('heading', { name: 'Message non envoyé' }).waitFor();
    expect(await page.getByLabel('Message').inputValue()).toBe('Un long message que je ne veux pas retaper');
    await page.getByLabel('Sujet').fill('Oubli réparé');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.getByRole('heading', { name: 'Message envoyé !' }).waitFor();

    // The footer's newsletter, from the home page, and back there.
    await page.goto('/');
    await page.getByRole('textbox', { name: 'Votre email' }).fill('lecteur.sans.script@example.com');
    await page.getByRole('button', { name: "S'abonner" }).click();
    await page.getByText('Merci ! Pour confirmer votre inscription, ouvrez le lien de l’e-mail que nous venons de vous envoyer.').waitFor();
    expect((await app.asAdmin.newsletterSubscribers.list({ search: 'lecteur.sans.script' })).rows).toHaveLength(1);
    await page.getByRole('link', { name: 'Retour à la boutique' }).click();
    await page.waitForURL(`${app.url}/`);

    // An order found by its number, phone and code: its private page, rendered by the server.
    const product = (await app.asVisitor.products.list({ pageSize: 1 })).rows[0]!;
    const order = (await app.asVisitor.orders.place({
      customerName: 'Sans Script',
      phone: '01 97 00 00 09',
      city: 'Cotonou',
      address: 'Akpakpa',
      items: [{ id: product.id, type: 'product', quantity: 1 }],
      idempotencyKey: crypto.randomUUID(),
    })) as { number: string; trackingToken: string };
    await page.goto('/suivi');
    await page.getByLabel('Numéro de commande').fill(order.number);
    await page.getByLabel('Téléphone').fill('01 97 00 00 09');
    await page.getByLabel('Code de suivi').fill(trackingCode(order.trackingToken));
    await page.getByRole('button', { name: 'Voir ma commande' }).click();
    await page.getByRole('heading', { name: `Commande ${order.number}` }).waitFor();
    expect(await page.locator('main').innerText()).toContain('Statut : Nouvelle');
    expect(await page.getByRole('link', { name: 'Télécharger le reçu (PDF)' }).getAttribute('href')).toBe(
      `/suivi/${order.trackingToken}/recu.pdf`,
    );
    await page.screenshot({ path: '.tmp/screens/store-no-js-tracking-360.png' });
    await context.close();
  });
});

describe('a lost page download', () => {
  it('keeps the header and footer, says "Connexion perdue", and shows the page after "Réessayer"', async () => {
    // Before the service worker holds the code (it would serve it from the phone): a first visit.
    const context = await app.browser.newContext({ viewport: DESKTOP, baseURL: app.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    const crashes: string[] = [];
    page.on('pageerror', (error) => crashes.push(error.message));
    await open(page, '/');
    // The home page's own code has arrived and taken the page over (on a busy machine that is a
    // moment after the content shows): only what comes next is lost.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // From now on, every page's code fails to download.
    const blocked = (url: URL) => /\/assets\/\w+Page-[\w-]+\.js$/.test(url.pathname);
    await page.route(blocked, (route) => route.abort('internetdisconnected'));
    await mainNav(page).getByRole('link', { name: 'Produits' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Connexion perdue' });
    await alert.waitFor({ timeout: 15_000 });
    expect(await mainNav(page).isVisible()).toBe(true);
    expect(await page.locator('footer').isVisible()).toBe(true);
    await screenshot(page, 'connection-lost-1280');

    await page.unroute(blocked);
    await alert.getByRole('button', { name: 'Réessayer' }).click();
    await page.getByRole('heading', { level: 1, name: 'Nos produits' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/products');
    expect(crashes).toEqual([]);
    await context.close();
  });

  it("starts anyway when a download of the app's own code was lost on the way", async () => {
    const context = await app.browser.newContext({ viewport: PHONE, baseURL: app.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    let lost = 0;
    await page.route(/\/assets\/start-[\w-]+\.js$/, (route) => (lost++ < 2 ? route.abort('connectionreset') : route.continue()));
    await page.goto('/contact', { waitUntil: 'commit' });
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 20_000 });
    expect(lost).toBeGreaterThanOrEqual(2);
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.getByText('Indiquez votre nom.').first().waitFor();
    await context.close();
  });

  it('reloads itself once when a new version replaced the page code, and never loops', async () => {
    const context = await app.browser.newContext({ viewport: DESKTOP, baseURL: app.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await open(page, '/');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // A deploy since the page loaded: the old chunk names answer 404, the shop's pages name a new main script.
    await page.route(/\/assets\/\w+Page-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: 'introuvable' }));
    await page.route('**/about', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/src="\/assets\/index-[\w-]+\.js"/, 'src="/assets/index-NOUVEAU.js"');
      await route.fulfill({ response, body: html });
    });
    // The first page's own load event may come after the app has started (its photos): counted from there.
    await page.waitForLoadState('load');
    let loads = 0;
    page.on('load', () => loads++);
    await mainNav(page).getByRole('link', { name: 'Produits' }).click();
    await page.waitForURL('**/products');
    // Reloaded once to the same address; the code is still missing there, so the message shows, and it stays.
    await page.getByRole('alert').filter({ hasText: 'Connexion perdue' }).waitFor({ timeout: 20_000 });
    await page.waitForTimeout(4000);
    expect(loads).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/products');
    await context.close();
  });
});

describe('offline, after a first visit', () => {
  it('keeps the very first page seen, opened before the service worker was there', async () => {
    const featured = (await app.asVisitor.products.list({ pageSize: 8, filters: { featured: true } })).rows[0]!;
    const page = await app.newPage(PHONE);
    await open(page, '/');
    await serviceWorkerInControl(page);
    // The shopper goes on to the list: the home page is not visited again while online.
    await open(page, '/products');
    await expect
      .poll(() => page.evaluate(async () => !!(await (await caches.open('pages')).match(new URL('/', location.href).href))), {
        timeout: 15_000,
      })
      .toBe(true);
    await page.context().setOffline(true);
    await page.goto('/');
    await page.getByRole('heading', { name: featured.name }).first().waitFor();
    expect(await page.getByText('hors ligne').count()).toBe(0);
    await page.context().setOffline(false);
    await page.context().close();
    expect(app.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|ERR_FAILED/.test(e))).toEqual([]);
    app.errors.length = 0;
  });

  it('shows the home page, a product and the blog already seen, with their content, and keeps the cart', async () => {
    const product = (await app.asVisitor.products.list({ pageSize: 1 })).rows[0]!;
    const featured = (await app.asVisitor.products.list({ pageSize: 8, filters: { featured: true } })).rows[0]!;
    const post = (await app.asVisitor.blogPosts.list({ pageSize: 1 })).rows[0]!;
    const { businessName } = await app.asVisitor.settings.get();
    const page = await app.newPage(PHONE);
    await open(page, '/');
    // The service worker installs after the first load and takes the page over.
    await serviceWorkerInControl(page);
    await open(page, `/products/${product.slug}`);
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await open(page, '/blog');
    await open(page, '/');

    await page.context().setOffline(true);
    // Each page as it was last seen, with its content: not the bare app waiting for data.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /La technologie et la crypto/ }).waitFor();
    await page.getByRole('banner').getByText(businessName).waitFor();
    await page.getByRole('heading', { name: featured.name }).first().waitFor();
    expect(await page.getByText(formatXOF(featured.price)).count()).toBeGreaterThan(0);
    expect(await page.getByText('Chargement').count()).toBe(0);
    await screenshot(page, 'offline-home-360');
    await page.goto(`/products/${product.slug}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    expect(await page.getByTestId('cart-badge').textContent()).toBe('1');
    await screenshot(page, 'offline-product-360');
    await page.goto('/blog');
    await page.getByRole('heading', { name: post.title }).first().waitFor();
    // A page never seen says it needs the connection, inside the shop's layout.
    await page.goto('/services');
    await page
      .getByText(/hors ligne/)
      .first()
      .waitFor();
    // Still the shop's own header, whose name the phone kept from the pages seen.
    await page.getByRole('banner').getByText(businessName).waitFor();
    // Checkout says it needs the network, keeps what is typed, and sends nothing.
    await page.goto('/checkout');
    await page.getByLabel('Nom complet').fill('Awa Dossou');
    await page.getByText('la commande a besoin d’une connexion').waitFor();
    expect(await page.getByRole('button', { name: 'Confirmer la commande' }).isDisabled()).toBe(true);
    await page.context().setOffline(false);
    await expect.poll(() => page.getByRole('button', { name: 'Confirmer la commande' }).isDisabled()).toBe(false);
    expect(await page.getByLabel('Nom complet').inputValue()).toBe('Awa Dossou');
    await page.goto('/blog');
    await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
    await page.context().close();
    // Requests refused while offline are logged by Chromium; nothing else.
    expect(app.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|ERR_FAILED/.test(e))).toEqual([]);
    app.errors.length = 0;
  });
});

describe('a form sent without a connection', () => {
  it('says so in French, keeps what was typed, and goes through once the connection is back', async () => {
    const page = await app.newPage(PHONE);
    await open(page, '/contact');
    const fill = async () => {
      await page.getByLabel('Nom').fill('Awa Dossou');
      await page.getByLabel('E-mail ou téléphone').fill('awa@example.com');
      await page.getByLabel('Sujet').fill('Chargeurs');
      await page.getByLabel('Message').fill('Avez-vous des chargeurs USB-C ?');
    };
    await fill();
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.getByText('Connexion impossible. Vérifiez votre connexion internet et réessayez.').waitFor();
    expect(await page.getByLabel('Message').inputValue()).toBe('Avez-vous des chargeurs USB-C ?');
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.getByText('Votre message a bien été envoyé', { exact: false }).waitFor();
    await page.context().close();
    expect(app.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|ERR_FAILED/.test(e))).toEqual([]);
    app.errors.length = 0;
  });
});

describe('product search', () => {
  it('keeps every letter and the focus across a pause in typing, and shows the results', async () => {
    const page = await app.newPage(PHONE);
    await open(page, '/products');
    const box = page.getByRole('searchbox', { name: 'Rechercher' });
    await box.click();
    await page.keyboard.type('ordi', { delay: 60 });
    // The search goes out after the pause and the address changes under the shopper's fingers.
    await page.waitForURL(/q=ordi/);
    await page.waitForTimeout(300);
    await page.keyboard.type('nateur', { delay: 60 });
    await page.waitForURL(/q=ordinateur/);
    expect(await box.inputValue()).toBe('ordinateur');
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByText(/\d+ produits?/).waitFor();
    expect(await page.locator('main article').count()).toBeGreaterThan(0);
    await page.context().close();
  });
});

describe('before the app has taken the page over', () => {
  /**
   * A slow phone: the page is on screen while the app's code is still downloading, until release();
   * with holdEarly, the early script too, until releaseEarly().
   */
  async function heldPage(path: string, { holdEarly = false } = {}) {
    const context = await app.browser.newContext({ viewport: PHONE, baseURL: app.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    // What the page's early script did must not trouble the app's takeover (a hydration error).
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    /** Holds the files whose address matches until the returned function is called. */
    const hold = async (file: RegExp) => {
      let go = () => {};
      const held = new Promise<void>((resolve) => (go = resolve));
      await page.route(file, async (route) => {
        await held;
        await route.continue();
      });
      return go;
    };
    const release = await hold(/\/assets\/index-[\w-]+\.js$/);
    const releaseEarly = holdEarly ? await hold(/\/assets\/boot-\w+\.js$/) : () => {};
    await page.goto(path, { waitUntil: 'commit' });
    await page.locator('main h1').first().waitFor();
    const hydrated = () => page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    return { page, release, releaseEarly, hydrated, errors, close: () => context.close() };
  }

  it('"Ajouter au panier" and the quantity answer at once; the app takes the cart over, each tap counted once', async () => {
    const product = (await app.asVisitor.products.list({ pageSize: 50 })).rows.find((p) => p.stock === null || p.stock >= 10)!;
    const { page, release, hydrated, errors, close } = await heldPage(`/products/${product.slug}`);
    const quantity = page.getByRole('spinbutton', { name: `Quantité de ${product.name}` });
    const add = page.locator('main').getByRole('button', { name: /Ajouter au panier|Ajouté/ });
    await page.getByRole('button', { name: `Augmenter la quantité de ${product.name}` }).click();
    expect(await quantity.inputValue()).toBe('2');
    await add.click();
    // Shown by the page's early script, the app's code still held back.
    expect(await badge(page).textContent()).toBe('2');
    expect(await add.textContent()).toBe('Ajouté ✓');
    await page
      .getByRole('status')
      .filter({ hasText: `2 × « ${product.name} » ajouté au panier.` })
      .waitFor();
    expect(await page.getByRole('link', { name: 'Panier, 2 articles' }).count()).toBe(1);
    await add.click();
    expect(await badge(page).textContent()).toBe('4');
    expect(await add.getAttribute('aria-busy')).toBeNull();
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    await page.screenshot({ path: '.tmp/screens/store-early-add-360.png' });

    release();
    await hydrated();
    // The app shows the cart and the quantity as the shopper left them, and replays no tap.
    expect(await badge(page).textContent()).toBe('4');
    await expect.poll(() => quantity.inputValue()).toBe('2');
    await page.getByRole('button', { name: 'Ajouter au panier' }).waitFor();
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await expect.poll(() => badge(page).textContent()).toBe('6');
    await page.getByRole('link', { name: /^Panier/ }).click();
    await page.waitForURL('**/cart');
    await expect.poll(() => page.getByRole('spinbutton', { name: `Quantité de ${product.name}` }).inputValue()).toBe('6');
    expect((await readCart(page)).items).toMatchObject([{ id: product.id, type: 'product', quantity: 6 }]);
    expect(errors).toEqual([]);
    await close();
  });

  it('adds no more than the stock before the app either, and says why in French', async () => {
    const product = (await app.asVisitor.products.list({ pageSize: 50 })).rows.find((p) => p.stock !== 0)!;
    await app.asAdmin.products.correctStock({ id: product.id, to: 1, reason: 'lost' });
    const { page, close } = await heldPage(`/products/${product.slug}`);
    const add = page.locator('main').getByRole('button', { name: /Ajouter au panier|Ajouté/ });
    await add.click();
    expect(await badge(page).textContent()).toBe('1');
    await add.click();
    await page
      .getByRole('alert')
      .filter({ hasText: `Il ne reste que 1 « ${product.name} » en stock, et votre panier les contient déjà.` })
      .waitFor();
    expect(await badge(page).textContent()).toBe('1');
    expect((await readCart(page)).items).toMatchObject([{ id: product.id, quantity: 1, stock: 1 }]);
    await close();
    await app.asAdmin.products.correctStock({ id: product.id, to: product.stock, reason: 'found' });
  });

  it('the phone menu opens at once, and the app opens its own in its place when it starts', async () => {
    const { page, release, hydrated, errors, close } = await heldPage('/products');
    const button = page.locator('#menu-button');
    await button.click();
    // Opened by the page's early script, the app's code still held back: under the header, with
    // the current page marked, closed and opened again by the same button.
    await mobileNav(page).waitFor();
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await button.getAttribute('aria-label')).toBe('Fermer le menu');
    expect(await button.getAttribute('aria-busy')).toBeNull();
    expect(await mobileNav(page).getByRole('link', { name: 'Produits' }).getAttribute('aria-current')).toBe('page');
    const [headerBottom, menuTop] = await page.evaluate(() => [
      document.querySelector('header')!.getBoundingClientRect().bottom,
      document.getElementById('mobile-menu')!.getBoundingClientRect().top,
    ]);
    expect(Math.abs(menuTop! - headerBottom!)).toBeLessThanOrEqual(1);
    await page.screenshot({ path: '.tmp/screens/store-early-menu-360.png' });
    await button.click();
    expect(await mobileNav(page).count()).toBe(0);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    await mobileNav(page).waitFor();

    release();
    await hydrated();
    // One menu, the app's, open in the same place; the app closes it.
    await page.locator('header #mobile-menu').waitFor();
    expect(await mobileNav(page).count()).toBe(1);
    expect(await page.locator('#early-menu').count()).toBe(0);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await button.click();
    await expect.poll(() => mobileNav(page).count()).toBe(0);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    expect(errors).toEqual([]);
    await close();
  });

  it('taps made before the early script has arrived are done when it arrives, each once', async () => {
    const product = (await app.asVisitor.products.list({ pageSize: 50 })).rows.find((p) => p.stock === null || p.stock >= 10)!;
    const { page, releaseEarly, release, hydrated, errors, close } = await heldPage(`/products/${product.slug}`, { holdEarly: true });
    const add = page.locator('main').getByRole('button', { name: /Ajouter au panier|Ajouté/ });
    await add.click();
    await add.click(); // again, since nothing seemed to happen
    await page.locator('#menu-button').click();
    // Kept by the page's first lines, nothing done yet.
    expect(await page.evaluate(() => window.__tapsBeforeBoot?.length)).toBe(2);
    expect(await badge(page).count()).toBe(0);
    expect(await mobileNav(page).count()).toBe(0);
    releaseEarly();
    await mobileNav(page).waitFor();
    await expect.poll(() => badge(page).textContent()).toBe('1');
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    release();
    await hydrated();
    await page.locator('header #mobile-menu').waitFor();
    expect((await readCart(page)).items).toMatchObject([{ id: product.id, quantity: 1 }]);
    expect(errors).toEqual([]);
    await close();
  });

  it('a form sent before the early script has arrived is sent by the browser, as without a script', async () => {
    const { page, close } = await heldPage('/products', { holdEarly: true });
    await page.getByRole('searchbox').first().fill('routeur');
    await page.getByRole('searchbox').first().press('Enter');
    await page.waitForURL(/\/products\?q=routeur/, { waitUntil: 'commit' });
    await page
      .locator('main')
      .getByText(/Routeur/)
      .first()
      .waitFor();
    await close();
  });

  it('a link of the early menu opens its page', async () => {
    const { page, close } = await heldPage('/products');
    await page.locator('#menu-button').click();
    await mobileNav(page).getByRole('link', { name: 'Livraison' }).click();
    await page.waitForURL('**/delivery');
    await page.locator('main h1').first().waitFor();
    expect(await page.locator('#early-menu').count()).toBe(0);
    await close();
  });

  it('another tap is kept, shown as pending, and done once when the app is there', async () => {
    const product = (await app.asVisitor.products.list({ pageSize: 50 })).rows.find((p) => p.images.length > 1)!;
    const { page, release, hydrated, errors, close } = await heldPage(`/products/${product.slug}`);
    const second = page.getByRole('button', { name: `Photo 2 sur ${product.images.length}` });
    // Every tap the button itself receives (the early script holds them back until the app is there).
    await second.evaluate((el) => el.addEventListener('click', () => (el.dataset.taps = String(Number(el.dataset.taps ?? 0) + 1))));
    await second.click();
    await second.click(); // tapped again, since nothing seemed to happen
    expect(await second.getAttribute('aria-busy')).toBe('true');
    expect(await second.getAttribute('data-taps')).toBeNull();
    // Seen as pending: a turning ring beside the text, not only a fade.
    expect(await second.evaluate((el) => getComputedStyle(el, '::after').animationName)).toBe('early-tap-spin');
    await page.screenshot({ path: '.tmp/screens/store-early-tap-360.png' });
    release();
    await hydrated();
    await expect.poll(() => second.getAttribute('aria-pressed')).toBe('true');
    expect(await second.getAttribute('aria-busy')).toBeNull();
    expect(await second.getAttribute('data-taps')).toBe('1');
    expect(errors).toEqual([]);
    await close();
  });

  it('a form filled and sent is sent with all its text, once the app is there', async () => {
    const { page, release, hydrated, close } = await heldPage('/contact');
    await page.getByLabel('Nom').fill('Afi Dossou');
    await page.getByLabel('E-mail ou téléphone').fill('afi@example.com');
    await page.getByLabel('Sujet').fill('Livraison à Parakou avant la page prête');
    await page.getByLabel('Message').fill('Livrez-vous à Parakou ?');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    release();
    await hydrated();
    await page.getByText('Votre message a bien été envoyé').waitFor();
    const { rows } = await app.asAdmin.contactMessages.list({ search: 'avant la page prête' });
    expect(rows).toMatchObject([{ name: 'Afi Dossou', contact: 'afi@example.com', message: 'Livrez-vous à Parakou ?' }]);
    await close();
  });

  it('a page scrolled before the app is there stays where the shopper scrolled', async () => {
    const { page, release, hydrated, close } = await heldPage('/products');
    await page.evaluate(() => window.scrollTo(0, 600));
    release();
    await hydrated();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    expect(await page.evaluate(() => window.scrollY)).toBe(600);
    // A move inside the app still starts the next page at its top.
    await page.locator('footer').getByRole('link', { name: 'Livraison' }).click();
    await page.waitForURL('**/delivery');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await close();
  });

  it("the app takes the server's page over as it is, rebuilding none of it", async () => {
    const product = (await app.asVisitor.products.list({ pageSize: 1 })).rows[0]!;
    for (const path of ['/', `/products/${product.slug}`, '/contact']) {
      const { page, release, hydrated, close } = await heldPage(path);
      const count = await page.evaluate(() => {
        const nodes = document.querySelectorAll('body *');
        nodes.forEach((node) => node.setAttribute('data-from-server', ''));
        return document.querySelectorAll('main *').length;
      });
      release();
      await hydrated();
      await page.waitForLoadState('networkidle');
      // Elements the browser made itself would lack the mark (the page was thrown away and built again).
      expect(await page.locator('main *:not([data-from-server])').count(), path).toBe(0);
      expect(await page.locator('main [data-from-server]').count(), path).toBe(count);
      await close();
    }
  });
});
