import { keepPreviousData, QueryClient } from '@tanstack/react-query';

/**
 * One cache for every screen: the frame's and the team's screens (no Refine) and the records'
 * (Refine, given this client in crud/ResourceScreens.tsx). Refine's own defaults, kept for all.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, placeholderData: keepPreviousData } },
});
