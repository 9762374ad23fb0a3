import { formatDiscount, formatXOF } from '@app/shared/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, DESKTOP, PHONE, startBrowserApp } from '../support/browser';
import { addFromDetail, badge, firstProducts, readCart, toast } from './storefront/app';
import { open, overflows, screenshot } from './storefront/browser';
import { expectNotification, signIn } from './admin/session';
import { pdfText } from '../support/pdf';

// The cart of spec sections 4 and 9, the delivery choice, and a checkout that places one real order.

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
});
afterAll(() => app?.close());

describe('cart', () => {
  it('merges same id and type, updates, removes at zero, totals, and survives a reload', async () => {
    const page = await app.newPage(PHONE);
    const { inStock } = await firstProducts(app);
    const [a, b] = inStock as [(typeof inStock)[0], (typeof inStock)[0]];
    await addFromDetail(page, a.id, 2);
    await addFromDetail(page, a.id, 1);
    await addFromDetail(page, b.id, 1);
    await open(page, '/crypto-courses');
    await page.getByRole('button', { name: "S'inscrire" }).first().click();
    await expect.poll(() => badge(page).textContent()).toBe('5');

    const stored = await readCart(page);
    expect(stored.items.map((i: { id: string; type: string; quantity: number }) => [i.id, i.type, i.quantity])).toEqual([
      [a.id, 'product', 3],
      [b.id, 'product', 1],
      [stored.items[2].id, 'course', 1],
    ]);
    expect(stored.items[2].id).toBe((await app.asVisitor.cryptoCourses.list({ pageSize: 50, sort: 'price', order: 'asc' })).rows[0]!.id);

    await open(page, '/cart');
    const lines = page.getByTestId('cart-line');
    expect(await lines.count()).toBe(3);
    const subtotal = a.price * 3 + b.price + stored.items[2].price;
    expect(await page.getByTestId('subtotal').textContent()).toBe(formatXOF(subtotal));
    // The delivery the shop recommends is chosen until the shopper picks another, and counted.
    const recommended = (await app.asVisitor.deliveryOptions.list({ pageSize: 20 })).rows.find((o) => o.recommended)!;
    expect(await page.getByRole('radio', { name: new RegExp(recommended.name) }).isChecked()).toBe(true);
    expect(await page.getByTestId('grand-total').textContent()).toBe(formatXOF(subtotal + recommended.price));
    expect(await overflows(page)).toBe(false);
    await screenshot(page, 'cart-filled-360');

    // b: 1 → 0 with the minus button removes the line (spec 5: zero or less removes).
    await page.getByRole('button', { name: `Diminuer la quantité de ${b.name}` }).click();
    await expect.poll(() => lines.count()).toBe(2);
    // Typing a quantity sets it.
    await page.getByRole('spinbutton', { name: `Quantité de ${a.name}` }).fill('4');
    await expect.poll(() => badge(page).textContent()).toBe('5');
    // Remove by id and type.
    await page.getByTestId('cart-line').filter({ hasText: 'Formation' }).getByRole('button', { name: 'Retirer' }).click();
    await expect.poll(() => lines.count()).toBe(1);
    expect(await page.getByTestId('subtotal').textContent()).toBe(formatXOF(a.price * 4));

    await page.reload();
    await page.getByTestId('cart-line').first().waitFor();
    expect(await badge(page).textContent()).toBe('4');
    expect(await page.getByTestId('subtotal').textContent()).toBe(formatXOF(a.price * 4));
    await page.context().close();
  });

  it('on a phone, the toast of an addition leaves the buttons free and goes after a few seconds', async () => {
    const page = await app.newPage(PHONE);
    await open(page, '/products');
    const buttons = page.getByRole('button', { name: /Ajouter .*au panier/ });
    const button = buttons.nth(2);
    await button.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await button.click();
    const shown = page.locator('.Toastify__toast').filter({ hasText: 'ajouté au panier' }).first();
    await shown.waitFor();
    // Measured where it stays: once its own entrance is over (not its progress bar's, which lasts its life).
    await shown.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    const box = (await shown.boundingBox())!;
    // At the top of the screen, away from the thumb: it leaves free the button just tapped and
    // those after it, where the shopper taps next (a row scrolled above may sit under it).
    expect(box.y + box.height).toBeLessThan(PHONE.height / 4);
    for (const other of (await buttons.all()).slice(2)) {
      const b = await other.boundingBox();
      if (!b || b.y > PHONE.height || b.y + b.height < 0) continue; // off screen
      const overlaps = box.x < b.x + b.width && b.x < box.x + box.width && box.y < b.y + b.height && b.y < box.y + box.height;
      expect(overlaps, `the toast covers a button at y=${b.y}`).toBe(false);
    }
    await shown.waitFor({ state: 'detached', timeout: 5_000 });
    await page.context().close();
  });

  it('ignores a corrupt saved cart instead of crashing', async () => {
    const page = await app.newPage(PHONE);
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('cart', '{"items": [{"id": 1}], oops'));
    await open(page, '/cart');
    await page.getByText('Votre panier est vide.').waitFor();
    expect(await badge(page).count()).toBe(0);
    expect(app.errors).toEqual([]);
    await page.context().close();
  });

  it('choosing a delivery option sets the cart delivery, adds its price, and clearing empties everything', async () => {
    const page = await app.newPage(DESKTOP);
    const { inStock } = await firstProducts(app);
    const options = (await app.asVisitor.deliveryOptions.list({ pageSize: 10 })).rows;
    const paid = options.find((o) => o.price > 0)!;
    await addFromDetail(page, inStock[0]!.id, 1);
    await open(page, '/delivery');
    await page.getByRole('article').filter({ hasText: paid.name }).getByRole('button', { name: 'Choisir cette option' }).click();
    await toast(page, `Livraison choisie : ${paid.name}`);
    expect((await readCart(page)).delivery).toEqual({ id: paid.id, name: paid.name, price: paid.price });
    await open(page, '/cart');
    expect(await page.getByTestId('delivery-cost').textContent()).toBe(formatXOF(paid.price));
    expect(await page.getByTestId('grand-total').textContent()).toBe(formatXOF(inStock[0]!.price + paid.price));
    await screenshot(page, 'cart-filled-1280');
    await page.reload();
    await page.getByTestId('delivery-cost').waitFor();
    expect(await page.getByTestId('delivery-cost').textContent()).toBe(formatXOF(paid.price));

    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Vider le panier' }).click();
    await page.getByText('Votre panier est vide.').waitFor();
    expect(await readCart(page)).toEqual({ items: [], delivery: null });
    await page.context().close();
  });
});

describe('checkout', () => {
  it('shows French messages for bad input and keeps what was typed', async () => {
    const page = await app.newPage(PHONE);
    const { inStock } = await firstProducts(app);
    await addFromDetail(page, inStock[0]!.id, 1);
    await open(page, '/checkout');
    await page.getByLabel('Nom complet').fill('Awa Test');
    await page.getByLabel('Téléphone').fill('12ab');
    await page.getByRole('button', { name: 'Confirmer la commande' }).click();
    await page.getByText('Numéro de téléphone invalide').waitFor();
    await page.getByText('Indiquez votre ville.').waitFor();
    // The delivery the shop recommends is already chosen: nothing to say about it.
    const recommended = (await app.asVisitor.deliveryOptions.list({ pageSize: 20 })).rows.find((o) => o.recommended)!;
    expect(await page.getByRole('radio', { name: new RegExp(recommended.name) }).isChecked()).toBe(true);
    expect(await page.getByText('Choisissez une option de livraison.').count()).toBe(0);
    expect(await overflows(page)).toBe(false);
    await screenshot(page, 'checkout-errors-360');
    expect(await page.getByLabel('Nom complet').inputValue()).toBe('Awa Test');
    expect(await page.getByLabel('Téléphone').inputValue()).toBe('12ab');
    await page.context().close();
  });

  it('a double click and a retry after a lost answer create exactly one order; the confirmation offers WhatsApp', async () => {
    const page = await app.newPage(PHONE);
    const { inStock } = await firstProducts(app);
    const product = inStock[0]!;
    const options = (await app.asVisitor.deliveryOptions.list({ pageSize: 10 })).rows;
    const option = options.find((o) => o.price > 0)!;
    await addFromDetail(page, product.id, 2);
    await open(page, '/checkout');
    await page.getByLabel('Nom complet').fill('Client Double Clic');
    await page.getByLabel('Téléphone').fill('+229 01 97 12 34 56');
    await page.getByLabel('Ville').fill('Cotonou');
    await page.getByLabel('Adresse').fill('Quartier Haie Vive, rue 12');
    await page.getByRole('radio', { name: /Mobile money à la livraison/ }).check();
    await page.getByRole('radio', { name: new RegExp(option.name) }).check();

    // First attempt: the server places the order but the answer is lost on the way back.
    let placed = 0;
    await page.route('**/trpc/orders.place**', async (route) => {
      placed++;
      if (placed === 1) {
        await route.fetch();
        await route.abort('connectionreset');
      } else {
        await route.continue();
      }
    });
    await page.getByRole('button', { name: 'Confirmer la commande' }).click();
    await toast(page, 'Connexion impossible');
    expect(await page.getByLabel('Nom complet').inputValue()).toBe('Client Double Clic');

    // The shopper tries again, impatiently: a double click.
    await page.getByRole('button', { name: 'Confirmer la commande' }).dblclick();
    await page.waitForURL(/\/order\/CMD-\d+$/);
    const number = await page.getByTestId('order-number').textContent();
    expect(await overflows(page)).toBe(false);
    await screenshot(page, 'order-360');

    const { rows } = await app.asAdmin.orders.list({ search: 'Client Double Clic' });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.number).toBe(number);
    expect(rows[0]!.total).toBe(product.price * 2 + option.price);
    expect(rows[0]!.paymentMethod).toBe('mobile_money_on_delivery');
    expect(await page.getByTestId('order-total').textContent()).toBe(formatXOF(product.price * 2 + option.price));

    const whatsapp = page.getByRole('link', { name: 'Envoyer ma commande sur WhatsApp' });
    expect(await whatsapp.getAttribute('target')).toBe('_blank');
    const href = new URL((await whatsapp.getAttribute('href'))!);
    expect(href.origin + href.pathname).toBe('https://wa.me/2290100000001');
    const text = href.searchParams.get('text')!;
    expect(text).toContain(number!);
    expect(text).toContain(`2 × ${product.name}`);
    expect(text).toContain(`Total : ${formatXOF(product.price * 2 + option.price)}`);

    // The cart is empty after the order.
    expect(await badge(page).count()).toBe(0);
    expect(await readCart(page)).toEqual({ items: [], delivery: null });
    await page.reload();
    await page.getByTestId('order-number').waitFor();
    expect(app.errors.filter((e) => !e.includes('ERR_CONNECTION_RESET') && !e.includes('Failed to load resource'))).toEqual([]);
    await page.context().close();
  });
  it('a promo code from a shared link applies at checkout on a phone; confirmation, receipt and admin order show it', async () => {
    const code = await app.asAdmin.promoCodes.create({ code: 'WHATSAPP15', label: 'Groupe WhatsApp -15 %', kind: 'percent', value: 15 });
    const page = await app.newPage(PHONE);
    const { inStock } = await firstProducts(app);
    const product = inStock[1]!;
    const option = (await app.asVisitor.deliveryOptions.list({ pageSize: 10 })).rows.find((o) => o.price > 0)!;
    const discount = Math.round(product.price * 2 * 0.15);
    await open(page, '/products?code=whatsapp15');
    await addFromDetail(page, product.id, 2);
    await open(page, '/checkout');
    await page.getByRole('status').filter({ hasText: 'Code WHATSAPP15 appliqué : Groupe WhatsApp -15 %' }).waitFor();
    expect(await page.getByTestId('discount').textContent()).toBe(formatDiscount(discount));

    // Taken off, a wrong code is refused with its reason; the right one typed in lower case applies.
    await page.getByRole('button', { name: 'Retirer' }).click();
    await page.getByLabel('Code promo').fill('FAUX2026');
    await page.getByRole('button', { name: 'Appliquer' }).click();
    await page.getByText('Code promo inconnu : vérifiez-le.').waitFor();
    await screenshot(page, 'checkout-promo-refused-360');
    expect(await page.getByTestId('discount').count()).toBe(0);
    await page.getByLabel('Code promo').fill('whatsapp15');
    await page.getByLabel('Code promo').press('Enter');
    await page.getByTestId('discount').waitFor();

    await page.getByLabel('Nom complet').fill('Client Code Promo');
    await page.getByLabel('Téléphone').fill('01 97 44 55 66');
    await page.getByLabel('Ville').fill('Porto-Novo');
    await page.getByLabel('Adresse').fill('Ouando, près du marché');
    await page.getByRole('radio', { name: new RegExp(option.name) }).check();
    // Unticked until the shopper ticks it.
    const consent = page.getByRole('checkbox', { name: /recevoir les offres et nouveautés de la boutique par WhatsApp/ });
    expect(await consent.isChecked()).toBe(false);
    await consent.check();
    const total = product.price * 2 - discount + option.price;
    expect(await page.getByTestId('grand-total').textContent()).toBe(formatXOF(total));
    expect(await overflows(page)).toBe(false);
    await screenshot(page, 'checkout-promo-360');
    await page.getByRole('button', { name: 'Confirmer la commande' }).click();
    await page.waitForURL(/\/order\/CMD-\d+$/);
    expect(await page.getByTestId('order-discount').textContent()).toBe(formatDiscount(discount));
    expect(await page.getByTestId('order-total').textContent()).toBe(formatXOF(total));
    await screenshot(page, 'order-promo-360');

    const [order] = (await app.asAdmin.orders.list({ search: 'Client Code Promo' })).rows;
    expect(order).toMatchObject({ promoCode: 'WHATSAPP15', discount, total, marketingConsent: true });
    const full = (await app.asAdmin.orders.get({ id: order!.id })) as { trackingToken: string };
    const receipt = await fetch(`${app.url}/suivi/${full.trackingToken}/recu.pdf`);
    expect(pdfText(Buffer.from(await receipt.arrayBuffer()))).toContain('Code promo WHATSAPP15 (Groupe WhatsApp -15 %)');
    expect(((await app.asAdmin.promoCodes.get({ id: code.id })) as { uses: number }).uses).toBe(1);

    const admin = await app.newPage(PHONE);
    await signIn(admin, `/admin/orders/${order!.id}`);
    await admin.getByText('Code promo WHATSAPP15 (Groupe WhatsApp -15 %)').waitFor();
    const squeeze = (text: string) => text.replace(/\s/g, '');
    expect(squeeze(await admin.locator('main').innerText())).toContain(squeeze(formatDiscount(discount)));
    // The buyer is a customer who agreed to offers, with this order and a WhatsApp chat.
    const [customer] = (await app.asAdmin.customers.list({ search: '01 97 44 55 66' })).rows;
    expect(customer).toMatchObject({ name: 'Client Code Promo', ordersCount: 1, marketingConsent: true });
    // From the order to its customer.
    await admin.getByRole('link', { name: 'Fiche client' }).click();
    await admin.waitForURL(`${app.url}/admin/clients/${customer!.id}`);
    await admin.getByRole('link', { name: new RegExp(order!.number) }).waitFor();
    expect(await admin.getByRole('link', { name: 'WhatsApp' }).and(admin.locator('[href^="https://wa.me/"]')).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/2290197445566\?/,
    );
    expect(await overflows(admin)).toBe(false);
    // The customer writes that they want no more offers: the owner records it from the same screen.
    await admin.getByRole('button', { name: 'Ne plus lui envoyer d’offres' }).click();
    await admin.getByRole('button', { name: 'Confirmer' }).click();
    await expectNotification(admin, 'Client Code Promo ne recevra plus d’offres.');
    await admin.getByText(/^Ne veut plus d’offres depuis le \d\d\/\d\d\/\d{4}/).waitFor();
    expect(await app.asAdmin.customers.get({ id: customer!.id })).toMatchObject({ marketingConsent: false });
    await admin.context().close();
    // Used: the shared link's code is not applied to the next order.
    await addFromDetail(page, product.id, 1);
    await open(page, '/checkout');
    await page.getByLabel('Code promo').waitFor();
    expect(await page.getByTestId('discount').count()).toBe(0);
    await page.context().close();
  });
});
