import { createTRPCClient, httpBatchLink, httpLink, splitLink } from '@trpc/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@app/server';

/**
 * Queries about one shopper's own data: never batched with the public ones, whose answers the
 * server caches (a batch mixing both would not be cacheable).
 */
export const PRIVATE_QUERIES: ReadonlySet<string> = new Set([
  'orders.track',
  'orders.quotePromo',
  'payments.status',
  'account.me',
  'account.reorder',
] satisfies ProcedurePath[]);

export const trpc = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      condition: (op) => op.type !== 'query' || PRIVATE_QUERIES.has(op.path),
      true: httpLink({ url: '/trpc' }),
      false: httpBatchLink({ url: '/trpc', maxURLLength: 2000 }),
    }),
  ],
});
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
/** 'orders.track': a path of the router, checked by the compiler. (tests/api/cache.test.ts checks that the private ones are those whose `meta.private` says so.) */
type ProcedurePath = { [R in keyof RouterInputs]: `${R & string}.${keyof RouterInputs[R] & string}` }[keyof RouterInputs];
