import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { productCategoryLabels } from '../../lib/labels';
import { type RouterInputs, trpc } from '../../lib/trpc';
import type { ProductQuery } from './ProductFilters';

export const PAGE_SIZE = 12;
type ListInput = NonNullable<RouterInputs['products']['list']>;
type Category = keyof typeof productCategoryLabels;

/** The list's state lives in the URL (?categorie=&q=&tri=&page=), so it survives reloads and can be shared. */
export function useProductList() {
  const [params, setParams] = useSearchParams();
  const category = params.get('categorie') ?? '';
  const query: ProductQuery = { category: category in productCategoryLabels ? category : '', search: params.get('q') ?? '', sort: params.get('tri') ?? 'recent' };
  const page = Math.max(1, Number(params.get('page')) || 1);

  const input: ListInput = { page, pageSize: PAGE_SIZE };
  if (query.search.trim()) input.search = query.search.trim();
  if (query.category) input.filters = { category: query.category as Category };
  if (query.sort === 'price_asc' || query.sort === 'price_desc') {
    input.sort = 'price';
    input.order = query.sort === 'price_asc' ? 'asc' : 'desc';
  }
  const result = useQuery({ queryKey: ['products', 'list', input], queryFn: () => trpc.products.list.query(input), placeholderData: keepPreviousData });

  const update = useCallback(
    (next: Partial<ProductQuery> & { page?: number }) =>
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          const set = (key: string, value: string | undefined) => (value ? out.set(key, value) : out.delete(key));
          if (next.category !== undefined) set('categorie', next.category);
          if (next.search !== undefined) set('q', next.search);
          if (next.sort !== undefined) set('tri', next.sort === 'recent' ? '' : next.sort);
          // Any new filter starts again at the first page.
          set('page', next.page && next.page > 1 ? String(next.page) : '');
          return out;
        },
        { replace: next.page === undefined },
      ),
    [setParams],
  );
  return { query, page, result, update };
}
