import { hydrate, onlineManager } from '@tanstack/react-query';
import { startTransition } from 'react';
import type { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import { queryClient } from '../lib/query';
import { keepSettings } from '../lib/settings';
import { App } from './App';
import { PageLoadError, preloadPage } from './pages';
import { pageRoutes } from './routes';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Takes the server's page over (or renders the app, when the page came empty). */
export async function startApp(client: { createRoot: typeof createRoot; hydrateRoot: typeof hydrateRoot }) {
  // Opened without a connection (a page from the service worker's cache): queries wait for it
  // instead of failing, and go out when it returns (TanStack Query only hears later changes).
  onlineManager.setOnline(navigator.onLine);

  const container = document.getElementById('root')!;
  // A page that could not be downloaded is the boundary's to explain (PageBoundary); other errors it catches are logged.
  const options = { onCaughtError: (error: unknown) => void (error instanceof PageLoadError || console.error(error)) };
  const app = <App queryClient={queryClient} router={BrowserRouter} />;
  // The data the server rendered the page with (entry-server.tsx), when it did.
  const state = document.getElementById('query-state');
  if (!state?.textContent) {
    keepSettings(queryClient);
    startTransition(() => client.createRoot(container, options).render(app));
    registerServiceWorker();
    return;
  }
  // The page came rendered: the browser takes it over with the same data, asking nothing again.
  hydrate(queryClient, JSON.parse(state.textContent));
  keepSettings(queryClient);
  // With the page's own code first (fetched beside this script: modulepreload), so the whole
  // page is taken over as it stands; a failed download is the boundary's to explain.
  const route = matchRoutes(pageRoutes, location.pathname)?.at(-1)?.route;
  if (route) await preloadPage(route).catch(() => undefined);
  await nextTask();
  // In a transition, hydration runs in small slices that a tap can interrupt, instead of one long
  // task that freezes a slow phone (the page is already on screen meanwhile).
  startTransition(() => {
    client.hydrateRoot(container, app, options);
  });
  registerServiceWorker();
}

/** The service worker (vite-plugin-pwa, generated with Workbox): the shop on the phone for repeat visits and offline. */
function registerServiceWorker() {
  // Not in the development server (no worker there), nor where the browser has none.
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  // After the page's photos (the load event): its first download of the whole app must not take
  // the slow link from them. A refused registration (private mode, storage full) leaves the shop
  // as it is: online only.
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
