import './styles.css';
import { hydrate, onlineManager } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import { App } from './app/App';
import { PageLoadError, preloadPage } from './app/pages';
import { pageRoutes } from './app/routes';
import { queryClient } from './lib/query';

// Opened without a connection (a page from the service worker's cache): queries wait for it
// instead of failing, and go out when it returns (TanStack Query only hears later changes).
onlineManager.setOnline(navigator.onLine);

const container = document.getElementById('root')!;
// A page that could not be downloaded is the boundary's to explain (PageBoundary); other errors it catches are logged.
const options = { onCaughtError: (error: unknown) => void (error instanceof PageLoadError || console.error(error)) };
const app = <App queryClient={queryClient} router={BrowserRouter} />;
// The data the server rendered the page with (entry-server.tsx), when it did.
const state = document.getElementById('query-state');
if (state?.textContent) {
  // The page came rendered: the browser takes it over with the same data, asking nothing again.
  hydrate(queryClient, JSON.parse(state.textContent));
  // With the page's own code first (fetched beside this script: modulepreload), so the whole
  // page is taken over as it stands; a failed download is the boundary's to explain.
  const route = matchRoutes(pageRoutes, location.pathname)?.at(-1)?.route;
  void (route ? preloadPage(route) : Promise.resolve())
    .catch(() => undefined)
    .then(() =>
      // In a transition, hydration runs in small slices that a tap can interrupt, instead of one long
      // task that freezes a slow phone (the page is already on screen meanwhile).
      startTransition(() => {
        hydrateRoot(container, app, options);
      }),
    );
} else {
  // The same for a first render in the browser.
  startTransition(() => createRoot(container, options).render(app));
}
