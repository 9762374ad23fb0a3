import {
  addItem,
  type Cart,
  type CartDelivery,
  type CartItemType,
  CART_STORAGE_KEY,
  clearCart,
  type NewCartItem,
  parseStoredCart,
  removeItem,
  setDelivery,
  setSession,
  setStock,
  updateQuantity,
} from '@app/shared/cart';
import { adoptCart } from './earlyAdd';
import { createContext, type ReactNode, startTransition, useCallback, useEffect, useMemo, useState } from 'react';

export interface CartApi {
  cart: Cart;
  /** False until the cart is read from this browser's storage (on the server, and while the page hydrates). */
  ready: boolean;
  add: (item: NewCartItem) => void;
  remove: (id: string, type: CartItemType) => void;
  setQuantity: (id: string, type: CartItemType, quantity: number) => void;
  chooseDelivery: (delivery: CartDelivery | null) => void;
  clear: () => void;
  /** Records a product's stock just read from the shop (null: not tracked). */
  refreshStock: (id: string, type: CartItemType, stock: number | null) => void;
  /** Books a training's line on one of its sessions (null: none). */
  chooseSession: (id: string, session: { id: string; label: string } | null) => void;
}

export const CartContext = createContext<CartApi | null>(null);

function readStoredCart(): Cart {
  try {
    return parseStoredCart(localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    // Storage can be disabled (private mode, blocked cookies): start with an empty cart.
    return parseStoredCart(null);
  }
}

/** Holds the cart (spec section 4) and saves it to localStorage on every change. */
export function CartProvider({ children }: { children: ReactNode }) {
  // The server renders every page with an empty cart; the browser's own cart comes in once the
  // page is taken over, in a transition: read in a layout effect, it made React finish taking
  // the whole page over in one go (a 40-60 ms freeze of a slow phone) to show it. A line added
  // meanwhile (a tap replayed by earlyTaps.ts) is kept: React applies the updates in order.
  const [cart, setCart] = useState<Cart>(() => parseStoredCart(null));
  const [ready, setReady] = useState(false);
  useEffect(() => {
    adoptCart();
    startTransition(() => {
      setCart(readStoredCart());
      setReady(true);
    });
  }, []);

  useEffect(() => {
    if (!ready) return;
    try {
      localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
    } catch {
      // Full or blocked storage: the cart still works for this visit.
    }
  }, [cart, ready]);

  // Another tab changed the cart: follow it, so two tabs never overwrite each other's lines.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY) setCart(parseStoredCart(event.newValue));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const add = useCallback((item: NewCartItem) => setCart((c) => addItem(c, item)), []);
  const remove = useCallback((id: string, type: CartItemType) => setCart((c) => removeItem(c, id, type)), []);
  const setQuantity = useCallback(
    (id: string, type: CartItemType, quantity: number) => setCart((c) => updateQuantity(c, id, type, quantity)),
    [],
  );
  const chooseDelivery = useCallback((delivery: CartDelivery | null) => setCart((c) => setDelivery(c, delivery)), []);
  const clear = useCallback(() => setCart(clearCart()), []);
  const refreshStock = useCallback(
    (id: string, type: CartItemType, stock: number | null) => setCart((c) => setStock(c, id, type, stock)),
    [],
  );

  const chooseSession = useCallback(
    (id: string, session: { id: string; label: string } | null) => setCart((c) => setSession(c, id, session)),
    [],
  );

  const api = useMemo(
    () => ({ cart, ready, add, remove, setQuantity, chooseDelivery, clear, refreshStock, chooseSession }),
    [cart, ready, add, remove, setQuantity, chooseDelivery, clear, refreshStock, chooseSession],
  );
  return <CartContext value={api}>{children}</CartContext>;
}
