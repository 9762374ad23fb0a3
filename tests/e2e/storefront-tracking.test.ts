import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, PHONE, startBrowserApp } from '../support/browser';
import { screenshot } from './storefront/browser';

// A customer who closed the tab finds the order again, in a fresh browser: by number and phone, or by the private link.

let app: BrowserApp;
let order: { number: string; trackingToken: string };
beforeAll(async () => {
  app = await startBrowserApp();
  const product = (await app.asAdmin.products.create({
    name: 'Écouteurs sans fil Pro',
    shortDescription: 'Bluetooth 5.3',
    description: '<p>Écouteurs</p>',
    price: 25_000,
    category: 'audio',
    stock: 10,
  } as never)) as { id: string };
  order = (await app.asVisitor.orders.place({
    customerName: 'Bienvenu Zinsou',
    phone: '+229 01 61 22 33 44',
    city: 'Abomey-Calavi',
    address: 'Zogbadjè',
    items: [{ id: product.id, type: 'product', quantity: 2 }],
    idempotencyKey: randomUUID(),
  } as never)) as { number: string; trackingToken: string };
});
afterAll(() => app?.close());

describe('order tracking', () => {
  it('finds the order by number and phone typed the local way, with its status and lines', async () => {
    const page = await app.newPage(PHONE);
    await page.goto('/suivi');
    await page.getByLabel('Numéro de commande').fill(order.number.toLowerCase());
    await page.getByLabel('Téléphone').fill('01 61 22 33 44');
    await page.getByRole('button', { name: 'Voir ma commande' }).click();
    const tracked = page.getByTestId('tracked-order');
    await tracked.waitFor();
    expect(await tracked.textContent()).toContain(`Commande ${order.number}`);
    expect(await tracked.textContent()).toContain('Statut : Nouvelle');
    expect(await tracked.textContent()).toContain('2 × Écouteurs sans fil Pro');
    await screenshot(page, 'tracking-360');
    // A wrong phone gets the same French answer as a wrong number.
    await page.getByLabel('Téléphone').fill('01 61 22 33 45');
    await page.getByRole('button', { name: 'Voir ma commande' }).click();
    await page.getByRole('alert').filter({ hasText: 'Commande introuvable' }).waitFor();
    await page.close();
  });

  it('opens the private link from the confirmation directly', async () => {
    await app.asAdmin.orders.transition({ id: (await app.asAdmin.orders.list({ search: order.number })).rows[0]!.id, to: 'confirmed' } as never);
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
    const page = await app.newPage(PHONE);
    await page.goto('/');
    await page.evaluate(
      (item) => localStorage.setItem('cart', JSON.stringify({ items: [item], delivery: null })),
      { id: course.id, type: 'course', name: course.title, price: course.price, quantity: 1 },
    );
    await page.goto('/checkout');
    await page.getByLabel('Nom complet').fill('Sèna Adjovi');
    expect(await page.getByLabel('Adresse').count()).toBe(0);
    expect(await page.getByRole('group', { name: 'Livraison' }).count()).toBe(0);
    await page.getByLabel('Téléphone').fill('01 97 12 34 56');
    await screenshot(page, 'checkout-course-only-360');
    await page.getByRole('button', { name: 'Confirmer la commande' }).click();
    await page.getByText('Merci pour votre commande !').waitFor();
    const number = await page.getByTestId('order-number').textContent();
    const { rows } = await app.asAdmin.orders.list({ search: number! });
    expect(rows[0]).toMatchObject({ phone: '+2290197123456', deliveryCost: 0 });
    const order = (await app.asAdmin.orders.get({ id: rows[0]!.id })) as { address: string | null; city: string | null };
    expect(order).toMatchObject({ address: null, city: null });
    // The confirmation links to the private tracking page.
    await page.getByRole('link', { name: 'Suivre ma commande' }).click();
    await page.getByTestId('tracked-order').waitFor();
    await page.close();
  });
});

