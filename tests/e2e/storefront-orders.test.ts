import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingCode } from '@app/shared/format';
import { type BrowserApp, PHONE, startBrowserApp } from '../support/browser';
import { toast } from './storefront/app';
import { open, putInCart, screenshot } from './storefront/browser';

// After the order: tracking in a fresh browser, orders with nothing to deliver, and a cart that knows the stock.

let app: BrowserApp;
let order: { number: string; trackingToken: string };
beforeAll(async () => {
  app = await startBrowserApp();
  const product = await app.asAdmin.products.create({
    name: 'Écouteurs sans fil Pro',
    shortDescription: 'Bluetooth 5.3',
    description: '<p>Écouteurs</p>',
    price: 25_000,
    category: 'audio',
    stock: 10,
  });
  order = (await app.asVisitor.orders.place({
    customerName: 'Bienvenu Zinsou',
    phone: '+229 01 61 22 33 44',
    city: 'Abomey-Calavi',
    address: 'Zogbadjè',
    items: [{ id: product.id, type: 'product', quantity: 2 }],
    idempotencyKey: randomUUID(),
  })) as { number: string; trackingToken: string };
});
afterAll(() => app?.close());

describe('order tracking', () => {
  it('finds the order by number, phone typed the local way and tracking code, with its status and lines', async () => {
    const page = await app.newPage(PHONE);
    await page.goto('/suivi');
    await page.getByLabel('Numéro de commande').fill(order.number.toLowerCase());
    await page.getByLabel('Téléphone').fill('01 61 22 33 44');
    // Typed as read out loud: lower case, a space in the middle.
    const code = trackingCode(order.trackingToken);
    await page.getByLabel('Code de suivi').fill(`${code.slice(0, 3)} ${code.slice(3)}`.toLowerCase());
    await page.getByRole('button', { name: 'Voir ma commande' }).click();
    const tracked = page.getByTestId('tracked-order');
    await tracked.waitFor();
    expect(await tracked.textContent()).toContain(`Commande ${order.number}`);
    expect(await tracked.textContent()).toContain(`Code de suivi : ${code}`);
    expect(await tracked.textContent()).toContain('Statut : Nouvelle');
    expect(await tracked.textContent()).toContain('2 × Écouteurs sans fil Pro');
    await screenshot(page, 'tracking-360');
    // A wrong phone gets the same French answer as a wrong number.
    await page.getByLabel('Téléphone').fill('01 61 22 33 45');
    await page.getByRole('button', { name: 'Voir ma commande' }).click();
    await page.getByRole('alert').filter({ hasText: 'Commande introuvable' }).waitFor();
    await page.close();
  });

  it('is found from the menu and from a confirmation opened elsewhere; a short number works, an old phone is explained', async () => {
    const page = await app.newPage(PHONE);
    await open(page, '/');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page.getByRole('navigation', { name: 'Menu mobile' }).getByRole('link', { name: 'Suivre ma commande' }).click();
    await page.waitForURL('**/suivi');
    await page.getByLabel('Numéro de commande').fill(String(Number(order.number.replace(/\D/g, ''))));
    await page.getByLabel('Téléphone').fill('61 22 33 44');
    await page.getByLabel('Code de suivi').fill(trackingCode(order.trackingToken));
    await page.getByRole('button', { name: 'Voir ma commande' }).click();
    await page.getByText('Depuis 2024, les numéros du Bénin ont 10 chiffres : ajoutez 01 devant').waitFor();
    await page.getByLabel('Téléphone').fill('01 61 22 33 44');
    await page.getByRole('button', { name: 'Voir ma commande' }).click();
    await page.getByTestId('tracked-order').getByText(`Commande ${order.number}`).waitFor();
    expect(await page.getByLabel('Numéro de commande').inputValue()).toBe(order.number);
    await page.context().close();

    // The confirmation's address opened in another browser: it leads to tracking, number filled in.
    const elsewhere = await app.newPage(PHONE);
    await open(elsewhere, `/order/${order.number}`);
    await elsewhere.getByRole('heading', { name: 'Commande introuvable' }).waitFor();
    await elsewhere.getByRole('main').getByRole('link', { name: 'Suivre ma commande' }).click();
    await elsewhere.waitForURL(`**/suivi?numero=${order.number}`);
    expect(await elsewhere.getByLabel('Numéro de commande').inputValue()).toBe(order.number);
    await elsewhere.getByLabel('Téléphone').fill('+229 01 61 22 33 44');
    await elsewhere.getByRole('button', { name: 'Voir ma commande' }).click();
    // Without the code: said on its field, nothing asked of the server.
    await elsewhere.getByText('Code de suivi attendu : 6 caractères').waitFor();
    await elsewhere.getByLabel('Code de suivi').fill(trackingCode(order.trackingToken));
    await elsewhere.getByRole('button', { name: 'Voir ma commande' }).click();
    await elsewhere.getByTestId('tracked-order').waitFor();
    await elsewhere.context().close();
  });

  it('opens the private link from the confirmation directly', async () => {
    await app.asAdmin.orders.transition({ id: (await app.asAdmin.orders.list({ search: order.number })).rows[0]!.id, to: 'confirmed' });
    const page = await app.newPage(PHONE);
    await page.goto(`/suivi/${order.trackingToken}`);
    const tracked = page.getByTestId('tracked-order');
    await tracked.waitFor();
    expect(await tracked.textContent()).toContain('Statut : Confirmée');
    expect(await tracked.textContent()).toContain('Commande passée');
    await page.close();
  });
});

describe('an order with nothing to deliver', () => {
  it('checks out an online course with name and phone only: no address, no delivery option', async () => {
    const course = (await app.asVisitor.cryptoCourses.list({ pageSize: 1 })).rows[0]!;
    // Booked on its next session, as the courses page does when it has some.
    const session = (await app.asVisitor.courseSessions.upcoming()).find((s) => s.courseId === course.id);
    const booked = session ? { sessionId: session.id, session: 'session à venir' } : {};
    const page = await app.newPage(PHONE);
    await putInCart(page, [{ id: course.id, type: 'course', name: course.title, price: course.price, quantity: 1, ...booked }]);
    await page.goto('/checkout');
    await page.getByLabel('Nom complet').fill('Sèna Adjovi');
    expect(await page.getByLabel('Adresse').count()).toBe(0);
    expect(await page.getByRole('group', { name: 'Livraison' }).count()).toBe(0);
    await page.getByLabel('Téléphone').fill('01 97 12 34 56');
    // Nothing is delivered: no payment "à la livraison".
    expect(await page.getByRole('radio', { name: /livraison/i }).count()).toBe(0);
    await page.getByRole('radio', { name: 'En espèces, comme convenu avec nous' }).check();
    await screenshot(page, 'checkout-course-only-360');
    await page.getByRole('button', { name: 'Confirmer la commande' }).click();
    await page.getByText('Merci pour votre commande !').waitFor();
    const confirmation = await page.getByRole('main').innerText();
    expect(confirmation).toContain('pour confirmer votre commande et convenir de la suite.');
    expect(confirmation).not.toMatch(/livraison/i);
    expect(confirmation).toContain('En espèces, comme convenu avec nous');
    const number = await page.getByTestId('order-number').textContent();
    const { rows } = await app.asAdmin.orders.list({ search: number! });
    expect(rows[0]).toMatchObject({ phone: '+2290197123456', deliveryCost: 0 });
    const order = (await app.asAdmin.orders.get({ id: rows[0]!.id })) as { address: string | null; city: string | null };
    expect(order).toMatchObject({ address: null, city: null });
    // The tracking code that finds it without the link, said on the confirmation.
    const placed = (await app.asAdmin.orders.get({ id: rows[0]!.id })) as { trackingToken: string };
    expect(await page.getByTestId('tracking-code').textContent()).toBe(trackingCode(placed.trackingToken));
    // The WhatsApp summary carries the private tracking link too.
    const whatsapp = decodeURIComponent(
      (await page.getByRole('link', { name: 'Envoyer ma commande sur WhatsApp' }).getAttribute('href')) ?? '',
    );
    expect(whatsapp).toMatch(/Suivi : http:\/\/127\.0\.0\.1:\d+\/suivi\/[0-9a-f]{64}/);
    // The confirmation links to the private tracking page, which offers the receipt as a PDF.
    await page.getByRole('main').getByRole('link', { name: 'Suivre ma commande' }).click();
    await page.getByTestId('tracked-order').waitFor();
    const receipt = await page.getByRole('link', { name: 'Télécharger le reçu (PDF)' }).getAttribute('href');
    const pdf = await page.request.get(receipt!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(execFileSync('pdftotext', ['-', '-'], { input: await pdf.body() }).toString()).toContain(`commande ${number}`);
    await page.close();
  });
});

describe('stock in the cart', () => {
  it('refuses more than the stock in French, says what is left, and marks a line that became short', async () => {
    const product = await app.asAdmin.products.create({
      name: 'Power bank 20000 mAh',
      shortDescription: 'Charge rapide',
      description: '<p>Batterie</p>',
      price: 15_000,
      category: 'accessories',
      stock: 3,
      featured: true,
    });
    const page = await app.newPage(PHONE);
    await page.goto(`/products/${product.slug}`);
    const quantity = page.getByRole('spinbutton', { name: 'Quantité de Power bank 20000 mAh' });
    await quantity.fill('2');
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await quantity.fill('2');
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await toast(page, 'Il ne reste que 3 « Power bank 20000 mAh » en stock : 1 ajouté au panier.');
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await toast(page, 'Il ne reste que 3 « Power bank 20000 mAh » en stock, et votre panier les contient déjà.');
    await page.goto('/cart');
    await page.getByTestId('stock-left').filter({ hasText: 'Plus que 3 en stock.' }).waitFor();
    expect(await page.getByRole('button', { name: 'Augmenter la quantité de Power bank 20000 mAh' }).isDisabled()).toBe(true);
    // Someone else bought two meanwhile: the line says so, and checkout waits for the shopper.
    await app.asAdmin.products.correctStock({ id: product.id, to: 1, reason: 'lost' });
    await page.reload();
    await page.getByTestId('stock-short').filter({ hasText: 'Il ne reste que 1 article disponible : réduisez la quantité.' }).waitFor();
    await screenshot(page, 'cart-short-360');
    await page.goto('/checkout');
    await page.getByText('Le stock a baissé depuis votre ajout').waitFor();
    expect(await page.getByRole('button', { name: 'Confirmer la commande' }).isDisabled()).toBe(true);
    await page.close();
  });
});
