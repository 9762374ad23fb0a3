import { formatXOF, isRecordKey } from '@app/shared/format';
import { clip, coursePath, type PageAddress, type PagePreview, postPath, productPath, servicePath } from '@app/shared/ssr';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { generatePath, matchRoutes, type Params } from 'react-router';
import { type Api, queries } from '../lib/queries';
import { PRODUCT_LIST_PARAMS, productListState } from '../modules/products/listInput';
import { breadcrumbs, courseData, itemList, postData, productData, productGroupData, serviceData, shopData, siteData } from './structured';

/**
 * Every page of the shop: its address, its code (a chunk of its own: a first visit downloads
 * the layout and one page) and the public data it shows, which the server loads before it
 * renders the page and hands to the browser with the HTML. Shopper-specific data (the cart, an
 * order) is the browser's to load.
 */
/** One read a page shows: a query's options (from lib/queries.ts), with its key. */
export type PageRead = { queryKey: QueryKey };

export interface PageRoute {
  path: string;
  /** Its component's file under src/modules, named after it (the server preloads that chunk with the page). */
  module: string;
  page: () => Promise<{ default: ComponentType }>;
  data?: (api: Api, params: Params, search: URLSearchParams) => PageRead[];
  /** One shopper's own page (cart, checkout, an order): kept out of search engines (robots.txt, sitemap). */
  personal?: true;
  /** The query parameters the page reads; the server leaves any other out of the address it renders and caches. */
  params?: readonly string[];
  /** Its link-preview tags, from the data `data` prefetched (null: the record does not exist). */
  preview?: (api: Api, params: Params, data: QueryClient, search: URLSearchParams) => Omit<PagePreview, 'siteName'> | null;
  /** A slug parameter whose earlier values (old slugs, the record's id) still lead here (301). */
  moved?: { resource: 'blogPosts' | 'products' | 'services' | 'cryptoCourses'; param: string };
}

const modules = import.meta.glob<Record<string, ComponentType>>(['../modules/*/*Page.tsx', '../modules/ui/NotFound.tsx']);
/** 'products/ProductPage': the ProductPage component of src/modules/products/ProductPage.tsx, in a chunk of its own. */
const page = (module: string) => ({
  module,
  page: () => modules[`../modules/${module}.tsx`]!().then((exports) => ({ default: exports[module.split('/')[1]!]! })),
});

/** What a product or a service page shows in a link preview: its name, its price ("Sur devis" without one), its photo. */
const offerPreview = (name: string, price: number | null, summary: string, image: string | null | undefined, path: string) => ({
  title: name,
  description: clip(`${price === null ? 'Sur devis' : formatXOF(price)} – ${summary}`),
  image: image ?? null,
  type: 'product' as const,
  path,
});

/** The shop's name (Paramètres: every page reads them), for the JSON-LD that names it. */
const shopName = (a: Api, data: QueryClient) => data.getQueryData(queries.settings(a).queryKey)?.businessName;

/** A list page's preview: its own title and description, the first picture among its records. */
const listPreview =
  (
    title: string,
    description: string,
    path: string,
    image: (a: Api, data: QueryClient, search: URLSearchParams) => string | null | undefined,
  ): NonNullable<PageRoute['preview']> =>
  (a, _params, data, search) => ({ title, description, image: image(a, data, search) ?? null, type: 'website', path });

export const pageRoutes: PageRoute[] = [
  {
    path: '/',
    ...page('home/HomePage'),
    preview: (a, _params, data) => {
      const settings = data.getQueryData(queries.settings(a).queryKey);
      if (!settings) return null;
      const featured = data.getQueryData(queries.featuredProducts(a).queryKey)?.rows.find((p) => p.images[0]);
      return {
        title: settings.businessName,
        description: clip(settings.tagline),
        image: featured?.images[0] ?? null,
        type: 'website',
        path: '/',
        structured: [shopData(settings), siteData(settings)],
      };
    },
    data: (a) => [
      queries.featuredProducts(a),
      queries.services(a),
      queries.courses(a),
      queries.trendingCryptos(a),
      queries.latestPosts(a),
      queries.testimonials(a),
    ],
  },
  {
    path: '/products',
    ...page('products/ProductsPage'),
    data: (a, _, search) => [queries.products(a, productListState(search).input)],
    params: PRODUCT_LIST_PARAMS,
    preview: listPreview(
      'Produits',
      'Ordinateurs, téléphones, accessoires et portefeuilles crypto, livrés au Bénin.',
      '/products',
      (a, data, search) =>
        data.getQueryData(queries.products(a, productListState(search).input).queryKey)?.rows.find((p) => p.images[0])?.images[0],
    ),
  },
  {
    path: '/products/:slug',
    ...page('products/ProductPage'),
    data: (a, { slug = '' }) => (isRecordKey(slug) ? [queries.product(a, slug), queries.variants(a, slug)] : []),
    // The version chosen: by its key, or by a no-script form's values.
    params: ['variante', 'o1', 'o2', 'o3'],
    preview: (a, { slug = '' }, data) => {
      const product = isRecordKey(slug) ? data.getQueryData(queries.product(a, slug).queryKey) : undefined;
      if (!product) return null;
      const path = productPath(product);
      const variants = product.options ? (data.getQueryData(queries.variants(a, slug).queryKey) ?? []) : [];
      return {
        ...offerPreview(product.name, product.price, product.shortDescription, product.images[0], path),
        structured: [
          variants.length ? productGroupData(product, product.options ?? [], variants, path) : productData(product, path),
          breadcrumbs(['Produits', '/products'], [product.name, path]),
        ],
      };
    },
    moved: { resource: 'products', param: 'slug' },
  },
  {
    path: '/services',
    ...page('services/ServicesPage'),
    data: (a) => [queries.services(a)],
    preview: listPreview(
      'Services',
      'Installation, dépannage et réseaux informatiques pour particuliers et entreprises.',
      '/services',
      (a, data) => data.getQueryData(queries.services(a).queryKey)?.rows.find((r) => r.image)?.image,
    ),
  },
  {
    path: '/services/:slug',
    ...page('services/ServicePage'),
    data: (a, { slug = '' }) => (isRecordKey(slug) ? [queries.service(a, slug)] : []),
    preview: (a, { slug = '' }, data) => {
      const service = isRecordKey(slug) ? data.getQueryData(queries.service(a, slug).queryKey) : undefined;
      if (!service) return null;
      const path = servicePath(service);
      return {
        ...offerPreview(service.name, service.price, service.shortDescription, service.image, path),
        structured: [serviceData(service, path, shopName(a, data)), breadcrumbs(['Services', '/services'], [service.name, path])],
      };
    },
    moved: { resource: 'services', param: 'slug' },
  },
  {
    path: '/crypto-courses',
    ...page('courses/CoursesPage'),
    data: (a) => [queries.courses(a), queries.sessions(a)],
    preview: (a, params, data, search) => {
      const list = listPreview(
        'Formations crypto',
        'Comprendre, acheter et sécuriser ses cryptomonnaies : formations en ligne et en présentiel.',
        '/crypto-courses',
        (a, data) => data.getQueryData(queries.courses(a).queryKey)?.rows.find((r) => r.image)?.image,
      )(a, params, data, search);
      if (!list) return null;
      // The trainings in their order, for search engines' course lists.
      const rows = data.getQueryData(queries.courses(a).queryKey)?.rows ?? [];
      return { ...list, structured: [itemList(rows.map((c) => ({ path: coursePath(c), name: c.title })))] };
    },
  },
  {
    path: '/crypto-courses/:slug',
    ...page('courses/CoursePage'),
    data: (a, { slug = '' }) => (isRecordKey(slug) ? [queries.course(a, slug), queries.sessions(a)] : []),
    preview: (a, { slug = '' }, data) => {
      const course = isRecordKey(slug) ? data.getQueryData(queries.course(a, slug).queryKey) : undefined;
      if (!course) return null;
      const path = coursePath(course);
      const sessions = data.getQueryData(queries.sessions(a).queryKey)?.filter((s) => s.courseId === course.id) ?? [];
      return {
        title: course.title,
        description: clip(`${formatXOF(course.price)} – ${course.description}`),
        image: course.image,
        type: 'website',
        path,
        structured: [
          courseData(course, sessions, path, shopName(a, data)),
          breadcrumbs(['Formations crypto', '/crypto-courses'], [course.title, path]),
        ],
      };
    },
    moved: { resource: 'cryptoCourses', param: 'slug' },
  },
  { path: '/delivery', ...page('delivery/DeliveryPage'), data: (a) => [queries.deliveryOptions(a)] },
  { path: '/cart', ...page('cart/CartPage'), data: (a) => [queries.deliveryOptions(a)], personal: true },
  {
    path: '/checkout',
    ...page('checkout/CheckoutPage'),
    data: (a) => [queries.deliveryOptions(a), queries.paymentOptions(a)],
    personal: true,
  },
  { path: '/order/:number', ...page('checkout/OrderPage'), personal: true },
  { path: '/suivi', ...page('tracking/TrackingPage'), personal: true },
  { path: '/suivi/:token', ...page('tracking/TrackingPage'), personal: true },
  { path: '/mon-espace', ...page('account/AccountPage'), personal: true },
  { path: '/verify', ...page('verify/VerifyPage') },
  // A newsletter mail's links (confirm, unsubscribe): one person's, kept out of search engines.
  { path: '/newsletter', ...page('newsletter/NewsletterPage'), personal: true, params: ['action', 'id', 't'] },
  {
    path: '/blog',
    ...page('blog/BlogPage'),
    data: (a) => [queries.posts(a)],
    preview: listPreview(
      'Blog',
      'Conseils, guides et actualités sur l’informatique et les cryptomonnaies au Bénin.',
      '/blog',
      (a, data) => data.getQueryData(queries.posts(a).queryKey)?.rows.find((r) => r.image)?.image,
    ),
  },
  {
    path: '/blog/:slug',
    ...page('blog/BlogPostPage'),
    data: (a, { slug = '' }) => (isRecordKey(slug) ? [queries.post(a, slug)] : []),
    preview: (a, { slug = '' }, data) => {
      const post = isRecordKey(slug) ? data.getQueryData(queries.post(a, slug).queryKey) : undefined;
      if (!post) return null;
      const path = postPath(post);
      return {
        title: post.title,
        description: clip(post.excerpt),
        image: post.image,
        type: 'article',
        path,
        structured: [postData(post, path, shopName(a, data)), breadcrumbs(['Blog', '/blog'], [post.title, path])],
      };
    },
    moved: { resource: 'blogPosts', param: 'slug' },
  },
  { path: '/crypto-trending', ...page('crypto/CryptoTrendingPage'), data: (a) => [queries.trendingCryptos(a)] },
  { path: '/about', ...page('contact/AboutPage'), data: (a) => [queries.testimonials(a)] },
  { path: '/contact', ...page('contact/ContactPage') },
  { path: '*', ...page('ui/NotFound') },
];

/** The route an address opens (the not-found page for any other), with its parameters. */
export const routeOf = (pathname: string) => matchRoutes(pageRoutes, pathname)?.at(-1);

/** What the server needs to know of an address before rendering it: the parameters it keeps, a renamed record's lookup. */
export function pageAddress(pathname: string): PageAddress {
  const match = routeOf(pathname);
  const moved = match?.route.moved;
  const slug = moved ? match.params[moved.param] : undefined;
  return {
    params: match?.route.params ?? [],
    moved:
      moved && slug && isRecordKey(slug)
        ? {
            resource: moved.resource,
            slug: slug.toLowerCase(),
            pathFor: (current) => generatePath(match.route.path, { ...match.params, [moved.param]: current }),
          }
        : null,
  };
}

/** What every page shows whatever its address: the shop's name, phone and links (header, footer). */
export const layoutData = (a: Api): PageRead[] => [queries.settings(a)];

/** The pages' address patterns ('/products/:slug'), for the server to route them without a file lookup first. */
export const pagePaths = pageRoutes.map((route) => route.path).filter((path) => path !== '*');

/** Addresses for robots.txt and the sitemap: pages to index (no parameter) and personal ones to keep out. */
export const crawlPaths = {
  indexed: pageRoutes.filter((route) => !route.personal && route.path !== '*' && !route.path.includes(':')).map((route) => route.path),
  excluded: pageRoutes
    .filter((route) => route.personal)
    .map((route) => route.path.replace(/:\w+$/, ''))
    // '/suivi' already covers '/suivi/'.
    .filter((path, i, all) => all.indexOf(path) === i && !all.some((other) => other !== path && path.startsWith(other))),
};
