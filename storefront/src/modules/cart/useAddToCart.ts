import type { NewCartItem } from '@app/shared/cart';
import { toast } from '../ui/toast';
import { useCart } from './useCart';

/** Adds to the cart within the known stock, and says so in French when it cannot add it all. */
export function useAddToCart() {
  const { cart, add } = useCart();
  return (item: NewCartItem & { quantity: number }) => {
    const inCart = cart.items.find((l) => l.id === item.id && l.type === item.type)?.quantity ?? 0;
    const left = typeof item.stock === 'number' ? Math.max(0, item.stock - inCart) : item.quantity;
    if (left === 0) {
      toast.error(`Il ne reste que ${item.stock} « ${item.name} » en stock, et votre panier les contient déjà.`);
      return;
    }
    add(item);
    if (left < item.quantity) toast.warning(`Il ne reste que ${item.stock} « ${item.name} » en stock : ${left} ajouté(s) au panier.`);
    else toast.success(`${item.quantity} × « ${item.name} » ajouté au panier.`);
  };
}
