import { useQueries } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCart } from './useCart';
import { api, queries } from '../../lib/queries';

/**
 * Reads the current stock of every product in the cart (public, cached answers) and records it
 * on the lines, so the cart and the checkout can say what is left before the order is sent.
 * `refetch` asks again (after the shop refused an order for lack of stock).
 */
export function useCartStock() {
  const { cart, refreshStock } = useCart();
  const ids = cart.items.filter((i) => i.type === 'product').map((i) => i.id);
  const results = useQueries({
    queries: ids.map((id) => ({ ...queries.product(api, id), retry: false })),
  });
  const stocks = results.map((r) => (r.data ? r.data.stock : undefined));
  const key = JSON.stringify([ids, stocks]);
  useEffect(() => {
    ids.forEach((id, i) => {
      const stock = stocks[i];
      if (stock !== undefined) refreshStock(id, 'product', stock);
    });
    // `key` sums up ids and stocks: the effect runs when either changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, refreshStock]);
  return { refetch: () => Promise.all(results.map((r) => r.refetch())) };
}
