/** What the storefront's server entry gives the server for one address (storefront/src/entry-server.tsx). */
export interface RenderedPage {
  /** The app's markup, for <div id="root">. */
  html: string;
  /** The data it was rendered with, for the browser to hydrate from (JSON, safe inside <script>). */
  state: string;
  status: number;
  title: string | undefined;
  /** The procedures read: the page is stale once one of their resources changes. */
  procedures: string[];
  /** A read failed (other than "introuvable"): the page shows a loading state and must not be kept. */
  failed: boolean;
  /** What went wrong while rendering (the browser renders those parts itself). */
  errors: unknown[];
  /** The page's file under src/modules, whose code the HTML asks the browser to fetch at once. */
  module: string | undefined;
}

/** The storefront's pages to index, and the personal ones to keep out of search engines. */
export interface CrawlPaths {
  indexed: string[];
  excluded: string[];
}
