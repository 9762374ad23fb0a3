import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { PageRoute } from './routes';

/** A page's code could not be downloaded (lost connection, or a version deployed since). */
export class PageLoadError extends Error {
  constructor(override readonly cause: unknown) {
    super('Connexion perdue');
  }
}

const pages = new Map<PageRoute, LazyExoticComponent<ComponentType>>();
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
export function pageComponent(route: PageRoute) {
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
