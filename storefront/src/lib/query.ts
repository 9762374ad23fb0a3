import { QueryClient } from '@tanstack/react-query';
import { isNotFound } from './errors';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Catalogue data changes rarely; refetching on every focus would waste the shopper's data plan.
      staleTime: 5 * 60_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => !isNotFound(error) && count < 2,
    },
    // A form sent without a connection fails at once with a French message and keeps what was
    // typed, instead of waiting silently for the network (the shopper may leave meanwhile).
    mutations: { networkMode: 'always' },
  },
});
