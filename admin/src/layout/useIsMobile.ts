import { useSyncExternalStore } from 'react';

/** Spec section 9: below 768 px the menu becomes an overlay. */
const QUERY = '(max-width: 767.98px)';

const subscribe = (notify: () => void) => {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', notify);
  return () => media.removeEventListener('change', notify);
};

export const useIsMobile = () => useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches);
