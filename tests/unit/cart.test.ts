import { describe, it, expect } from 'vitest';
import {
  CART_STORAGE_KEY,
  addItem,
  clearCart,
  deliveryCost,
  emptyCart,
  grandTotal,
  itemCount,
  parseStoredCart,
  orderItems,
  removeItem,
  roundMoney,
  setDelivery,
  setSession,
  subtotal,
  updateQuantity,
  type Cart,
  type CartDelivery,
  type NewCartItem,
} from '../../shared/src/cart/cart';
import * as cartIndex from '../../shared/src/cart';

const phone: NewCartItem = { id: 'p1', type: 'product', name: 'Téléphone Tecno Spark', price: 85000, image: '/img/p1.jpg' };
const setup: NewCartItem = { id: 'p1', type: 'service', name: 'Installation', price: 5000 };
const course: NewCartItem = { id: 'c1', type: 'course', name: 'Formation Bitcoin', price: 25000 };
const express: CartDelivery = { id: 'd1', name: 'Livraison express', price: 2500 };

/** Freezes a cart deeply so any in-place mutation by the code under test throws. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}

function cartOf(...items: NewCartItem[]): Cart {
  return deepFreeze(items.reduce<Cart>((cart, item) => addItem(cart, item), emptyCart));
}

describe('constants', () => {
  it('uses the storage key "cart"', () => {
    expect(CART_STORAGE_KEY).toBe('cart');
  });

  it('emptyCart has no items and no delivery, and cannot be mutated', () => {
    expect(emptyCart).toEqual({ items: [], delivery: null });
    expect(Object.isFrozen(emptyCart)).toBe(true);
    expect(Object.isFrozen(emptyCart.items)).toBe(true);
  });

  it('the index re-exports the cart module', () => {
    expect(cartIndex.addItem).toBe(addItem);
    expect(cartIndex.CART_STORAGE_KEY).toBe('cart');
  });
});

describe('addItem', () => {
  it('appends a new item with quantity 1 by default', () => {
    const cart = addItem(emptyCart, phone);
    expect(cart.items).toEqual([{ ...phone, quantity: 1 }]);
    expect(cart.delivery).toBeNull();
  });

  it('uses the given quantity', () => {
    expect(addItem(emptyCart, { ...course, quantity: 3 }).items[0]?.quantity).toBe(3);
  });

  it('adds quantities when id and type both match', () => {
    const cart = addItem(cartOf({ ...phone, quantity: 2 }), { ...phone, quantity: 3 });
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]?.quantity).toBe(5);
  });

  it('adds 1 when merging without a quantity', () => {
    expect(addItem(cartOf(phone), phone).items[0]?.quantity).toBe(2);
  });

  it('keeps the existing line details when merging', () => {
    const cart = addItem(cartOf(phone), { ...phone, name: 'Autre nom', price: 1 });
    expect(cart.items).toEqual([{ ...phone, quantity: 2 }]);
  });

  it('does not merge same id with a different type', () => {
    const cart = addItem(cartOf(phone), setup);
    expect(cart.items.map((i) => [i.id, i.type, i.quantity])).toEqual([
      ['p1', 'product', 1],
      ['p1', 'service', 1],
    ]);
  });

  it('does not merge same type with a different id', () => {
    const cart = addItem(cartOf(phone), { ...phone, id: 'p2' });
    expect(cart.items.map((i) => i.id)).toEqual(['p1', 'p2']);
  });

  it('appends at the end and keeps order', () => {
    const cart = addItem(cartOf(phone, setup), course);
    expect(cart.items.map((i) => `${i.type}:${i.id}`)).toEqual(['product:p1', 'service:p1', 'course:c1']);
  });

  it('does not mutate the input cart', () => {
    const before = cartOf(phone);
    const after = addItem(before, phone);
    expect(before.items[0]?.quantity).toBe(1);
    expect(after).not.toBe(before);
  });

  it('keeps only the cart fields of a richer record', () => {
    const record = { ...course, description: 'Long texte', slug: 'formation-bitcoin' };
    expect(addItem(emptyCart, record).items[0]).toEqual({ id: 'c1', type: 'course', name: 'Formation Bitcoin', price: 25000, quantity: 1 });
  });

  it('keeps a null image', () => {
    expect(addItem(emptyCart, { ...course, image: null }).items[0]).toHaveProperty('image', null);
  });

  it.each([
    ['zero quantity', { ...phone, quantity: 0 }],
    ['negative quantity', { ...phone, quantity: -2 }],
    ['fractional quantity', { ...phone, quantity: 1.5 }],
    ['NaN quantity', { ...phone, quantity: Number.NaN }],
    ['negative price', { ...phone, price: -1 }],
    ['NaN price', { ...phone, price: Number.NaN }],
    ['infinite price', { ...phone, price: Infinity }],
    ['empty id', { ...phone, id: '' }],
    ['unknown type', { ...phone, type: 'gift' as NewCartItem['type'] }],
  ])('ignores an item with %s', (_label, item) => {
    const cart = cartOf(course);
    expect(addItem(cart, item)).toBe(cart);
  });

  it('accepts a free item (price 0)', () => {
    expect(addItem(emptyCart, { ...course, price: 0 }).items).toHaveLength(1);
  });
});

describe('removeItem', () => {
  it('removes only the line with the same id and type', () => {
    const cart = removeItem(cartOf(phone, setup, course), 'p1', 'product');
    expect(cart.items.map((i) => `${i.type}:${i.id}`)).toEqual(['service:p1', 'course:c1']);
  });

  it('returns the same cart when nothing matches', () => {
    const cart = cartOf(phone);
    expect(removeItem(cart, 'p1', 'course')).toBe(cart);
    expect(removeItem(cart, 'nope', 'product')).toBe(cart);
  });

  it('keeps the delivery option', () => {
    const cart = deepFreeze(setDelivery(cartOf(phone), express));
    expect(removeItem(cart, 'p1', 'product')).toEqual({ items: [], delivery: express });
  });
});

describe('updateQuantity', () => {
  it('sets the quantity of the matching line only', () => {
    const cart = updateQuantity(cartOf(phone, setup), 'p1', 'service', 4);
    expect(cart.items.map((i) => i.quantity)).toEqual([1, 4]);
  });

  it('removes the line at zero', () => {
    expect(updateQuantity(cartOf(phone, course), 'p1', 'product', 0).items.map((i) => i.id)).toEqual(['c1']);
  });

  it('removes the line when negative', () => {
    expect(updateQuantity(cartOf(phone, course), 'c1', 'course', -3).items.map((i) => i.id)).toEqual(['p1']);
  });

  it('rounds a fractional quantity down, to at least 1', () => {
    expect(updateQuantity(cartOf(phone), 'p1', 'product', 2.9).items[0]?.quantity).toBe(2);
    expect(updateQuantity(cartOf(phone), 'p1', 'product', 0.5).items[0]?.quantity).toBe(1);
  });

  it('ignores NaN and Infinity', () => {
    const cart = cartOf(phone);
    expect(updateQuantity(cart, 'p1', 'product', Number.NaN)).toBe(cart);
    expect(updateQuantity(cart, 'p1', 'product', Infinity)).toBe(cart);
  });

  it('returns the same cart for an unknown line', () => {
    const cart = cartOf(phone);
    expect(updateQuantity(cart, 'p1', 'service', 5)).toBe(cart);
  });

  it('does not mutate the input cart', () => {
    const cart = cartOf(phone);
    updateQuantity(cart, 'p1', 'product', 7);
    expect(cart.items[0]?.quantity).toBe(1);
  });
});

describe('setDelivery and clearCart', () => {
  it('sets and unsets the delivery option', () => {
    const withDelivery = setDelivery(cartOf(phone), express);
    expect(withDelivery.delivery).toEqual(express);
    expect(setDelivery(deepFreeze(withDelivery), null).delivery).toBeNull();
  });

  it('keeps only id, name and price of a delivery record', () => {
    const record = { ...express, description: 'En 24 h', features: ['Suivi'], recommended: true };
    expect(setDelivery(emptyCart, record).delivery).toEqual({ id: 'd1', name: 'Livraison express', price: 2500 });
  });

  it('ignores a delivery option with an invalid price', () => {
    const cart = cartOf(phone);
    expect(setDelivery(cart, { ...express, price: -5 })).toBe(cart);
    expect(setDelivery(cart, { ...express, price: Number.NaN })).toBe(cart);
  });

  it('clearCart empties items and delivery', () => {
    expect(clearCart()).toEqual({ items: [], delivery: null });
    expect(clearCart()).not.toBe(emptyCart);
  });
});

describe('totals', () => {
  it('are zero for an empty cart', () => {
    expect(itemCount(emptyCart)).toBe(0);
    expect(subtotal(emptyCart)).toBe(0);
    expect(deliveryCost(emptyCart)).toBe(0);
    expect(grandTotal(emptyCart)).toBe(0);
  });

  it('itemCount sums quantities, not lines', () => {
    expect(itemCount(cartOf({ ...phone, quantity: 2 }, { ...course, quantity: 3 }, setup))).toBe(6);
  });

  it('subtotal sums price × quantity', () => {
    // 85000 × 2 + 25000 × 3 + 5000 × 1
    expect(subtotal(cartOf({ ...phone, quantity: 2 }, { ...course, quantity: 3 }, setup))).toBe(250000);
  });

  it('delivery cost is 0 without delivery, the price with one', () => {
    const cart = cartOf(phone);
    expect(deliveryCost(cart)).toBe(0);
    expect(deliveryCost(setDelivery(cart, express))).toBe(2500);
  });

  it('grand total adds subtotal and delivery', () => {
    const cart = setDelivery(cartOf({ ...phone, quantity: 2 }, course), express);
    expect(grandTotal(cart)).toBe(197500);
    expect(grandTotal(setDelivery(cart, null))).toBe(195000);
  });

  it('rounds away float noise', () => {
    const cart = setDelivery(cartOf({ ...course, price: 0.1 }, { ...phone, price: 0.2 }), { ...express, price: 0.7 });
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(subtotal(cart)).toBe(0.3);
    expect(grandTotal(cart)).toBe(1);
    expect(subtotal(cartOf({ ...course, price: 19.99, quantity: 3 }))).toBe(59.97);
  });

  it('roundMoney rounds halves up and never returns -0', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(2.675)).toBe(2.68);
    expect(roundMoney(0.30000000000000004)).toBe(0.3);
    expect(Object.is(roundMoney(-0.001), 0)).toBe(true);
  });
});

describe('parseStoredCart', () => {
  const stored = (value: unknown) => JSON.stringify(value);
  const line = { id: 'p1', type: 'product', name: 'Clé USB', price: 3500, quantity: 2, image: null };

  it('restores a saved cart', () => {
    const cart = setDelivery(cartOf({ ...phone, quantity: 2 }, course), express);
    expect(parseStoredCart(JSON.stringify(cart))).toEqual(cart);
  });

  it('round-trips what addItem produces', () => {
    const cart = cartOf(phone, setup, { ...course, image: null });
    expect(parseStoredCart(JSON.stringify(cart))).toEqual(cart);
  });

  it.each([
    ['null', null],
    ['empty string', ''],
    ['invalid JSON', '{"items": ['],
    ['plain text', 'bonjour'],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['a string', '"cart"'],
    ['an array', '[]'],
    ['an object without items', '{"delivery":null}'],
    ['items not an array', '{"items":{"0":{}},"delivery":null}'],
  ])('returns emptyCart for %s', (_label, raw) => {
    expect(parseStoredCart(raw)).toBe(emptyCart);
  });

  it('drops items with invalid quantity', () => {
    const raw = stored({
      items: [
        line,
        { ...line, id: 'a', quantity: 0 },
        { ...line, id: 'b', quantity: -1 },
        { ...line, id: 'c', quantity: 1.5 },
        { ...line, id: 'd', quantity: '2' },
        { ...line, id: 'e', quantity: null },
      ],
      delivery: null,
    });
    expect(parseStoredCart(raw).items).toEqual([line]);
  });

  it('defaults a missing quantity to 1', () => {
    const { quantity: _omitted, ...withoutQuantity } = line;
    expect(parseStoredCart(stored({ items: [withoutQuantity], delivery: null })).items).toEqual([{ ...line, quantity: 1 }]);
  });

  it('drops items with invalid price, type, id or name', () => {
    const raw = stored({
      items: [
        { ...line, id: 'a', price: -100 },
        { ...line, id: 'b', price: '3500' },
        { ...line, id: 'c', price: null },
        { ...line, id: 'd', type: 'gift' },
        { ...line, id: 'e', type: undefined },
        { ...line, id: '' },
        { ...line, id: 7 },
        { ...line, id: 'f', name: 12 },
        null,
        'p1',
        [],
        line,
      ],
      delivery: null,
    });
    expect(parseStoredCart(raw).items).toEqual([line]);
  });

  it('keeps an item whose image is broken, without the image', () => {
    const cart = parseStoredCart(stored({ items: [{ ...line, image: 42 }], delivery: null }));
    expect(cart.items).toEqual([{ id: 'p1', type: 'product', name: 'Clé USB', price: 3500, quantity: 2 }]);
  });

  it('drops unknown fields', () => {
    const cart = parseStoredCart(stored({ items: [{ ...line, extra: 'x' }], delivery: { ...express, extra: 1 }, other: true }));
    expect(cart).toEqual({ items: [line], delivery: express });
  });

  it('merges duplicate lines', () => {
    const cart = parseStoredCart(stored({ items: [line, { ...line, quantity: 3 }], delivery: null }));
    expect(cart.items).toEqual([{ ...line, quantity: 5 }]);
  });

  it('sets an invalid or missing delivery to null but keeps the items', () => {
    for (const delivery of [undefined, 'express', { id: 'd1', name: 'X', price: -1 }, { id: 'd1', price: 100 }, [express]]) {
      expect(parseStoredCart(stored({ items: [line], delivery }))).toEqual({ items: [line], delivery: null });
    }
  });

  it('does not throw on hostile keys', () => {
    const raw = '{"items":[{"__proto__":{"quantity":5},"id":"p1","type":"product","name":"X","price":1,"quantity":1}],"delivery":null}';
    expect(parseStoredCart(raw).items).toEqual([{ id: 'p1', type: 'product', name: 'X', price: 1, quantity: 1 }]);
  });
});

describe('training sessions on a line', () => {
  const S1 = '11111111-1111-4111-8111-111111111111';
  const S2 = '22222222-2222-4222-8222-222222222222';
  const booked = { ...course, sessionId: S1, session: 'session du samedi 12 décembre 2026 à 09:00, en ligne' };

  it('keeps the session a training is added with, and books it on the one chosen when added again', () => {
    const cart = cartOf(booked);
    expect(cart.items[0]).toMatchObject({ sessionId: S1, session: booked.session, quantity: 1 });
    const again = addItem(cart, { ...course, sessionId: S2, session: 'autre' });
    expect(again.items).toEqual([expect.objectContaining({ sessionId: S2, session: 'autre', quantity: 2 })]);
    // Added again without a choice: the line keeps its session.
    expect(addItem(cart, course).items[0]).toMatchObject({ sessionId: S1, quantity: 2 });
  });

  it('changes or clears a line’s session, only on a training, only with a well-formed id', () => {
    const cart = cartOf(booked, phone);
    expect(setSession(cart, 'c1', { id: S2, label: 'nouvelle' }).items[0]).toMatchObject({ sessionId: S2, session: 'nouvelle' });
    expect(setSession(cart, 'c1', null).items[0]).not.toHaveProperty('sessionId');
    expect(setSession(cart, 'c1', { id: 'pas-un-id', label: 'x' }).items[0]).not.toHaveProperty('sessionId');
    expect(setSession(cart, 'p1', { id: S2, label: 'x' })).toBe(cart);
    expect(cartOf({ ...phone, sessionId: S1 } as NewCartItem).items[0]).not.toHaveProperty('sessionId');
  });

  it('is restored from storage and sent with the order, never a price', () => {
    const raw = JSON.stringify({
      items: [
        { ...booked, quantity: 2 },
        { ...phone, quantity: 1, sessionId: 'x' },
      ],
      delivery: null,
    });
    const cart = parseStoredCart(raw);
    expect(cart.items[0]).toMatchObject({ sessionId: S1, session: booked.session });
    expect(cart.items[1]).not.toHaveProperty('sessionId');
    expect(orderItems(cart.items)).toEqual([
      { id: 'c1', type: 'course', quantity: 2, sessionId: S1 },
      { id: 'p1', type: 'product', quantity: 1 },
    ]);
  });
});
