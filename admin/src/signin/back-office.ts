// The back-office's code (Refine, Ant Design, the layout and the dashboard), fetched once and shared
// by whoever asks first. Both parts at once: the second is not discovered only after the first runs.
export const loadBackOffice = () => Promise.all([import('../App'), import('../AdminApp')]).then(([app]) => app);

/**
 * On the sign-in page, once it has loaded and the phone is idle: the owner types for a few seconds,
 * during which the back-office arrives, and signing in does not wait for it.
 */
export function loadBackOfficeWhenIdle() {
  const start = () => {
    const idle = (window as { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback ?? ((cb) => setTimeout(cb, 200));
    idle(() => void loadBackOffice().catch(() => undefined));
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
