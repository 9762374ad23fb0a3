import { useEffect } from 'react';
import { useHead } from './head';
import { useSettings } from './settings';

/** Sets the tab title ("Produits | TechCrypto Bénin"), so shared and bookmarked pages read well. */
export function useTitle(title: string | undefined) {
  const name = useSettings()?.businessName;
  const full = title === undefined ? undefined : name && title !== name ? `${title} | ${name}` : title;
  // On the server the title goes into the page's <title>.
  const head = useHead();
  if (head && full) head.title = full;
  useEffect(() => {
    if (full !== undefined) document.title = full;
  }, [full]);
}
