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
  page: () => Promise<{ default: ComponentType }>;
  data?: (api: Api, params: Params, search: URLSearchParams) => object[];
}

export const pageRoutes: PageRoute[] = [
  {
    path: '/',
    page: () => import('../routes/HomeRoute'),
    data: (a) => [queries.featuredProducts(a), queries.services(a), queries.courses(a), queries.trendingCryptos(a), queries.latestPosts(a), queries.testimonials(a)],
  },
  { path: '/products', page: () => import('../routes/ProductsRoute'), data: (a, _, search) => [queries.products(a, productListState(search).input)] },
  { path: '/products/:id', page: () => import('../routes/ProductRoute'), data: (a, { id = '' }) => (isUuid(id) ? [queries.product(a, id)] : []) },
  { path: '/services', page: () => import('../routes/ServicesRoute'), data: (a) => [queries.services(a)] },
  { path: '/services/:id', page: () => import('../routes/ServiceRoute'), data: (a, { id = '' }) => (isUuid(id) ? [queries.service(a, id)] : []) },
  { path: '/crypto-courses', page: () => import('../routes/CoursesRoute'), data: (a) => [queries.courses(a)] },
  { path: '/delivery', page: () => import('../routes/DeliveryRoute'), data: (a) => [queries.deliveryOptions(a)] },
  { path: '/cart', page: () => import('../routes/CartRoute'), data: (a) => [queries.deliveryOptions(a)] },
  { path: '/checkout', page: () => import('../routes/CheckoutRoute'), data: (a) => [queries.deliveryOptions(a), queries.paymentOptions(a)] },
  { path: '/order/:number', page: () => import('../routes/OrderRoute') },
  { path: '/suivi', page: () => import('../routes/TrackingRoute') },
  { path: '/suivi/:token', page: () => import('../routes/TrackingRoute') },
  { path: '/verify', page: () => import('../routes/VerifyRoute') },
  { path: '/blog', page: () => import('../routes/BlogRoute'), data: (a) => [queries.posts(a)] },
  { path: '/blog/:slug', page: () => import('../routes/BlogPostRoute'), data: (a, { slug = '' }) => (slug.length <= 120 ? [queries.post(a, slug)] : []) },
  { path: '/crypto-trending', page: () => import('../routes/CryptoTrendingRoute'), data: (a) => [queries.trendingCryptos(a)] },
  { path: '/about', page: () => import('../routes/AboutRoute'), data: (a) => [queries.testimonials(a)] },
  { path: '/contact', page: () => import('../routes/ContactRoute') },
  { path: '*', page: () => import('../routes/NotFoundRoute') },
];

/** What every page shows whatever its address: the shop's name, phone and links (header, footer). */
export const layoutData = (a: Api) => [queries.settings(a)];
