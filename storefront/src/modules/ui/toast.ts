import { useSyncExternalStore } from 'react';

// Toasts answer what a shopper does (added to the cart, message sent, an error): no page needs
// them to show. react-toastify (its code and its styles) is fetched with the first toast, not with
// the app, so a first visit on a slow phone parses and hydrates less. Toasts asked for before its
// container is up are queued by react-toastify and shown once it mounts.
const library = () => import('react-toastify');

let wanted = false;
const listeners = new Set<() => void>();
const want = () => {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
};

type Options = { toastId?: string };
const show =
  (kind: 'success' | 'error' | 'info' | 'warning') =>
  (message: string, options?: Options): void => {
    want();
    // A confirmation is read at a glance; an error or a warning stays longer.
    void library().then(({ toast: t }) => t[kind](message, { ...(kind === 'success' ? { autoClose: 2500 } : {}), ...options }));
  };

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  /** One error toast under this id: a second call updates it instead of stacking another. */
  errorOnce: (id: string, message: string) => {
    want();
    void library().then(({ toast: t }) => (t.isActive(id) ? t.update(id, { render: message }) : t.error(message, { toastId: id })));
  },
  dismiss: () => {
    if (wanted) void library().then(({ toast: t }) => t.dismiss());
  },
};

/**
 * Fetches react-toastify once the page is idle, so a toast asked for later (even with the network
 * gone by then) shows at once; the first paint and hydration never wait for it.
 */
export function preloadToasts() {
  const load = () => void library().catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 5000 });
  else setTimeout(load, 3000);
}

/** Whether the toast container is needed yet (after the first toast). */
export const useToastsWanted = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
