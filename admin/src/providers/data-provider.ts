import type { CrudFilter, CrudSort, DataProvider } from '@refinedev/core';
import { toHttpError } from './errors';
import { procedure } from './trpc';

/** The filter field that carries the list's text search (the resource's `list.search` fields). */
export const SEARCH_FILTER = 'search';
/**
 * Refine's edit form wants an id; a singleton (settings, `meta.singleton` on its Refine resource)
 * is served by `get()` / `update(data)` and has no id to give, so its form passes this one.
 */
export const SINGLETON_ID = 'singleton';

async function call<T>(run: () => Promise<unknown>): Promise<T> {
  try {
    return (await run()) as T;
  } catch (error) {
    throw toHttpError(error);
  }
}

export function listInput(params: {
  pagination?: { currentPage?: number; pageSize?: number };
  sorters?: CrudSort[];
  filters?: CrudFilter[];
}) {
  const { currentPage = 1, pageSize = 20 } = params.pagination ?? {};
  const input: Record<string, unknown> = { page: currentPage, pageSize: Math.min(pageSize, 100) };
  const sorter = params.sorters?.[0];
  if (sorter) Object.assign(input, { sort: sorter.field, order: sorter.order });
  const filters: Record<string, unknown> = {};
  for (const filter of params.filters ?? []) {
    if (!('field' in filter)) continue;
    const value = filter.value as unknown;
    if (value === undefined || value === null || value === '') continue;
    if (filter.field === SEARCH_FILTER) input.search = String(value).trim();
    else filters[filter.field] = value;
  }
  if (Object.keys(filters).length) input.filters = filters;
  return input;
}

export const dataProvider: DataProvider = {
  getApiUrl: () => '/trpc',
  getList: async ({ resource, pagination, sorters, filters }) => {
    const result = await call<{ rows: never[]; total: number; more?: true }>(() =>
      procedure(resource, 'list').query(listInput({ pagination, sorters, filters })),
    );
    // `more`: the server stopped counting at `total` (repository.ts, COUNT_CAP).
    return { data: result.rows, total: result.total, more: result.more ?? false };
  },
  getOne: async ({ resource, id, meta }) => {
    const data = await call<never>(() =>
      meta?.singleton ? procedure(resource, 'get').query() : procedure(resource, 'get').query({ id: String(id) }),
    );
    return { data };
  },
  create: async ({ resource, variables }) => ({ data: await call<never>(() => procedure(resource, 'create').mutate(variables)) }),
  update: async ({ resource, id, variables, meta }) => {
    const data = await call<never>(() =>
      meta?.singleton
        ? procedure(resource, 'update').mutate(variables)
        : procedure(resource, 'update').mutate({ id: String(id), data: variables }),
    );
    return { data };
  },
  deleteOne: async ({ resource, id }) => ({ data: await call<never>(() => procedure(resource, 'delete').mutate({ id: String(id) })) }),
};
