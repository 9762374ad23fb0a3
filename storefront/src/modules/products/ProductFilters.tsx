import { type FormEvent, useEffect, useRef, useState } from 'react';
import { productCategoryLabels } from '../../lib/labels';
import type { ProductQuery } from './listInput';

export type { ProductQuery };

export const sortOptions = {
  recent: 'Plus récents',
  price_asc: 'Prix croissant',
  price_desc: 'Prix décroissant',
} as const;

const control = 'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base';

/** Category, search and sort; the search waits for a pause in typing before it costs a request. */
export function ProductFilters({ query, onChange }: { query: ProductQuery; onChange: (next: Partial<ProductQuery>) => void }) {
  const [search, setSearch] = useState(query.search);
  // The box keeps what is typed (and its focus) while the URL catches up; a search set from
  // elsewhere (a suggestion, the back button) replaces the text.
  const sent = useRef(query.search);
  useEffect(() => {
    if (query.search === sent.current) return;
    sent.current = query.search;
    setSearch(query.search);
  }, [query.search]);
  useEffect(() => {
    if (search === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = search;
      onChange({ search });
    }, 350);
    return () => clearTimeout(timer);
  }, [search, onChange]);

  // A form that works on its own too (GET /products?q=…): without JavaScript, or before the app
  // has started, Enter or "Filtrer" loads the list the server renders for those choices.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sent.current = search;
    onChange({ search });
  };
  return (
    <form role="search" action="/products" onSubmit={submit} className="mb-6 grid gap-3 sm:grid-cols-3">
      <label className="block text-sm font-medium">
        Rechercher
        <input
          type="search"
          name="q"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Nom du produit..."
          className={`${control} mt-1`}
        />
      </label>
      <label className="block text-sm font-medium">
        Catégorie
        <select
          name="categorie"
          value={query.category}
          onChange={(e) => onChange({ category: e.target.value })}
          className={`${control} mt-1`}
        >
          <option value="">Toutes les catégories</option>
          {Object.entries(productCategoryLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium">
        Trier par
        <select name="tri" value={query.sort} onChange={(e) => onChange({ sort: e.target.value })} className={`${control} mt-1`}>
          {Object.entries(sortOptions).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <noscript>
        <button type="submit" className="min-h-11 rounded-lg bg-blue-700 px-4 font-semibold text-white sm:col-span-3">
          Filtrer
        </button>
      </noscript>
    </form>
  );
}
