import type { NewCartItem } from '@app/shared/cart';
import { toast } from '../ui/toast';
import { addWithinStock } from './addWithinStock';
import { useCart } from './useCart';

/** Adds to the cart within the known stock, and says so in French when it cannot add it all. */
export function useAddToCart() {
  const { cart, add } = useCart();
  return (item: NewCartItem & { quantity: number }) => {
    const { tone, message } = addWithinStock(cart, item);
    if (tone !== 'error') add(item);
    toast[tone](message);
  };
}
