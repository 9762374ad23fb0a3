import { useEffect, useState } from 'react';

// The sign-in pages move between themselves without a router library: the light entry stays light.

const BASE = '/admin';

/** The address under /admin, as the admin's router sees it ('/login', '/products'...). */
export const currentPath = () => window.location.pathname.slice(BASE.length) || '/';

export function go(path: string, { replace = false } = {}) {
  window.history[replace ? 'replaceState' : 'pushState'](null, '', `${BASE}${path}`);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/** The current address, kept up to date with the back button and `go`. */
export function useLocation() {
  const [location, setLocation] = useState(() => ({ path: currentPath(), search: window.location.search }));
  useEffect(() => {
    const update = () => setLocation({ path: currentPath(), search: window.location.search });
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, []);
  return location;
}

/** A link inside the admin that does not reload the page. */
export function Link({ to, children }: { to: string; children: string }) {
  return (
    <a
      href={`${BASE}${to}`}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        go(to);
      }}
    >
      {children}
    </a>
  );
}
