/** Wide-screen header links, in the spec's order (section 2, "Header"). */
export const headerLinks = [
  { to: '/', label: 'Accueil' },
  { to: '/about', label: 'À Propos' },
  { to: '/products', label: 'Produits' },
  { to: '/crypto-trending', label: 'Cryptos' },
  { to: '/blog', label: 'Blogs' },
  { to: '/delivery', label: 'Livraison' },
  { to: '/contact', label: 'Contact' },
] as const;

/**
 * Mobile menu entries: the spec's, in its order, then the pages a phone user could not reach
 * otherwise (the wide header is hidden on phones). Espace Admin and Contact WhatsApp are added
 * by the menu itself.
 */
export const mobileLinks = [
  { to: '/', label: 'Accueil' },
  { to: '/products', label: 'Produits' },
  { to: '/services', label: 'Services' },
  { to: '/crypto-courses', label: 'Formations Crypto' },
  { to: '/delivery', label: 'Livraison' },
  { to: '/blog', label: 'Blog' },
  { to: '/crypto-trending', label: 'Cryptos' },
  { to: '/suivi', label: 'Suivre ma commande' },
  { to: '/mon-espace', label: 'Mon espace' },
  { to: '/verify', label: 'Vérifier un compte' },
  { to: '/about', label: 'À propos' },
  { to: '/contact', label: 'Contact' },
] as const;

/** Footer "Liens rapides" (the spec's "Liens Rapides", its capital a slip). */
export const quickLinks = [
  { to: '/', label: 'Accueil' },
  { to: '/products', label: 'Produits' },
  { to: '/blog', label: 'Blog' },
  { to: '/crypto-trending', label: 'Obtenir Crypto' },
  { to: '/delivery', label: 'Livraison' },
  { to: '/suivi', label: 'Suivre ma commande' },
  { to: '/mon-espace', label: 'Mon espace' },
] as const;

/**
 * A menu link's aria-current="page" when it is the page shown: its own address or a page below it
 * ("Produits" on a product's page); the home link only on the home page. As React Router's NavLink
 * decides, without a NavLink and its hooks for each link. The menus style the mark itself.
 */
export const currentPage = (pathname: string, to: string) =>
  pathname === to || (to !== '/' && pathname.startsWith(`${to}/`)) ? { 'aria-current': 'page' as const } : {};
