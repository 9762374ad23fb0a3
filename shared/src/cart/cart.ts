import { isUuid } from '../format/slugify';

/**
 * Client-side cart maths (spec sections 4 and 9).
 *
 * Every function is pure and returns a new cart: the storefront keeps the cart in React state
 * and in localStorage, so an in-place mutation would neither re-render nor be saved.
 */

export type CartItemType = 'product' | 'service' | 'course';

export const CART_ITEM_TYPES: readonly CartItemType[] = ['product', 'service', 'course'];

export interface CartItem {
  id: string;
  type: CartItemType;
  name: string;
  price: number;
  quantity: number;
  image?: string | null;
  /** Units left when last seen (products whose stock is tracked); quantities never go above it. */
  stock?: number | null;
  /** A training's session (its id, and how it reads: "session du samedi 12 décembre 2026 à 09:00, en ligne"). */
  sessionId?: string;
  session?: string;
}

export interface CartDelivery {
  id: string;
  name: string;
  price: number;
}

export interface Cart {
  items: CartItem[];
  delivery: CartDelivery | null;
}

/** What callers pass to addItem: the quantity defaults to 1 (spec section 9). */
export type NewCartItem = Omit<CartItem, 'quantity'> & { quantity?: number };

/** localStorage key the cart is saved under (spec section 9). */
export const CART_STORAGE_KEY = 'cart';

export const DEFAULT_QUANTITY = 1;

// Frozen because it is a shared constant (parseStoredCart hands it out): a caller mutating it
// by mistake would otherwise corrupt every later "empty" cart. The cast only hides the
// readonly-ness that freezing adds to the type; the runtime object is what protects us.
export const emptyCart: Cart = Object.freeze({
  items: Object.freeze([]) as unknown as CartItem[],
  delivery: null,
});

/**
 * Rounds a money amount to 2 decimals. Going through toPrecision(15) first removes the binary
 * noise (0.1 + 0.2 = 0.30000000000000004, 1.005 * 100 = 100.49999999999999) before rounding.
 */
export function roundMoney(amount: number): number {
  const rounded = Math.round(Number((amount * 100).toPrecision(15))) / 100;
  // Math.round(-0.4) is -0, which would print as "-0 F CFA".
  return rounded === 0 ? 0 : rounded;
}

const isItemType = (value: unknown): value is CartItemType =>
  typeof value === 'string' && (CART_ITEM_TYPES as readonly string[]).includes(value);

const isValidPrice = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

// Quantities are whole units; safe integers keep totals exact.
const isValidQuantity = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

const sameLine = (item: CartItem, id: string, type: CartItemType) => item.id === id && item.type === type;

// Only known fields are kept: callers often pass a whole product or delivery record, and its
// extra fields (descriptions, galleries...) would otherwise end up in localStorage.
function toCartItem(item: NewCartItem, quantity: number): CartItem {
  const line: CartItem = { id: item.id, type: item.type, name: item.name, price: item.price, quantity };
  if (item.image !== undefined) line.image = item.image;
  if (isValidStock(item.stock)) line.stock = item.stock;
  return withSession(line, item);
}

const isSessionId = (value: unknown): value is string => typeof value === 'string' && isUuid(value);

/** The line with the session of `from` (only a training's, only a well-formed one), or with none. */
function withSession(line: CartItem, from: { sessionId?: unknown; session?: unknown }): CartItem {
  const { sessionId: _id, session: _label, ...rest } = line;
  if (line.type !== 'course' || !isSessionId(from.sessionId)) return rest;
  return { ...rest, sessionId: from.sessionId, session: typeof from.session === 'string' ? from.session : '' };
}

/** Books a training's line on a session (null: none chosen yet). */
export function setSession(cart: Cart, id: string, session: { id: string; label: string } | null): Cart {
  const line = cart.items.find((l) => sameLine(l, id, 'course'));
  if (!line) return cart;
  const next = withSession(line, { sessionId: session?.id, session: session?.label });
  return { ...cart, items: cart.items.map((l) => (l === line ? next : l)) };
}

const isValidStock = (value: unknown): value is number | null =>
  value === null || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0);

/** The most of this line the shop can sell: its known stock, or no limit. */
export const maxQuantity = (line: Pick<CartItem, 'stock'>) => (typeof line.stock === 'number' ? line.stock : Number.MAX_SAFE_INTEGER);

/** Lines asking for more than their last known stock (it went down since they were added). */
export const shortLines = (cart: Cart) => cart.items.filter((line) => line.quantity > maxQuantity(line));

/** Records the stock just read for a line (null: not tracked). The quantity is left for the shopper to change. */
export function setStock(cart: Cart, id: string, type: CartItemType, stock: number | null): Cart {
  if (!isValidStock(stock)) return cart;
  const line = cart.items.find((l) => sameLine(l, id, type));
  if (!line || line.stock === stock) return cart;
  return { ...cart, items: cart.items.map((l) => (l === line ? { ...l, stock } : l)) };
}

/**
 * Adds an item; an existing line with the same id AND type gets the quantity added (a product
 * and a service may share an id since they live in different collections).
 *
 * Invalid input (empty id, unknown type, negative or non-finite price, quantity that is not a
 * positive whole number) leaves the cart unchanged, so the cart never holds a line that
 * parseStoredCart would drop on the next page load.
 */
export function addItem(cart: Cart, item: NewCartItem): Cart {
  const quantity = item.quantity ?? DEFAULT_QUANTITY;
  if (
    typeof item.id !== 'string' ||
    item.id === '' ||
    typeof item.name !== 'string' ||
    !isItemType(item.type) ||
    !isValidPrice(item.price) ||
    !isValidQuantity(quantity)
  ) {
    return cart;
  }

  const index = cart.items.findIndex((line) => sameLine(line, item.id, item.type));
  const limit = maxQuantity(isValidStock(item.stock) ? item : (cart.items[index] ?? {}));
  if (index === -1) {
    return limit < 1 ? cart : { ...cart, items: [...cart.items, toCartItem(item, Math.min(quantity, limit))] };
  }
  // The existing line keeps its name, price and image: the spec only increases the quantity,
  // never past the stock (the newest reading of it wins).
  const stock = isValidStock(item.stock) ? { stock: item.stock } : {};
  // A training added again on another session: the line is booked on the one just chosen.
  const rebook = (line: CartItem) => (isSessionId(item.sessionId) ? withSession(line, item) : line);
  return {
    ...cart,
    items: cart.items.map((line, i) =>
      i === index ? rebook({ ...line, ...stock, quantity: Math.min(line.quantity + quantity, Math.max(limit, line.quantity)) }) : line,
    ),
  };
}

/** Removes the line with this id and type; the same cart is returned when there is none. */
export function removeItem(cart: Cart, id: string, type: CartItemType): Cart {
  if (!cart.items.some((line) => sameLine(line, id, type))) return cart;
  return { ...cart, items: cart.items.filter((line) => !sameLine(line, id, type)) };
}

/**
 * Sets a line's quantity; zero or less removes the line (spec section 5). A fractional value is
 * rounded down to whole units (at least 1). NaN/Infinity, e.g. from an emptied number input,
 * leaves the cart unchanged rather than silently deleting the line.
 */
export function updateQuantity(cart: Cart, id: string, type: CartItemType, quantity: number): Cart {
  if (Number.isNaN(quantity) || quantity === Infinity) return cart;
  if (quantity <= 0) return removeItem(cart, id, type);
  const current = cart.items.find((line) => sameLine(line, id, type));
  if (!current) return cart;
  const whole = Math.min(Math.max(1, Math.floor(quantity)), Number.MAX_SAFE_INTEGER, Math.max(1, maxQuantity(current)));
  return {
    ...cart,
    items: cart.items.map((line) => (sameLine(line, id, type) ? { ...line, quantity: whole } : line)),
  };
}

/**
 * Chooses a delivery option, or none with null. An option that parseStoredCart would reject
 * (empty id, negative or non-finite price) leaves the cart unchanged.
 */
export function setDelivery(cart: Cart, delivery: CartDelivery | null): Cart {
  if (delivery === null) return { ...cart, delivery: null };
  const option = toCartDelivery(delivery);
  return option ? { ...cart, delivery: option } : cart;
}

/** Empties the items and removes the delivery option (spec section 4). */
export function clearCart(): Cart {
  // A fresh object rather than emptyCart, so callers may treat the result as their own.
  return { items: [], delivery: null };
}

/** The lines as an order or a price quote sends them: what, how many, on which session; never a price. */
export const orderItems = (items: readonly CartItem[]) =>
  items.map(({ id, type, quantity, sessionId }) => ({ id, type, quantity, ...(sessionId ? { sessionId } : {}) }));

/** Sum of all quantities: the header badge number (shown only when above 0). */
export function itemCount(cart: Cart): number {
  return cart.items.reduce((sum, line) => sum + line.quantity, 0);
}

/** Sum of price × quantity over all lines. */
export function subtotal(cart: Cart): number {
  return roundMoney(cart.items.reduce((sum, line) => sum + line.price * line.quantity, 0));
}

/** The delivery option's price, or 0 when none is chosen. */
export function deliveryCost(cart: Cart): number {
  return cart.delivery ? roundMoney(cart.delivery.price) : 0;
}

/** Subtotal plus delivery cost. */
export function grandTotal(cart: Cart): number {
  return roundMoney(subtotal(cart) + deliveryCost(cart));
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseStoredItem(value: unknown): CartItem | null {
  if (!isRecord(value)) return null;
  const { id, type, name, price, image } = value;
  // A missing quantity means 1, as when adding (spec section 3); any other bad value drops the line.
  const quantity = value.quantity === undefined ? DEFAULT_QUANTITY : value.quantity;
  if (typeof id !== 'string' || id === '' || typeof name !== 'string') return null;
  if (!isItemType(type) || !isValidPrice(price) || !isValidQuantity(quantity)) return null;
  const line: CartItem = { id, type, name, price, quantity };
  // A broken image only costs the picture, not the whole line.
  if (typeof image === 'string' || image === null) line.image = image;
  if (isValidStock(value.stock)) line.stock = value.stock;
  return withSession(line, value);
}

function toCartDelivery(value: unknown): CartDelivery | null {
  if (!isRecord(value)) return null;
  const { id, name, price } = value;
  if (typeof id !== 'string' || id === '' || typeof name !== 'string' || !isValidPrice(price)) return null;
  return { id, name, price };
}

/**
 * Restores the cart saved in localStorage. localStorage is user-editable and may hold a cart
 * written by an older version of the site, so nothing is trusted: unreadable JSON or a wrong
 * top-level shape gives emptyCart, invalid lines are dropped, an invalid delivery becomes null,
 * and duplicate lines are merged. Never throws, because it runs at start-up.
 */
export function parseStoredCart(raw: string | null): Cart {
  if (raw === null || raw === '') return emptyCart;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return emptyCart;
  }
  if (!isRecord(data) || !Array.isArray(data.items)) return emptyCart;

  // Lines are restored as saved, a short one included: the shopper must see it marked, not silently cut.
  const items: CartItem[] = [];
  for (const value of data.items) {
    const line = parseStoredItem(value);
    if (!line) continue;
    const same = items.findIndex((l) => sameLine(l, line.id, line.type));
    if (same === -1) items.push(line);
    else items[same] = { ...items[same]!, quantity: Math.min(items[same]!.quantity + line.quantity, Number.MAX_SAFE_INTEGER) };
  }
  return { items, delivery: toCartDelivery(data.delivery) };
}
