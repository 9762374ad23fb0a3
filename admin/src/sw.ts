/// <reference lib="webworker" />
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

// The admin's own service worker, scoped to /admin/ (never the storefront's): its shell opens from
// the phone at a repeat visit, and the owner's alerts (Web Push) show on the lock screen. No answer
// of the API is ever stored here: every /trpc request goes to the network.

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// Its caches are named apart from the storefront's ("admin-…").
setCacheNameDetails({ prefix: 'admin' });
self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();

// The shell: index.html and the code of the screens, at build time's versions.
precacheAndRoute(self.__WB_MANIFEST);
// Every admin address is the same app: the precached page, even offline.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/admin/index.html'), { allowlist: [/^\/admin(\/|$)/] }));
// Hashed code left out of the precache (the rich-text editor) never changes at its address.
registerRoute(
  ({ url }) => url.pathname.startsWith('/admin/assets/'),
  new CacheFirst({ cacheName: 'admin-assets', plugins: [new ExpirationPlugin({ maxEntries: 20 })] }),
);

/** What the server sends (server/src/platform/push-delivery.ts, PushMessage). */
interface Alert {
  title: string;
  body: string;
  path: string;
  tag: string;
}

self.addEventListener('push', (event) => {
  let alert: Alert;
  try {
    alert = event.data?.json() as Alert;
  } catch {
    alert = { title: 'Boutique', body: event.data?.text() ?? '', path: '/admin/', tag: 'boutique' };
  }
  event.waitUntil(
    self.registration.showNotification(alert.title, {
      body: alert.body,
      tag: alert.tag,
      data: { path: alert.path },
      icon: '/admin/icon-192.png',
      badge: '/admin/badge-96.png',
      lang: 'fr',
    }),
  );
});

// A tap opens the screen the alert is about: in the admin window already open, or a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = String((event.notification.data as { path?: string } | null)?.path ?? '/admin/');
  const target = new URL(path.startsWith('/admin') ? path : '/admin/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).pathname.startsWith('/admin'));
      if (open) {
        await open.focus();
        open.postMessage({ type: 'open', path });
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
