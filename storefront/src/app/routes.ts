import type { ComponentType } from 'react';
import type { Params } from 'react-router';
import { isUuid } from '../lib/id';
import { type Api, queries } from '../lib/queries';
import { productListState } from '../modules/products/listInput';

/**
 * Every page of the shop: its address, its code (a chunk of its own: a first visit downloads
 * the layout and one page) and the public data it shows, which the server loads before it
 * renders the page and hands to the browser with the HTML. Shopper-specific data (the cart, an
 * order) is the browser's to load.
 */
export interface PageRoute {
  path: string;
  /** Its file in src/routes (the server preloads that chunk with the page). */
  module: string;
  page: () => Promise<{ default: ComponentType }>;
  data?: (api: Api, params: Params, search: URLSearchParams) => object[];
}

const modules = import.meta.glob<{ default: ComponentType }>('../routes/*.tsx');
const page = (module: string) => ({ module, page: modules[`../routes/${module}.tsx`]! });

export const pageRoutes: PageRoute[] = [
  {
    path: '/',
    ...page('HomeRoute'),
    data: (a) => [queries.featuredProducts(a), queries.services(a), queries.courses(a), queries.trendingCryptos(a), queries.latestPosts(a), queries.testimonials(a)],
  },
  { path: '/products', ...page('ProductsRoute'), data: (a, _, search) => [queries.products(a, productListState(search).input)] },
  { path: '/products/:id', ...page('ProductRoute'), data: (a, { id = '' }) => (isUuid(id) ? [queries.product(a, id)] : []) },
  { path: '/services', ...page('ServicesRoute'), data: (a) => [queries.services(a)] },
  { path: '/services/:id', ...page('ServiceRoute'), data: (a, { id = '' }) => (isUuid(id) ? [queries.service(a, id)] : []) },
  { path: '/crypto-courses', ...page('CoursesRoute'), data: (a) => [queries.courses(a)] },
  { path: '/delivery', ...page('DeliveryRoute'), data: (a) => [queries.deliveryOptions(a)] },
  { path: '/cart', ...page('CartRoute'), data: (a) => [queries.deliveryOptions(a)] },
  { path: '/checkout', ...page('CheckoutRoute'), data: (a) => [queries.deliveryOptions(a), queries.paymentOptions(a)] },
  { path: '/order/:number', ...page('OrderRoute') },
  { path: '/suivi', ...page('TrackingRoute') },
  { path: '/suivi/:token', ...page('TrackingRoute') },
  { path: '/verify', ...page('VerifyRoute') },
  { path: '/blog', ...page('BlogRoute'), data: (a) => [queries.posts(a)] },
  { path: '/blog/:slug', ...page('BlogPostRoute'), data: (a, { slug = '' }) => (slug.length <= 120 ? [queries.post(a, slug)] : []) },
  { path: '/crypto-trending', ...page('CryptoTrendingRoute'), data: (a) => [queries.trendingCryptos(a)] },
  { path: '/about', ...page('AboutRoute'), data: (a) => [queries.testimonials(a)] },
  { path: '/contact', ...page('ContactRoute') },
  { path: '*', ...page('NotFoundRoute') },
];

/** What every page shows whatever its address: the shop's name, phone and links (header, footer). */
export const layoutData = (a: Api) => [queries.settings(a)];
