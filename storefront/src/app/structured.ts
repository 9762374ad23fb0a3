import { parseOpeningHours } from '@app/shared/format';
import type {
  BlogPosting,
  BreadcrumbList,
  Course,
  ItemList,
  LocalBusiness,
  Offer,
  Product,
  ProductGroup,
  Service,
  WebSite,
} from 'schema-dts';
import { optionProperty, type ProductOption, type PublicVariant } from '@app/shared/catalogue';
import type { ProductCondition } from '@app/shared/labels';

/** schema.org's words for a product's condition. */
const SCHEMA_CONDITIONS = {
  new: 'https://schema.org/NewCondition',
  refurbished: 'https://schema.org/RefurbishedCondition',
  used: 'https://schema.org/UsedCondition',
} as const satisfies Record<ProductCondition, string>;

/**
 * What search engines read of the pages (schema.org, as JSON-LD in their head), typed by schema-dts.
 * Addresses may be paths: the server makes them absolute (server/src/http/seo.ts, jsonLd).
 */

type Settings = {
  businessName: string;
  tagline: string;
  phone: string;
  email: string;
  address: string;
  openingHours: readonly string[];
  facebook?: string | null;
  instagram?: string | null;
  linkedin?: string | null;
  youtube?: string | null;
  tiktok?: string | null;
};
type Offered = { price: number | null; stock?: number | null };

/** Its offer in F CFA, when it has a price ("Sur devis" has none). */
const offer = (item: Offered, url: string, extra: Partial<Exclude<Offer, string>> = {}): { offers?: Offer } =>
  item.price === null
    ? {}
    : {
        offers: {
          '@type': 'Offer',
          url,
          price: item.price,
          priceCurrency: 'XOF',
          availability: item.stock === 0 ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
          ...extra,
        } as Offer,
      };

/**
 * The shop as another page names it: its whole node is on the home page, but each page's JSON-LD
 * must stand alone (a search engine reads one page), so it carries the shop's name and address (URL).
 */
const shopRef = (shopName: string | undefined) => ({
  '@type': 'Organization' as const,
  '@id': '/#boutique',
  url: '/',
  ...(shopName ? { name: shopName } : {}),
});

/** A list page's records, in its order (the trainings). */
export function itemList(items: readonly { path: string; name: string }[]) {
  return {
    '@type': 'ItemList',
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, url: item.path, name: item.name })),
  } satisfies ItemList;
}

/** An ISO 8601 duration (PT3H30M) between two instants, or null. */
function duration(from: string, to: string | null) {
  const minutes = to ? Math.round((new Date(to).getTime() - new Date(from).getTime()) / 60_000) : 0;
  if (minutes <= 0) return null;
  const days = Math.floor(minutes / 1440);
  const rest = minutes % 1440;
  return `P${days ? `${days}D` : ''}${rest ? `T${Math.floor(rest / 60) ? `${Math.floor(rest / 60)}H` : ''}${rest % 60 ? `${rest % 60}M` : ''}` : ''}`;
}

/** The shop itself (home page): a local business of Paramètres, with its social profiles. */
export function shopData(settings: Settings) {
  const profiles = [settings.facebook, settings.instagram, settings.linkedin, settings.youtube, settings.tiktok].filter(
    (url): url is string => !!url,
  );
  // Each line the owner wrote in Paramètres (« Lundi-Vendredi 08:00-18:30 »), as schema.org reads it.
  const hours = settings.openingHours.flatMap((line) => {
    const read = parseOpeningHours(line);
    return read ? [{ '@type': 'OpeningHoursSpecification' as const, dayOfWeek: read.days, opens: read.opens, closes: read.closes }] : [];
  });
  return {
    '@type': 'ElectronicsStore',
    '@id': '/#boutique',
    name: settings.businessName,
    description: settings.tagline,
    url: '/',
    image: '/icon-512.png',
    logo: '/icon-512.png',
    telephone: settings.phone,
    email: settings.email,
    address: { '@type': 'PostalAddress', streetAddress: settings.address, addressCountry: 'BJ' },
    currenciesAccepted: 'XOF',
    ...(hours.length ? { openingHoursSpecification: hours } : {}),
    ...(profiles.length ? { sameAs: profiles } : {}),
  } satisfies LocalBusiness;
}

/** The site and its search box (the product search, ?q=). */
export function siteData(settings: Settings) {
  return {
    '@type': 'WebSite',
    '@id': '/#site',
    name: settings.businessName,
    url: '/',
    inLanguage: 'fr',
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: '/products?q={search_term_string}' },
      // schema.org's query-input, which schema-dts does not know.
      ...({ 'query-input': 'required name=search_term_string' } as object),
    },
  } satisfies WebSite;
}

/** Accueil › a list › the record: the trail above a record's page. */
export function breadcrumbs(...trail: [name: string, path: string][]) {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: [['Accueil', '/'] as [string, string], ...trail].map(([name, item], i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name,
      item,
    })),
  } satisfies BreadcrumbList;
}

/** A product: its price in F CFA, whether it is in stock, its codes. */
export function productData(
  product: Offered & {
    name: string;
    shortDescription: string;
    images: string[];
    sku?: string | null;
    barcode?: string | null;
    brand?: string | null;
    condition?: ProductCondition;
  },
  path: string,
) {
  const gtin = product.barcode ? { [`gtin${product.barcode.length}`]: product.barcode } : {};
  return {
    '@type': 'Product',
    name: product.name,
    description: product.shortDescription,
    image: product.images,
    url: path,
    ...(product.sku ? { sku: product.sku } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    ...gtin,
    ...offer(product, path, { itemCondition: SCHEMA_CONDITIONS[product.condition ?? 'new'] }),
  } satisfies Product;
}

/**
 * A product sold in versions: a ProductGroup whose `hasVariant` are its versions on sale, each a
 * Product of its own (its price, stock, SKU, barcode, photo and address `?variante=`), `variesBy`
 * naming the options schema.org knows (colour, size, material, pattern).
 */
export function productGroupData(
  product: Parameters<typeof productData>[0] & { id: string },
  options: readonly ProductOption[],
  variants: readonly PublicVariant[],
  path: string,
) {
  const known = options.map((o) => optionProperty(o.name));
  return {
    '@type': 'ProductGroup',
    name: product.name,
    description: product.shortDescription,
    image: product.images,
    url: path,
    productGroupID: product.sku ?? product.id,
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    variesBy: [...new Set(known.filter((k) => k !== null))].map((k) => `https://schema.org/${k}`),
    hasVariant: variants.map((v) => {
      const url = `${path}?variante=${v.key}`;
      const properties = Object.fromEntries(known.flatMap((k, i) => (k ? [[k, v.values[i]]] : [])));
      return {
        '@type': 'Product',
        name: v.name,
        url,
        image: v.image ?? product.images[0],
        ...(v.sku ? { sku: v.sku } : {}),
        ...(v.barcode ? { [`gtin${v.barcode.length}`]: v.barcode } : {}),
        ...properties,
        ...offer(v, url, { itemCondition: SCHEMA_CONDITIONS[product.condition ?? 'new'] }),
      } as Product;
    }),
  } satisfies ProductGroup;
}

/** A service the shop performs, by the shop. */
export function serviceData(
  service: Offered & { name: string; shortDescription: string; image: string | null },
  path: string,
  shopName?: string,
) {
  return {
    '@type': 'Service',
    name: service.name,
    description: service.shortDescription,
    url: path,
    ...(service.image ? { image: service.image } : {}),
    provider: shopRef(shopName),
    areaServed: { '@type': 'Country', name: 'Bénin' },
    ...offer({ price: service.price }, path),
  } satisfies Service;
}

/** A post of the blog. */
export function postData(
  post: { title: string; excerpt: string; image: string | null; author: string; date: string },
  path: string,
  shopName?: string,
) {
  return {
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.excerpt,
    url: path,
    ...(post.image ? { image: post.image } : {}),
    datePublished: post.date,
    author: { '@type': 'Person', name: post.author },
    publisher: shopRef(shopName),
    inLanguage: 'fr',
  } satisfies BlogPosting;
}

/** A training, with one instance per session to come (online or at its place). */
export function courseData(
  course: { title: string; description: string; image: string | null; price: number; format: string },
  sessions: readonly { startsAt: string; endsAt: string | null; online: boolean; place: string | null }[],
  path: string,
  shopName?: string,
) {
  return {
    '@type': 'Course',
    name: course.title,
    description: course.description,
    url: path,
    ...(course.image ? { image: course.image } : {}),
    inLanguage: 'fr',
    provider: shopRef(shopName),
    ...offer({ price: course.price }, path, { category: course.price > 0 ? 'Paid' : 'Free' }),
    hasCourseInstance: sessions.map((s) => {
      const workload = duration(s.startsAt, s.endsAt);
      return {
        '@type': 'CourseInstance' as const,
        courseMode: s.online ? 'online' : 'onsite',
        startDate: s.startsAt,
        ...(s.endsAt ? { endDate: s.endsAt } : {}),
        // One sitting, on its day: its length when known.
        courseSchedule: { '@type': 'Schedule', startDate: s.startsAt, ...(s.endsAt ? { endDate: s.endsAt } : {}), repeatCount: 1 },
        ...(workload ? { courseWorkload: workload } : {}),
        ...(s.online || !s.place ? {} : { location: { '@type': 'Place' as const, name: s.place, address: s.place } }),
      };
    }),
  } satisfies Course;
}
