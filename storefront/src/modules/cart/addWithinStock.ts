import { countOf } from '@app/shared/format';
import { addItem, type Cart, type NewCartItem } from '@app/shared/cart';

export interface AddOutcome {
  cart: Cart;
  tone: 'success' | 'warning' | 'error';
  /** What the shopper is told, in French. */
  message: string;
}

/**
 * "Ajouter au panier" within the known stock: the new cart and what to say. One rule for the app
 * (useAddToCart) and for the page's early script, which adds before the app has started (boot.ts).
 */
export function addWithinStock(cart: Cart, item: NewCartItem & { quantity: number }): AddOutcome {
  const inCart = cart.items.find((l) => l.id === item.id && l.type === item.type)?.quantity ?? 0;
  const left = typeof item.stock === 'number' ? Math.max(0, item.stock - inCart) : item.quantity;
  if (left === 0)
    return { cart, tone: 'error', message: `Il ne reste que ${item.stock} « ${item.name} » en stock, et votre panier les contient déjà.` };
  const next = addItem(cart, item);
  if (left < item.quantity)
    return {
      cart: next,
      tone: 'warning',
      message: `Il ne reste que ${item.stock} « ${item.name} » en stock : ${countOf(left, 'ajouté', 'ajoutés')} au panier.`,
    };
  return { cart: next, tone: 'success', message: `${item.quantity} × « ${item.name} » ajouté au panier.` };
}
