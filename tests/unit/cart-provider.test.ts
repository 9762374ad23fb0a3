import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CartProvider } from '../../storefront/src/modules/cart/CartProvider';
import { useCart } from '../../storefront/src/modules/cart/useCart';

function Badge() {
  const { cart } = useCart();
  return createElement('span', null, `${cart.items.length} article(s)`);
}

describe('useCart', () => {
  it('throws a clear developer error outside its provider', () => {
    expect(() => renderToString(createElement(Badge))).toThrow('useCart() must be used inside <CartProvider>');
  });

  it('works inside the provider, starting empty without a browser storage', () => {
    // No localStorage in Node: the provider must fall back to an empty cart, not crash.
    expect(renderToString(createElement(CartProvider, null, createElement(Badge)))).toBe('<span>0 article(s)</span>');
  });
});
