import { useCallback, useEffect, useMemo, useState } from 'react';
import { askEarly, takeEarly } from '../../providers/session';
import { trpc } from '../../providers/trpc';
import { mergeDelta } from './delta';
import { type Catalogue, type CounterItem, keepCatalogue, keptCatalogue } from './store';

/** Lower case, without accents: "Câble tressé" is found by "cable tresse". */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const KEY = 'counterCatalogue';
const askFor = (kept: Catalogue | undefined) => trpc.orders.counterCatalogue.query(kept ? { version: kept.version } : {});

/** The articles asked for before the counter's code has run (providers/session.ts): what changed since the phone's copy, or all. */
export const askCatalogueEarly = () =>
  askEarly(KEY, async () => {
    const kept = await keptCatalogue().catch(() => undefined);
    return { version: kept?.version, answer: await askFor(kept) };
  });

/**
 * The articles the counter sells, kept on the phone (IndexedDB) and brought up to date from the
 * server when it answers: search and scan need no round trip, and work offline.
 */
export function useCatalogue() {
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null);

  const refresh = useCallback(async () => {
    const kept = await keptCatalogue().catch(() => undefined);
    if (kept) setCatalogue((current) => current ?? kept);
    try {
      // Asked early for the same copy of the phone's (none, or this version), else asked now.
      const asked = await takeEarly(KEY, async () => ({ version: kept?.version, answer: await askFor(kept) }));
      let fresh = asked.version === kept?.version ? asked.answer : await askFor(kept);
      // What changed since the phone's copy, put into it; a count that differs (an article deleted) asks for all.
      const merged = kept && fresh.delta ? mergeDelta(kept.items, fresh.delta) : null;
      if (fresh.delta && !merged) fresh = await trpc.orders.counterCatalogue.query({});
      const items = merged ?? fresh.items;
      if (items) {
        const whole = { version: fresh.version, maxDiscountPercent: fresh.maxDiscountPercent, items };
        setCatalogue(whole);
        await keepCatalogue(whole).catch(() => undefined);
      } else if (kept) setCatalogue({ ...kept, maxDiscountPercent: fresh.maxDiscountPercent });
    } catch {
      // Offline: the phone's copy serves.
    }
  }, []);

  useEffect(() => {
    void refresh();
    window.addEventListener('online', refresh);
    return () => window.removeEventListener('online', refresh);
  }, [refresh]);

  const index = useMemo(
    () => (catalogue?.items ?? []).map((item) => ({ item, text: plain(`${item.name} ${item.sku ?? ''} ${item.barcode ?? ''}`) })),
    [catalogue],
  );
  const byBarcode = useMemo(() => new Map((catalogue?.items ?? []).filter((i) => i.barcode).map((i) => [i.barcode!, i])), [catalogue]);
  const bySku = useMemo(() => new Map((catalogue?.items ?? []).filter((i) => i.sku).map((i) => [i.sku!.toUpperCase(), i])), [catalogue]);

  /** Every word found in the name, reference or barcode; the first eight. */
  const search = useCallback(
    (needle: string): CounterItem[] => {
      const words = plain(needle).split(/\s+/).filter(Boolean);
      if (!words.length) return [];
      const found: CounterItem[] = [];
      for (const { item, text } of index) {
        if (words.every((w) => text.includes(w))) found.push(item);
        if (found.length === 8) break;
      }
      return found;
    },
    [index],
  );

  /** After a sale: the stock the phone shows goes down at once. */
  const sold = useCallback((lines: { id: string; quantity: number }[]) => {
    setCatalogue(
      (current) =>
        current && {
          ...current,
          items: current.items.map((item) => {
            const line = lines.find((l) => l.id === item.id);
            return line && item.stock !== null ? { ...item, stock: Math.max(0, item.stock - line.quantity) } : item;
          }),
        },
    );
  }, []);

  return { ready: catalogue !== null, maxDiscountPercent: catalogue?.maxDiscountPercent ?? 0, search, byBarcode, bySku, sold };
}
