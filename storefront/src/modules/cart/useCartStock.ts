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
    queries: ids.map((id) => ({ ...queries.productById(api, id), retry: false })),
  });
  // The stocks known so far, as a string: the effect runs when one changes, not on every render.
  const known = JSON.stringify(ids.flatMap((id, i) => (results[i]?.data ? [[id, results[i].data.stock]] : [])));
  useEffect(() => {
    for (const [id, stock] of JSON.parse(known) as [string, number | null][]) refreshStock(id, 'product', stock);
  }, [known, refreshStock]);
  return { refetch: () => Promise.all(results.map((r) => r.refetch())) };
}
