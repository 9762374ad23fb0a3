import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'kysely';
import { blogPosts, countOf, resources, whatsappLink } from '@app/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../support/app';
import { type BrowserApp, PHONE, startBrowserApp } from '../support/browser';
import { FormPage } from './admin/form-page';
import { screenshot } from './admin/screens';
import { expectNoErrors, expectNotification, signIn } from './admin/session';

let app: BrowserApp;
let page: Page;
beforeAll(async () => {
  app = await startBrowserApp();
  page = await app.newPage();
});
afterAll(() => app?.close());

describe('signing in and out', () => {
  it('sends a signed-out visitor to the login page, and refuses a wrong password in French', async () => {
    await page.goto('/admin/products');
    await page.waitForURL(/\/admin\/login/);
    await screenshot(page, 'login-1280');
    await page.getByLabel('E-mail').fill(ADMIN.email);
    await page.getByLabel('Mot de passe').fill('pas le bon');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('alert').filter({ hasText: 'E-mail ou mot de passe incorrect.' }).first().waitFor();
  });

  it('signs in and returns to the page that was asked for', async () => {
    await page.getByLabel('Mot de passe').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/products');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('menuitem').first().waitFor();
    // "Commandes" carries the count of new orders (a badge): the label is what precedes it.
    const labels = (await menu.getByRole('menuitem').allTextContents()).map((t) => t.trim().replace(/\d+$/, ''));
    // The spec's menu (pinned in tests/unit/resources.test.ts), as the registry gives it.
    // The owner's: every screen, the team's last.
    expect(labels).toEqual([
      'Tableau de bord',
      'Vente au comptoir',
      'Tournée',
      'WhatsApp',
      ...resources.map((r) => r.admin.menuLabel),
      'Comptabilité',
      'Équipe',
    ]);
    await expect(menu.getByRole('button', { name: 'Déconnexion' }).isVisible()).resolves.toBe(true);
    // The new orders' count, on « Commandes » only (the menu's badges are declared by entry).
    const { count } = await app.asAdmin.dashboard.newOrders();
    expect(count).toBeGreaterThan(0);
    const badge = menu.locator(`[title="${countOf(count, 'nouvelle commande', 'nouvelles commandes')}"]`);
    await expect.poll(() => badge.count()).toBe(1);
    expect(await badge.evaluate((el) => el.closest('[role=menuitem]')?.textContent)).toMatch(/^Commandes\d+$/);
    await screenshot(page, 'products-1280');
  });

  it('shows the dashboard with links to what needs attention', async () => {
    await page.goto('/admin');
    await page.getByText('Vérifications en attente').first().waitFor();
    for (const title of [
      'Nouvelles commandes',
      'Chiffre d’affaires (30 jours)',
      'Messages non lus',
      'Abonnés à la newsletter',
      'Stock bas',
    ]) {
      await page.getByText(title).first().waitFor();
    }
    await screenshot(page, 'dashboard-1280', true);
  });

  it('reaches the dashboard on a first visit with only the frame’s code: no list, form or declaration', async () => {
    // A new phone: nothing cached. What a slow link carries between the sign-in page and the
    // figures (bench/admin.ts times it): before, 460 KB of compressed scripts, with the registry's
    // validation (zod, the phone numbers' metadata), the tables' and the date pickers' code.
    const phone = await app.newPage(PHONE);
    // When the figures show, in the page's time: what is fetched after (the lists and charts under
    // them) does not count.
    await phone.addInitScript(() => {
      new MutationObserver(() => {
        const w = window as unknown as { figuresAt?: number };
        if (w.figuresAt === undefined && document.querySelector('.ant-statistic-content-value')) w.figuresAt = performance.now();
      }).observe(document, { subtree: true, childList: true });
    });
    // A script still arriving when the page closes (the lists', fetched after the figures) has no
    // text: it is not one of those counted, and its refusal must not go unhandled.
    const texts = new Map<string, Promise<string>>();
    phone.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        texts.set(
          response.url(),
          response.text().catch(() => ''),
        );
    });
    await signIn(phone);
    const before = await phone
      .waitForFunction(() => {
        const at = (window as unknown as { figuresAt?: number }).figuresAt;
        if (at === undefined) return null;
        return performance
          .getEntriesByType('resource')
          .filter((e) => e.startTime < at && new URL(e.name).pathname.endsWith('.js'))
          .map((e) => ({ url: e.name, bytes: (e as PerformanceResourceTiming).encodedBodySize }));
      })
      .then((handle) => handle.jsonValue() as Promise<{ url: string; bytes: number }[]>);
    const loaded = (await Promise.all(before.map((script) => texts.get(script.url) ?? ''))).join('\n');
    expect(loaded.includes('Tableau de bord'), 'the dashboard itself').toBe(true);
    expect(loaded.includes('country_calling_codes'), 'the phone numbers’ metadata').toBe(false);
    expect(loaded.includes('Numéro de téléphone invalide'), 'the declarations’ rules').toBe(false);
    expect(before.reduce((sum, script) => sum + script.bytes, 0)).toBeLessThan(330 * 1024);
    await phone.context().close();
  });

  it('says when backups are missing, old or failing, and otherwise when the last one was made', async () => {
    const alert = page.locator('.ant-alert');
    await page.goto('/admin');
    await alert.getByText('Aucune sauvegarde enregistrée').waitFor();
    await app.db
      .insertInto('backups')
      .values({ file: 'boutique-ancienne.dump', bytes: 3_000_000, createdAt: sql`now() - interval '3 days'` })
      .execute();
    await page.reload();
    await alert.getByText(/^Dernière sauvegarde il y a 3 jours/).waitFor();
    await app.db.insertInto('backups').values({ error: 'pg_dump: connexion refusée' }).execute();
    await page.reload();
    await alert.getByText(/^La dernière sauvegarde a échoué/).waitFor();
    expect(await alert.textContent()).toContain('pg_dump: connexion refusée');
    await app.db.insertInto('backups').values({ file: 'boutique-du-jour.dump', bytes: 5_347_000 }).execute();
    await page.reload();
    // The runs listed under the dashboard, newest first: this one's size, then the failure.
    const runs = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'Sauvegardes' }) });
    await runs.getByText('boutique-du-jour.dump').waitFor();
    expect(await runs.locator('.ant-list-item').first().innerText()).toMatch(
      /^\d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}\s+5,1 Mo\s+boutique-du-jour\.dump$/,
    );
    expect(await alert.count()).toBe(0);
  });
});

describe('the screens the spec singles out', () => {
  it('blog form: leaving the title regenerates the slug; zod and server messages show on the fields', async () => {
    await page.goto('/admin/blog/add');
    const form = new FormPage(page, blogPosts);
    await form.submit();
    expect(await form.errorOf('title')).toBe('Ce champ est obligatoire.');
    await form.fill('image', 'pas une adresse');
    expect(await form.errorOf('image')).toBe("Adresse d'image invalide.");
    await form.fill('image', '');
    await form.fill('title', "L'été à Cotonou : 5 astuces !");
    await page.locator('#title').blur();
    await expect.poll(() => page.locator('#slug').inputValue()).toBe('l-ete-a-cotonou-5-astuces');
    await screenshot(page, 'blog-form-1280', true);

    // A slug already taken: the server's message lands under the slug field.
    const taken = (await app.asAdmin.blogPosts.list({ page: 1, pageSize: 1 })).rows[0]!.slug;
    await form.fill('slug', taken);
    await form.fill('excerpt', 'Un court résumé.');
    await form.fill('content', 'Le contenu de l’article.');
    await form.fill('author', 'La rédaction');
    await form.submit();
    expect(await form.errorOf('slug')).toBe('Ce slug est déjà utilisé : choisissez-en un autre.');
    // The notice says what failed and why, in words: no HTTP status code.
    await expectNotification(page, /Erreur lors de l'ajout/);
    const notice = page.locator('.ant-notification-notice').filter({ hasText: "Erreur lors de l'ajout" }).first();
    expect(await notice.textContent()).toContain('Ce slug est déjà utilisé');
    expect(await notice.textContent()).not.toMatch(/code\s*:\s*\d{3}/);
  });

  it('delivery option: a feature is added once, only when non-empty, and can be removed', async () => {
    await page.goto('/admin/delivery-options/add');
    const add = page.getByRole('button', { name: 'Ajouter à : Avantages' });
    await page.locator('#name').fill('Livraison test E2E');
    await page.locator('#description').fill('Livrée en moto dans tout Cotonou.');
    await page.locator('#price').fill('1500.5');
    await page.locator('#deliveryTime').fill('24 h');
    await add.click(); // empty: nothing added
    for (const feature of ['Suivi par SMS', 'Emballage renforcé', 'suivi par sms', 'À retirer']) {
      await page.locator('#features').fill(feature);
      await add.click();
    }
    await page.getByLabel('Retirer À retirer').click();
    const tags = await page.getByTestId('list-features').locator('.ant-tag').allTextContents();
    expect(tags.map((t) => t.replace('×', '').trim())).toEqual(['Suivi par SMS', 'Emballage renforcé']);
    await screenshot(page, 'delivery-form-1280', true);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expectNotification(page, 'Option de livraison ajoutée');
    const saved = (await app.asAdmin.deliveryOptions.list({ page: 1, pageSize: 5, search: 'Livraison test E2E' })).rows[0]!;
    expect(saved).toMatchObject({ features: ['Suivi par SMS', 'Emballage renforcé'], price: 1500.5 });
  });

  it('testimonial: five stars by default, a click chooses the rating', async () => {
    await page.goto('/admin/testimonials/add');
    const stars = page.locator('.ant-rate-star');
    await stars.first().waitFor();
    expect(await page.locator('.ant-rate-star-full').count()).toBe(5);
    await page.locator('#name').fill('Témoin E2E');
    await page.locator('#role').fill('Cliente');
    await page.locator('#content').fill('Service rapide et sérieux.');
    await stars.nth(2).locator('div[role="radio"]').click();
    expect(await page.locator('.ant-rate-star-full').count()).toBe(3);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expectNotification(page, 'Témoignage ajouté');
    const saved = (await app.asAdmin.testimonials.list({ page: 1, pageSize: 5, search: 'Témoin E2E' })).rows[0]!;
    expect(saved.rating).toBe(3);
  });

  it('verification: list actions, WhatsApp link, detail with notes saved with the status', async () => {
    const request = await app.asAdmin.cryptoVerifications.create({
      name: 'Vérif E2E',
      email: 'verif.e2e@exemple.example',
      phone: '+229 01 96 11 22 33',
      walletAddress: 'bc1qe2etest',
    });
    await page.goto('/admin/verifications');
    await page.waitForURL((url) => url.pathname === '/admin/verification');
    await page.getByRole('combobox', { name: 'Filtrer par statut' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'En attente' }).click();
    await page.getByLabel('Rechercher', { exact: true }).fill('vérif e2e');
    await page.getByLabel('Rechercher', { exact: true }).press('Enter');
    const row = page.locator('tr.ant-table-row').filter({ hasText: 'Vérif E2E' });
    await row.waitFor();
    const whatsapp = row.getByRole('link', { name: /WhatsApp/ });
    expect(await whatsapp.getAttribute('href')).toBe(whatsappLink('+229 01 96 11 22 33'));
    expect(await whatsapp.getAttribute('target')).toBe('_blank');
    await screenshot(page, 'verification-list-1280');
    await row.getByRole('button', { name: 'Rejeter' }).click();
    // A quick action from the list asks first: cancelling changes nothing.
    const confirm = page.locator('.ant-popconfirm:visible');
    await confirm.getByText('Rejeter cette demande ?').waitFor();
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    expect((await app.asAdmin.cryptoVerifications.get({ id: request.id })).status).toBe('pending');
    await row.getByRole('button', { name: 'Rejeter' }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Rejeter' }).click();
    await expectNotification(page, 'Demande mise à jour');
    // Still listed under "En attente"? No: the filter now hides it.
    await expect.poll(() => row.count()).toBe(0);
    expect((await app.asAdmin.cryptoVerifications.get({ id: request.id })).status).toBe('rejected');

    await page.goto(`/admin/verifications/${request.id}`);
    await page.getByText('Demande de Vérif E2E').waitFor();
    await page.getByLabel("Notes de l'administrateur").fill('Pièce d’identité reçue par WhatsApp.');
    await page.getByRole('button', { name: 'Remettre en attente' }).click();
    await expectNotification(page, 'Demande mise à jour');
    await expect.poll(async () => (await app.asAdmin.cryptoVerifications.get({ id: request.id })).status).toBe('pending');
    expect((await app.asAdmin.cryptoVerifications.get({ id: request.id })).notes).toBe('Pièce d’identité reçue par WhatsApp.');
    await page.getByRole('button', { name: 'Remettre en attente' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Marquer comme complétée' }).click();
    await expect.poll(async () => (await app.asAdmin.cryptoVerifications.get({ id: request.id })).status).toBe('completed');
    await screenshot(page, 'verification-detail-1280', true);

    await page.goto(`/admin/verifications/${randomUUID()}`);
    await page.getByText('Demande non trouvée').waitFor();
    await page.getByRole('link', { name: 'Retour à la liste' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/verification');
  });

  it('order: WhatsApp to the international number, allowed moves only, a note, and cancelling gives the stock back', async () => {
    const product = await app.asAdmin.products.create({
      name: 'Tablette Galaxy Tab A9',
      shortDescription: 'Écran 11 pouces',
      description: '<p>Tablette</p>',
      price: 95_000,
      category: 'phones',
      stock: 5,
    });
    const order = (await app.asVisitor.orders.place({
      customerName: 'Client Commande E2E',
      phone: '01 97 12 34 56',
      city: 'Cotonou',
      address: 'Akpakpa',
      items: [{ id: product.id, type: 'product', quantity: 2 }],
      idempotencyKey: randomUUID(),
    })) as { id: string; number: string };
    const stock = async () => ((await app.asAdmin.products.get({ id: product.id })) as { stock: number }).stock;
    expect(await stock()).toBe(3);
    await page.goto('/admin/orders');
    await page.getByLabel('Rechercher', { exact: true }).fill(order.number);
    await page.getByLabel('Rechercher', { exact: true }).press('Enter');
    // The search has answered (the newest order was on screen before it): the list no longer moves.
    await expect.poll(() => page.locator('tr.ant-table-row').count()).toBe(1);
    // Seen once on a loaded CI machine: a tap that never opened the order (the list may have been
    // refetching under its loading mask). The owner would tap again: so does the test, until it opens.
    const open = page.locator('tr.ant-table-row').filter({ hasText: order.number }).getByRole('link', { name: 'Voir' });
    const target = `/admin/orders/${order.id}`;
    await expect
      .poll(
        async () => {
          if (new URL(page.url()).pathname !== target) await open.click({ timeout: 5_000 }).catch(() => undefined);
          return new URL(page.url()).pathname;
        },
        { timeout: 30_000 },
      )
      .toBe(target);
    // Seen failing once in a while on a loaded CI machine: say what the screen showed instead.
    await page
      .getByText(`Commande ${order.number}`)
      .waitFor()
      .catch(async (error: Error) => {
        throw new Error(
          `${error.message}\nOn screen: ${(
            await page
              .locator('body')
              .innerText()
              .catch(() => '?')
          ).slice(0, 600)}`,
        );
      });
    await page.getByText('Sous-total').waitFor();
    const whatsapp = await page.getByRole('link', { name: 'Prévenir sur WhatsApp' }).getAttribute('href');
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/2290197123456\?text=/);
    // Only the next steps are offered.
    expect(await page.getByRole('button', { name: /Passer à/ }).allTextContents()).toEqual(['Passer à « Confirmée »']);
    await page.getByRole('button', { name: 'Passer à « Confirmée »' }).click();
    await expectNotification(page, 'Statut mis à jour.');
    await page.getByRole('button', { name: 'Passer à « Expédiée »' }).waitFor();
    await page.getByLabel('Note interne').fill('Livreur prévenu pour 15 h.');
    await page.getByRole('button', { name: 'Ajouter' }).click();
    await page.getByText('Livreur prévenu pour 15 h.').waitFor();
    await page.getByRole('button', { name: 'Annuler la commande' }).click();
    await page.getByRole('button', { name: 'Oui, annuler' }).click();
    await expect.poll(async () => ((await app.asAdmin.orders.get({ id: order.id })) as { status: string }).status).toBe('cancelled');
    await expect.poll(stock).toBe(5);
    await page.getByRole('button', { name: 'Rouvrir la commande' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'order-detail-1280', true);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.getByText(`Commande ${order.number}`).waitFor();
    // The notifications (fixed, 384 px wide) would be measured too: wait until they are gone.
    await page.locator('.ant-notification-notice').first().waitFor({ state: 'detached', timeout: 15_000 });
    await screenshot(page, 'order-detail-360');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(width).toBeLessThanOrEqual(360);
  });

  it('an edit screen for a record that does not exist goes back to the list', async () => {
    await page.goto(`/admin/products/edit/${randomUUID()}`);
    await page.waitForURL((url) => url.pathname === '/admin/products');
    await expectNotification(page, /introuvable/);
  });

  it('settings: the business details are saved', async () => {
    await page.goto('/admin/settings');
    // The form shows, then fills in from the stored settings.
    await page.locator('#businessName').waitFor();
    await expect.poll(() => page.locator('#businessName').inputValue(), { timeout: 10_000 }).not.toBe('');
    // Phones as people read them, not as they are stored (+2290100000000).
    expect(await page.locator('#phone').inputValue()).toBe('01 00 00 00 00');
    await page.getByText(/Vide : les alertes vont à l’e-mail du premier administrateur/).waitFor();
    await page.locator('#tagline').fill('Le slogan modifié par le test.');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expectNotification(page, 'Paramètres mis à jour');
    const saved = await app.asAdmin.settings.get();
    expect(saved.tagline).toBe('Le slogan modifié par le test.');
    expect(saved.phone).toBe('+2290100000000');
    await screenshot(page, 'settings-1280', true);
  });

  it('newsletter: the subscribers export as CSV', async () => {
    await app.asAdmin.newsletterSubscribers.create({ email: 'csv.e2e@exemple.example' });
    await page.goto('/admin/newsletter');
    await page.getByText('csv.e2e@exemple.example').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporter en CSV' }).click()]);
    const file = await download.path();
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toContain('"E-mail";"Inscrit le"');
    expect(text).toContain('"csv.e2e@exemple.example"');
  });

  it('messages: the read flag toggles from the list', async () => {
    const message = await app.asAdmin.contactMessages.create({
      name: 'Message E2E',
      contact: '+229 01 90 00 00 00',
      subject: 'Question',
      message: 'Bonjour.',
    });
    await page.goto('/admin/messages');
    const row = page.locator('tr.ant-table-row').filter({ hasText: 'Message E2E' });
    await row.getByRole('button', { name: 'Marquer comme lu' }).click();
    await row.getByRole('button', { name: 'Marquer non lu' }).waitFor();
    expect((await app.asAdmin.contactMessages.get({ id: message.id })).read).toBe(true);
  });

  it('logs out to the login page, and the admin is closed again', async () => {
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Déconnexion' }).click();
    await page.waitForURL(/\/admin\/login/);
    await page.goto('/admin/orders');
    await page.waitForURL(/\/admin\/login/);
    expectNoErrors(app.errors);
  });
});
