import { useContext } from 'react';
import { type CartApi, CartContext } from './CartProvider';

/** The cart; only inside <CartProvider> (spec section 4 calls anything else a developer error). */
export function useCart(): CartApi {
  const api = useContext(CartContext);
  if (!api) throw new Error('useCart() must be used inside <CartProvider>: wrap the app in it (see src/main.tsx).');
  return api;
}
