import fs from 'node:fs';
import path from 'node:path';
import { formatXOF } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, PHONE, startBrowserApp } from '../support/browser';
import { expectNotification, signIn } from './admin/session';
import { screenshot as adminScreenshot } from './admin/screens';
import { open, overflows, screenshot } from './storefront/browser';

// A product sold in versions (issue 55), at 360 px: the shopper picks 256 Go then Bleu, sees that
// version's price and photo, orders it, and only its stock drops; the sold-out one cannot be added.
// At the counter its barcode puts that version on the ticket; the owner edits the grid on her phone.

const PHONE_NAME = 'Smartphone 6,1 pouces – double SIM, 4G';
let app: BrowserApp;
let slug: string;
type Version = { id: string; key: string; name: string; price: number; stock: number | null; image: string | null; barcode: string | null };
let versions: Version[];
let groupId: string;
const stockOf = async (id: string) => ((await app.asAdmin.products.get({ id })) as { stock: number | null }).stock;

beforeAll(async () => {
  app = await startBrowserApp();
  const group = (await app.asVisitor.products.list({ search: 'Smartphone 6,1', pageSize: 5 })).rows[0]!;
  [slug, groupId] = [group.slug, group.id];
  versions = (await app.asVisitor.products.variants({ slug })) as Version[];
});
afterAll(() => app?.close());

describe('the shopper', () => {
  it('picks 256 Go then Bleu, sees its price and photo, orders it: the order names it and only its stock drops', async () => {
    const page = await app.newPage(PHONE);
    await open(page, `/products/${slug}`);
    // The first version in stock, server-rendered: 128 Go, Noir at 185 000.
    await page.getByRole('radio', { name: '128 Go' }).waitFor({ state: 'attached' });
    expect(await page.getByRole('radio', { name: '128 Go' }).isChecked()).toBe(true);
    await page.locator('label', { hasText: '256 Go' }).click();
    await page.waitForURL(/variante=256-go-noir/);
    // 256 Go in black is sold out: said, and it cannot be added.
    await page.getByText('Ce produit est en rupture de stock.').waitFor();
    expect(await page.getByRole('button', { name: 'Ajouter au panier' }).count()).toBe(0);
    expect(await page.getByRole('radio', { name: 'Noir (épuisé)' }).isChecked()).toBe(true);
    await page.locator('label', { hasText: 'Bleu' }).click();
    await page.waitForURL(/variante=256-go-bleu/);
    const blue = versions.find((v) => v.key === '256-go-bleu')!;
    await expect.poll(() => page.getByTestId('price').first().textContent()).toBe(formatXOF(215_000));
    const photo = await page.locator('main img').first().getAttribute('src');
    expect(photo?.split('/').slice(0, 3).join('/')).toBe(blue.image!.split('/').slice(0, 3).join('/'));
    expect(await overflows(page)).toBe(false);
    await screenshot(page, 'variant-256-bleu-360');

    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await open(page, '/cart');
    await page.getByText(`${PHONE_NAME} — 256 Go, Bleu`).first().waitFor();
    await open(page, '/checkout');
    await page.getByLabel('Nom complet').fill('Gildas Ahouandjinou');
    await page.getByLabel('Téléphone').fill('01 97 55 44 33');
    await page.getByLabel('Ville').fill('Cotonou');
    await page.getByLabel('Adresse').fill('Gbégamey, rue 14');
    await page.getByRole('button', { name: 'Confirmer la commande' }).click();
    await page.waitForURL(/\/order\/CMD-\d+$/);
    await page.getByText(`${PHONE_NAME} — 256 Go, Bleu`).first().waitFor();

    const { rows } = await app.asAdmin.orders.list({ search: 'Gildas Ahouandjinou' });
    expect(rows[0]!.items).toMatchObject([{ id: blue.id, name: `${PHONE_NAME} — 256 Go, Bleu`, unitPrice: 215_000, quantity: 1 }]);
    expect(await Promise.all(versions.map((v) => stockOf(v.id)))).toEqual(versions.map((v) => (v.id === blue.id ? v.stock! - 1 : v.stock)));
    await page.context().close();
  });

  it('downloads no zod on any page: the versions’ helpers come without their schemas', () => {
    // The option schemas once sat beside the helpers the product page and the shell use: every
    // page fetched zod (+22 KB gzip). Its error class's name survives minifying.
    const assets = path.resolve('storefront/dist/assets');
    const withZod = fs
      .readdirSync(assets)
      .filter((f) => f.endsWith('.js') && fs.readFileSync(path.join(assets, f), 'utf8').includes('$ZodError'));
    expect(withZod).toEqual([]);
  });

  it('chooses a version without JavaScript: the form reloads the page on it', async () => {
    const context = await app.browser.newContext({ viewport: PHONE, locale: 'fr-FR', javaScriptEnabled: false, baseURL: app.url });
    const page = await context.newPage();
    await page.goto(`/products/${slug}`);
    await page.locator('label', { hasText: 'Bleu' }).click();
    await page.getByRole('button', { name: 'Voir cette version' }).click();
    await page.waitForURL(/o2=Bleu/);
    expect(await page.getByRole('radio', { name: 'Bleu' }).isChecked()).toBe(true);
    expect(await page.getByTestId('price').first().textContent()).toBe(formatXOF(185_000));
    await context.close();
  });
});

describe('the team', () => {
  it('scans a version’s barcode at the counter and sells it', async () => {
    const page = await app.newPage(PHONE);
    await signIn(page);
    const black = versions.find((v) => v.key === '128-go-noir')!;
    const before = await stockOf(black.id);
    await page.goto('/admin/comptoir');
    const search = page.getByLabel('Code-barres, référence ou nom');
    await search.pressSequentially(black.barcode!);
    await search.press('Enter');
    const ticket = page.locator('.ant-card').filter({ hasText: 'Ticket' });
    await ticket.getByText(`${PHONE_NAME} — 128 Go, Noir`).waitFor();
    await page.getByLabel('Montant reçu').fill('200000');
    await page.getByRole('button', { name: /^Encaisser/ }).click();
    await page.getByText(/^Vente CMD-\d+ enregistrée$/).waitFor();
    expect(await stockOf(black.id)).toBe(before! - 1);
    await page.context().close();
  });

  it('edits the grid on a phone: all prices at once, and a barcode another product has is refused, naming it', async () => {
    const page = await app.newPage(PHONE);
    await signIn(page, `/admin/products/edit/${groupId}`);
    await page.getByText('Options et variantes').waitFor();
    await page.getByLabel('Code-barres de 128 Go, Bleu').waitFor();
    await page.getByLabel('Code-barres de 128 Go, Bleu').fill('2000000000053');
    await page.getByRole('button', { name: 'Enregistrer les variantes' }).click();
    await page
      .locator('.ant-card')
      .getByRole('alert')
      .filter({ hasText: 'Le code-barres 2000000000053 est déjà celui de « Smartphone 6,7 pouces' })
      .waitFor();
    await page.getByLabel('Code-barres de 128 Go, Bleu').fill(versions.find((v) => v.key === '128-go-bleu')!.barcode!);
    await page.getByLabel('Prix pour toutes les variantes').fill('199000');
    await page.getByRole('button', { name: 'Appliquer à toutes' }).click();
    await page.getByRole('button', { name: 'Enregistrer les variantes' }).click();
    await expectNotification(page, 'Variantes enregistrées.');
    expect(await overflows(page)).toBe(false);
    await adminScreenshot(page, 'variants-grid-360');
    const after = (await app.asVisitor.products.variants({ slug })) as Version[];
    expect(after.map((v) => v.price)).toEqual([199_000, 199_000, 199_000, 199_000]);
    await page.context().close();
  });
});
