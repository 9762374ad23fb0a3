import { createTRPCClient, httpBatchLink } from '@trpc/client';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@app/server';

// Same origin as the API: the session cookie goes along without any CORS setup.
// maxURLLength: a screen that asks for many things at once gets several requests, never a 414.
export const trpc = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/trpc', maxURLLength: 2000 })] });
export type RouterOutputs = inferRouterOutputs<AppRouter>;

interface Procedure {
  query(input?: unknown): Promise<unknown>;
  mutate(input?: unknown): Promise<unknown>;
}

/** The tRPC procedure `router.verb` by name: the data provider only knows resource names at run time. */
export function procedure(router: string, verb: string): Procedure {
  const routers = trpc as unknown as Record<string, Record<string, Procedure | undefined> | undefined>;
  const found = routers[router]?.[verb];
  if (!found) throw new Error(`Procédure inconnue : ${router}.${verb}`);
  return found;
}
