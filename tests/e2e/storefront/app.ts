import type { Page } from 'playwright-core';
import type { BrowserApp } from '../../support/browser';

/** Page-object style helpers over the storefront's French labels. */

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });
export const mobileNav = (page: Page) => page.getByRole('navigation', { name: 'Menu mobile' });
/** The header's cart count, when it shows (it is in the page, hidden, while the cart is empty). */
export const badge = (page: Page) => page.getByTestId('cart-badge').filter({ visible: true });

export async function toast(page: Page, text: string | RegExp) {
  await page.locator('.Toastify__toast').filter({ hasText: text }).first().waitFor();
}

export async function firstProducts(app: BrowserApp) {
  const { rows } = await app.asVisitor.products.list({ pageSize: 100 });
  const inStock = rows.filter((p) => p.stock === null || p.stock >= 5);
  return { rows, inStock, soldOut: rows.find((p) => p.stock === 0), untracked: rows.find((p) => p.stock === null) };
}

export const readCart = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? 'null'));

/** Adds a product from its detail page with the given quantity. */
export async function addFromDetail(page: Page, id: string, quantity = 1) {
  await page.goto(`/products/${id}`);
  const name = await page.locator('main h1').first().textContent();
  if (quantity !== 1) await page.getByRole('spinbutton', { name: `Quantité de ${name}` }).fill(String(quantity));
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  return name ?? '';
}
