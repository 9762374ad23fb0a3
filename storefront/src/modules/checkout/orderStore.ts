import { useMemo, useSyncExternalStore } from 'react';
import type { RouterOutputs } from '../../lib/trpc';
import { randomKey } from '../../lib/id';

export type PlacedOrder = RouterOutputs['orders']['place'];

const KEY_STORAGE = 'checkout-key';
const orderKey = (number: string) => `order:${number}`;

// sessionStorage can throw (disabled storage); losing these only costs a retry-safety or a reload.
const read = (key: string) => {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
};
const write = (key: string, value: string | null) => {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    /* see above */
  }
};

let memoryKey: string | null = null;

/**
 * One idempotency key per checkout, kept (across reloads of the tab) until an order succeeds:
 * a retry after a lost answer, or a double click, then gets the same order back.
 */
export function checkoutKey(): string {
  const stored = read(KEY_STORAGE) ?? memoryKey;
  if (stored) return stored;
  memoryKey = randomKey();
  write(KEY_STORAGE, memoryKey);
  return memoryKey;
}

/** There is no public order lookup: the confirmation page reads the order placed in this tab. */
export function rememberOrder(order: PlacedOrder) {
  write(orderKey(order.number), JSON.stringify(order));
  write(KEY_STORAGE, null);
  memoryKey = null;
}

const noChanges = () => () => {};

/**
 * The order placed in this tab, for its confirmation page: null when the tab has none, undefined
 * while the page is the server's (which cannot know) and the browser takes it over as it is.
 */
export function useRecalledOrder(number: string): PlacedOrder | null | undefined {
  const raw = useSyncExternalStore(
    noChanges,
    () => read(orderKey(number)),
    () => undefined,
  );
  return useMemo(() => {
    if (raw === undefined || raw === null) return raw;
    try {
      return JSON.parse(raw) as PlacedOrder;
    } catch {
      return null;
    }
  }, [raw]);
}
