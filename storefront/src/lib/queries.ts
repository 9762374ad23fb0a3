import { createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@app/server';
import { queryClient } from './query';
import { type RouterInputs, trpc } from './trpc';

/**
 * The public reads of the storefront, each declared once. The browser runs them over HTTP (`api`);
 * the server runs the same ones through the router to render a page (entry-server.tsx), under the
 * same query keys, so the page hydrates from what the HTML was built with and asks nothing again.
 */
export type Api = TRPCOptionsProxy<AppRouter>;

export const api: Api = createTRPCOptionsProxy<AppRouter>({ client: trpc, queryClient: () => queryClient });

export type ProductListInput = NonNullable<RouterInputs['products']['list']>;

// A record that does not exist stays "introuvable" when a page mounts (and when the browser takes
// over a page the server rendered as not found) instead of being asked again.
const settled = { retryOnMount: false } as const;

export const queries = {
  settings: (a: Api) => a.settings.get.queryOptions(undefined, { staleTime: Infinity }),
  /** A product's page, by the address key in its URL (its slug, an old slug or its id). */
  product: (a: Api, slug: string) => a.products.bySlug.queryOptions({ slug }, settled),
  /** A product's versions on sale, by its page's address key (none for a plain product). */
  variants: (a: Api, slug: string) => a.products.variants.queryOptions({ slug }, settled),
  /** A product in the cart, by its id (its stock now). */
  productById: (a: Api, id: string) => a.products.get.queryOptions({ id }, settled),
  products: (a: Api, input: ProductListInput) => a.products.list.queryOptions(input),
  featuredProducts: (a: Api) => a.products.list.queryOptions({ pageSize: 8, filters: { featured: true } }),
  services: (a: Api) => a.services.list.queryOptions({ pageSize: 50 }),
  service: (a: Api, slug: string) => a.services.bySlug.queryOptions({ slug }, settled),
  courses: (a: Api) => a.cryptoCourses.list.queryOptions({ pageSize: 50, sort: 'price', order: 'asc' }),
  course: (a: Api, slug: string) => a.cryptoCourses.bySlug.queryOptions({ slug }, settled),
  /** The training sessions to come, with their seats left (every training's: one read for the page and the cart). */
  sessions: (a: Api) => a.courseSessions.upcoming.queryOptions(undefined, { staleTime: 60_000 }),
  trendingCryptos: (a: Api) => a.trendingCryptos.list.queryOptions({ pageSize: 50 }),
  posts: (a: Api) => a.blogPosts.list.queryOptions({ pageSize: 50 }),
  latestPosts: (a: Api) => a.blogPosts.list.queryOptions({ pageSize: 3 }),
  post: (a: Api, slug: string) => a.blogPosts.bySlug.queryOptions({ slug }, settled),
  testimonials: (a: Api) => a.testimonials.list.queryOptions({ pageSize: 6 }),
  deliveryOptions: (a: Api) => a.deliveryOptions.list.queryOptions({ pageSize: 50 }),
  paymentOptions: (a: Api) => a.payments.options.queryOptions(undefined, { staleTime: 10 * 60_000 }),
};
