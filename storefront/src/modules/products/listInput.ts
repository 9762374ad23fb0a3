import { productCategoryLabels } from '../../lib/labels';
import type { ProductListInput } from '../../lib/queries';

export const PAGE_SIZE = 12;
type Category = keyof typeof productCategoryLabels;

export interface ProductQuery {
  category: string;
  search: string;
  sort: string;
}

/** The list's parameters in its address: the server keeps these and drops any other (utm_source...). */
export const PRODUCT_LIST_PARAMS = ['categorie', 'q', 'tri', 'page'] as const;

/**
 * The list's state lives in the URL (?categorie=&q=&tri=&page=): what the filters show and what
 * is asked of the server, the same in the browser and when the server renders the page.
 */
export function productListState(params: URLSearchParams) {
  const category = params.get('categorie') ?? '';
  const query: ProductQuery = {
    category: category in productCategoryLabels ? category : '',
    search: params.get('q') ?? '',
    sort: params.get('tri') ?? 'recent',
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  const input: ProductListInput = { page, pageSize: PAGE_SIZE };
  if (query.search.trim()) input.search = query.search.trim();
  if (query.category) input.filters = { category: query.category as Category };
  if (query.sort === 'price_asc' || query.sort === 'price_desc') {
    input.sort = 'price';
    input.order = query.sort === 'price_asc' ? 'asc' : 'desc';
  }
  return { query, page, input };
}
