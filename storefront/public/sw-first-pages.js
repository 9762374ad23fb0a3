// Imported by the shop's generated service worker (storefront/vite.config.ts, workbox.importScripts).
// The pages open when the worker first takes over came before it, so it never saw them: the first
// page a shopper opened would be missing offline. On activation it keeps them in its pages cache
// (a revalidation: 304 from the browser's own cache), whatever the shopper does meanwhile. The same
// pages it keeps otherwise: not the admin, a customer's own order nor a receipt, never a private
// or no-store answer.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const pages = await caches.open('pages');
      await Promise.all(
        windows
          .map(async (client) => {
            const url = new URL(client.url);
            url.hash = '';
            if (url.origin !== self.location.origin || /^\/(admin|suivi)(\/|$)|\.pdf$/.test(url.pathname)) return;
            if (await pages.match(url.href)) return;
            const response = await fetch(url.href, { credentials: 'same-origin' });
            const caching = response.headers.get('cache-control') || '';
            if (response.ok && !/no-store|private/.test(caching)) await pages.put(url.href, response);
          })
          .map((kept) => kept.catch(() => undefined)),
      );
    })(),
  );
});
