import { randomUUID } from 'node:crypto';
import { formatDiscount, formatXOF } from '@app/shared/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, PHONE, startBrowserApp } from '../support/browser';
import { readOutbox } from '../support/outbox';
import { until } from '../support/until';
import { open, overflows, screenshot } from './storefront/browser';

// « Mon espace » at 360 px (issue 59): a shopper who ordered earlier asks a code, reads it in the
// mail, sees that order, orders it again, and finds the checkout filled with the saved address.

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
});
afterAll(() => app?.close());

describe('Mon espace, on a phone', () => {
  it('signs in with the mailed code, shows the earlier order, re-orders it and fills the checkout in', async () => {
    const tag = randomUUID().slice(0, 5);
    const email = `rachida-${tag}@example.com`;
    const phone = `0196${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    const product = (await app.asAdmin.products.create({
      name: `Chargeur rapide ${tag}`,
      shortDescription: 'x',
      description: '<p>x</p>',
      price: 6_500,
      category: 'accessories',
      stock: 10,
    })) as { id: string; name: string };
    const order = (await app.asVisitor.orders.place({
      customerName: 'Rachida Dossou',
      phone,
      email,
      city: 'Abomey-Calavi',
      address: 'Zogbadjè, près du marché',
      items: [{ id: product.id, type: 'product', quantity: 2 }],
      idempotencyKey: randomUUID(),
    })) as { id: string; number: string };
    // Paid and delivered, it earned the demo's 1 point per 1,000 F: 13 points worth 10 F each.
    await app.asAdmin.orders.setPayment({ id: order.id, to: 'paid' });
    for (const to of ['confirmed', 'shipped', 'delivered'] as const) await app.asAdmin.orders.transition({ id: order.id, to });

    const page = await app.newPage(PHONE);
    await open(page, '/mon-espace');
    await page.getByLabel('Téléphone ou e-mail').fill(phone);
    await page.getByRole('button', { name: 'Recevoir un code' }).click();
    await page.getByRole('status').filter({ hasText: 'un code à 6 chiffres vient d’y être envoyé' }).waitFor();
    const code = await until('the code mail', () =>
      readOutbox(app.config.dataDir)
        .filter((m) => m.includes(`To: ${email}`))
        .map((m) => /Mon espace : (\d{6})/.exec(m)?.[1])
        .find(Boolean),
    );
    // A wrong code first: how many tries are left, and the code field keeps what was typed.
    await page.getByLabel('Code reçu').fill(code === '000000' ? '999999' : '000000');
    await page.getByRole('button', { name: 'Ouvrir mon espace' }).click();
    await page.getByRole('alert').filter({ hasText: 'Code incorrect : encore 4 essais.' }).waitFor();
    await page.getByLabel('Code reçu').fill(code);
    await page.getByRole('button', { name: 'Ouvrir mon espace' }).click();
    await page.getByRole('heading', { name: 'Bonjour Rachida Dossou' }).waitFor();
    const mine = page.getByTestId('my-order').filter({ hasText: order.number });
    await mine.getByText(`2 × ${product.name}`).waitFor();
    await page.getByTestId('points-balance').getByText('13 points').waitFor();
    expect(await overflows(page)).toBe(false);
    await screenshot(page, 'account-360');

    // « Commander à nouveau »: the cart holds the two chargers; the checkout knows who and where.
    await mine.getByRole('button', { name: 'Commander à nouveau' }).click();
    await page.waitForURL('**/cart');
    await page.getByTestId('cart-line').filter({ hasText: product.name }).waitFor();
    await open(page, '/checkout');
    await expect.poll(() => page.getByLabel('Adresse').inputValue()).toBe('Zogbadjè, près du marché');
    expect(await page.getByLabel('Nom complet').inputValue()).toBe('Rachida Dossou');
    expect(await page.getByLabel('Ville').inputValue()).toBe('Abomey-Calavi');
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);
    expect((await page.getByLabel('Téléphone').inputValue()).replace(/\D/g, '')).toBe(`229${phone}`);
    // Her 13 points, as a discount on this order.
    await page.getByLabel('Utiliser 13 de mes 13 points fidélité', { exact: false }).check();
    expect(await page.getByTestId('points-discount').textContent()).toBe(formatDiscount(130));
    // A credit from a return pays part of what is left.
    await app.db
      .insertInto('storeCredits')
      .values({ phone: `+229${phone}`, amount: 5_000, actor: 'test' } as never)
      .execute();
    await open(page, '/checkout');
    await page.getByLabel('Utiliser 13 de mes 13 points fidélité', { exact: false }).check();
    await page.getByLabel(`Utiliser mon avoir de ${formatXOF(5_000)}`).check();
    expect(await page.getByTestId('credit-used').textContent()).toBe(formatDiscount(5_000));
    const total = Number((await page.getByTestId('grand-total').textContent())!.replace(/\D/g, ''));
    expect(await page.getByTestId('amount-due').textContent()).toBe(formatXOF(total - 5_000));
    await screenshot(page, 'account-checkout-360');

    // Erasing is refused while a credit is held (it is her money): here she spent it at the counter.
    await app.db
      .insertInto('storeCredits')
      .values({ phone: `+229${phone}`, amount: -5_000, actor: 'test' } as never)
      .execute();
    // Her data: downloadable, and erased on request (nothing is on its way): the space asks for a code again.
    await open(page, '/mon-espace');
    const mine2 = page.getByRole('region', { name: 'Mes données' });
    expect(await mine2.getByRole('link', { name: 'Télécharger (PDF)' }).getAttribute('href')).toBe('/espace/mes-donnees.pdf');
    await mine2.getByRole('button', { name: 'Effacer mes données' }).click();
    await mine2.getByRole('button', { name: 'Oui, effacer mes données' }).click();
    await page.getByLabel('Téléphone ou e-mail').waitFor();
    expect(
      (await app.db.selectFrom('orders').select('customerName').where('number', '=', order.number).executeTakeFirstOrThrow()).customerName,
    ).toBe('Client effacé');
  });
});
