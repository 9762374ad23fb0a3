import { useEffect } from 'react';
import { useSettings } from './settings';

/** Sets the tab title ("Produits | TechCrypto Bénin"), so shared and bookmarked pages read well. */
export function useTitle(title: string | undefined) {
  const name = useSettings()?.businessName;
  useEffect(() => {
    if (title === undefined) return;
    document.title = name ? `${title} | ${name}` : title;
  }, [title, name]);
}
