/** What the storefront's server entry gives the server for one address (storefront/src/entry-server.tsx). */
export interface RenderedPage {
  /** The app's markup, for <div id="root">. */
  html: string;
  /** The data it was rendered with, for the browser to hydrate from (JSON, safe inside <script>). */
  state: string;
  status: number;
  title: string | undefined;
  /** The link-preview tags, from the data the page's route prefetched (null: a page without them). */
  preview: PagePreview | null;
  /** The procedures read: the page is stale once one of their resources changes. */
  procedures: string[];
  /** A read failed (other than "introuvable"): the page shows a loading state and must not be kept. */
  failed: boolean;
  /** What went wrong while rendering (the browser renders those parts itself). */
  errors: unknown[];
  /** The page's file under src/modules, whose code the HTML asks the browser to fetch at once. */
  module: string | undefined;
  /**
   * Reads the page's components made that its route did not prefetch: the server HTML goes out
   * without them and the cached page would not know it depends on them (the server refuses it).
   */
  unprefetched: string[];
}

/**
 * What link previews read (WhatsApp and Facebook run no JavaScript): a product's or an article's
 * title, description, image, kind and canonical path, and the shop's name.
 */
export interface PagePreview {
  title: string;
  description: string;
  image: string | null;
  type: 'website' | 'product' | 'article';
  path: string;
  siteName: string;
  /**
   * What search engines read of the page (schema.org nodes, written as one JSON-LD graph in its
   * head): a product's price and stock, the trail to it. Addresses in it (`url`, `item`, `image`,
   * `@id`, `urlTemplate`) may be paths: the server makes them absolute.
   */
  structured?: readonly object[];
}

/** What the server needs to know of an address before rendering it (storefront/src/app/routes.ts). */
export interface PageAddress {
  /** The query parameters the page reads (the product list's filters): any other is left out of its key. */
  params: readonly string[];
  /** A record renamed since the link was shared: the resource and old slug to look up, and the page's address for the new one. */
  moved: { resource: string; slug: string; pathFor: (slug: string) => string } | null;
}

/** Text for a description tag: one line, at most `max` characters. */
export const clip = (text: string, max = 200) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

/** The storefront's pages to index, and the personal ones to keep out of search engines. */
export interface CrawlPaths {
  indexed: string[];
  excluded: string[];
}

/** The public pages of records, by their current slug: every link, the sitemap and the previews use these. */
export const productPath = (product: { slug: string }) => `/products/${product.slug}`;
export const servicePath = (service: { slug: string }) => `/services/${service.slug}`;
export const postPath = (post: { slug: string }) => `/blog/${post.slug}`;
export const coursePath = (course: { slug: string }) => `/crypto-courses/${course.slug}`;

/**
 * The page's first script, written into its <head> (storefront/vite.config.ts) and allowed by its
 * hash in the CSP (server/src/http/security.ts). Until the early script has arrived (a round trip
 * and more on a slow phone's first visit, while the page already shows), it keeps the taps on the
 * page's buttons, once each, for that script to do (src/boot/boot.ts). A form's submit button is
 * left to the browser, which sends the form itself, as before any script. It also marks the page as
 * run by a browser with JavaScript (`js` on <html>): what only the app does (a loading state) is
 * shown only then. Plain ES5 on one line: its exact text is what the hash allows.
 */
export const TAP_RECORDER =
  '(function(){document.documentElement.className+=" js";var t=window.__tapsBeforeBoot=[];function k(e){var s=e.target,b=s&&s.closest&&s.closest("button");' +
  'if(!b||b.type!=="button")return;e.preventDefault();e.stopPropagation();if(t.indexOf(b)<0)t.push(b)}' +
  'document.addEventListener("click",k,true);window.__stopTapRecorder=function(){document.removeEventListener("click",k,true)}})()';

/**
 * Where the storefront's forms go when the browser runs no JavaScript (Opera Mini, a script that
 * did not load): the server answers them itself (server/src/http/forms-route.ts). The app sends the
 * same forms through the API and never uses these.
 */
export const NO_SCRIPT_FORMS = {
  newsletter: '/formulaires/newsletter',
  contact: '/formulaires/contact',
  tracking: '/formulaires/suivi',
  /** « Mon espace » without JavaScript: the code asked, then typed (the session's cookie set by the answer). */
  account: '/formulaires/espace',
  accountCode: '/formulaires/espace-code',
  /** A newsletter mail's link: confirm, or leave (?action=confirmer|desinscrire, id, t as fields). */
  newsletterLink: '/formulaires/newsletter-lien',
} as const;
