import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { type ProductQuery, productListState } from './listInput';
import { api, queries } from '../../lib/queries';

export { PAGE_SIZE } from './listInput';

/** The list's state lives in the URL (?categorie=&q=&tri=&page=), so it survives reloads and can be shared. */
export function useProductList() {
  const [params, setParams] = useSearchParams();
  const { query, page, input } = productListState(params);
  const result = useQuery({ ...queries.products(api, input), placeholderData: keepPreviousData });

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
