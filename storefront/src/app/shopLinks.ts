import { useEffect } from 'react';
import { matchRoutes, useNavigate } from 'react-router';
import { pageRoutes } from './routes';

/** A page of the shop, not an address the server answers itself (the admin, a receipt, a file, the API). */
const isShopPage = (pathname: string) => matchRoutes(pageRoutes, pathname)?.at(-1)?.route.path !== '*';

/**
 * Every link to a page of the shop opens it within the app, without reloading: one listener for
 * the whole page rather than React Router's <Link> around each link. A <Link> runs nine hooks at
 * each render; on the product list, its links (two per card, and the menus') took 30 ms of the
 * app's start on this machine (four times that on a slow phone). The links are plain <a href>, the
 * same tags the server writes and the browser follows on its own until the app has started.
 */
export function useShopLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const follow = (event: MouseEvent) => {
      // A link opened in a new tab or window, downloaded, or already handled stays the browser's.
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      const to = new URL(link.href);
      if (to.origin !== location.origin || !isShopPage(to.pathname)) return;
      // A link to a place on this same page scrolls there as usual.
      if (to.hash && to.pathname === location.pathname && to.search === location.search) return;
      event.preventDefault();
      const path = `${to.pathname}${to.search}${to.hash}`;
      // The page already shown replaces itself in the history, as React Router's <Link> does.
      navigate(path, { replace: path === `${location.pathname}${location.search}${location.hash}` });
    };
    document.addEventListener('click', follow);
    return () => document.removeEventListener('click', follow);
  }, [navigate]);
}
