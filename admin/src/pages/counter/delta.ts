import type { Catalogue, CounterItem } from './store';

type Delta = NonNullable<Catalogue['delta']>;
const TYPE_ORDER = { product: 0, service: 1, course: 2 } as const;

/**
 * The phone's articles with a delta put in: its products changed or no longer sold replaced or
 * dropped, its services and trainings replaced whole, in the server's order (products, services,
 * trainings, each by name). Null when the count of products differs from the server's (an article
 * deleted: the whole list is asked for).
 */
export function mergeDelta(kept: CounterItem[], delta: Delta): CounterItem[] | null {
  const changed = new Map(delta.items.filter((i) => i.type === 'product').map((i) => [i.id, i]));
  const removed = new Set(delta.removed);
  const products = [...kept.filter((i) => i.type === 'product' && !changed.has(i.id) && !removed.has(i.id)), ...changed.values()];
  if (products.length !== delta.products) return null;
  return [...products, ...delta.items.filter((i) => i.type !== 'product')].sort(
    (a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || a.name.localeCompare(b.name, 'fr'),
  );
}
