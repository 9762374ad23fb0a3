import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { PageRoute } from './routes';

/** A page's code could not be downloaded (lost connection, or a version deployed since). */
export class PageLoadError extends Error {
  constructor(override readonly cause: unknown) {
    super('Connexion perdue');
  }
}

const pages = new Map<PageRoute, LazyExoticComponent<ComponentType>>();
const loaded = new Map<PageRoute, ComponentType>();

/**
 * Downloads a page's code before the app takes over the server's HTML of it. Rendered lazily
 * instead, the page would still be waiting for its code when the cart (read from the phone)
 * changes around it, and React would then throw the server's HTML away and build the page again.
 */
export async function preloadPage(route: PageRoute) {
  loaded.set(route, (await route.page()).default);
}
const failed = new Set<PageRoute>();

/** Pages whose download failed start afresh at their next render (the boundary's "Réessayer"). */
export function retryFailedPages() {
  for (const route of failed) pages.delete(route);
  failed.clear();
}

/**
 * The page's component, downloaded on first use. A failed download is tried again once after a
 * short wait (mobile networks drop a request now and then); if that fails too, the error goes to
 * the page's error boundary, and stays until retryFailedPages() (React renders a failed part
 * again before showing the boundary: a fresh download there would loop).
 */
export function pageComponent(route: PageRoute): ComponentType {
  const ready = loaded.get(route);
  if (ready) return ready;
  let page = pages.get(route);
  if (!page) {
    page = lazy(async () => {
      try {
        return await route.page();
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        try {
          return await route.page();
        } catch (error) {
          failed.add(route);
          throw new PageLoadError(error);
        }
      }
    });
    pages.set(route, page);
  }
  return page;
}
