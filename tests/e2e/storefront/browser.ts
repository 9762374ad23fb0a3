import type { Page } from 'playwright-core';

/** Shared helpers for the storefront end-to-end files. */

/** Waits until the lazy page has replaced the three-dots loader. */
export async function ready(page: Page) {
  await page.locator('main h1').first().waitFor();
  await page
    .getByRole('status', { name: 'Chargement...' })
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
}

export async function open(page: Page, path: string) {
  await page.goto(path);
  await ready(page);
}

/** True when some element is wider than the viewport (the classic mobile horizontal scroll). */
export const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

export async function screenshot(page: Page, name: string) {
  // Lazy images only load in view: scroll through the page so the full-page shot shows them.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 800) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 25));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(150);
  await page.screenshot({ path: `.tmp/screens/store-${name}.png`, fullPage: true });
}

/**
 * Puts a cart in the shopper's storage as the app keeps it. The app is opened first: it writes its
 * own empty cart on start, which would otherwise replace this one.
 */
export async function putInCart(
  page: Page,
  items: Record<string, unknown>[],
  delivery: { id: string; name: string; price: number } | null = null,
) {
  await open(page, '/');
  await page.evaluate((cart) => localStorage.setItem('cart', JSON.stringify(cart)), { items, delivery });
}

/** Waits until the storefront's service worker has installed and took the page over. */
export async function serviceWorkerInControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
}

/**
 * Rachida orders one product, delivered, from a phone, and chooses to pay now by Mobile Money:
 * the page ends on FedaPay's payment page (`fedapayUrl`, the local stand-in).
 */
export async function checkoutWithMobileMoney(
  page: Page,
  product: { id: string; name: string; price: number; stock: number },
  delivery: { id: string; name: string; price: number },
  fedapayUrl: string,
) {
  await putInCart(
    page,
    [{ id: product.id, type: 'product', name: product.name, price: product.price, quantity: 1, stock: product.stock }],
    delivery,
  );
  await page.goto('/checkout');
  await page.getByLabel('Nom complet').fill('Rachida Bello');
  await page.getByLabel('Téléphone').fill('01 66 77 88 99');
  await page.getByLabel('Ville').fill('Parakou');
  await page.getByLabel('Adresse').fill('Quartier Banikanni');
  await page.getByLabel('Payer maintenant par Mobile Money (MTN, Moov)').check();
  await screenshot(page, 'checkout-mobile-money-360');
  await page.getByRole('button', { name: 'Commander et payer' }).click();
  await page.waitForURL(`${fedapayUrl}/pay/**`);
}
