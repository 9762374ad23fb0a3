import type { NewCartItem } from '@app/shared/cart';

/**
 * What an "Ajouter au panier" button carries so that the page's early script can add the item
 * before the app has started (boot/boot.ts): the line, and the quantity field to read, if any.
 */
export const earlyAdd = (item: NewCartItem, quantityField?: string) => ({
  'data-cart-add': JSON.stringify(item),
  ...(quantityField ? { 'data-cart-quantity': quantityField } : {}),
});

/** The header's cart link as a screen reader says it: the app's and the early script's words. */
export const cartLinkLabel = (count: number) => (count > 0 ? `Panier, ${count} article${count > 1 ? 's' : ''}` : 'Panier');

/** A − or + button of a quantity field, which the early script also works before the app. */
export const earlyStep = (step: -1 | 1) => ({ 'data-quantity-step': String(step) });

declare global {
  interface Window {
    /** Set when the app reads the cart: from then on the app adds, not the early script. */
    __cartAdopted?: boolean;
  }
}

/** The app is reading the cart: from now on it adds, not the page's early script (boot.ts). */
export const adoptCart = () => void (window.__cartAdopted = true);
