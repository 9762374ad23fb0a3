/** The admin's service worker (its shell offline, the owner's alerts), registered once the page has loaded (signed in). */
export function registerAdminWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = () => void navigator.serviceWorker.register('/admin/sw.js', { scope: '/admin/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
