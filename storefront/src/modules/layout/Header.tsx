import { itemCount } from '@app/shared/cart';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useSettings } from '../../lib/settings';
import { cartLinkLabel } from '../cart/earlyAdd';
import { useCart } from '../cart/useCart';
import { CartIcon, CloseIcon, MenuIcon } from './icons';
import { currentPage, headerLinks } from './links';
import { MobileMenu } from './MobileMenu';
import { useScrolled } from './useScrolled';

const SCROLL_THRESHOLD = 10;

export function Header() {
  const settings = useSettings();
  const scrolled = useScrolled(SCROLL_THRESHOLD);
  const count = itemCount(useCart().cart);
  const { pathname } = useLocation();
  // The menu remembers the page it was opened on: any route change closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpenOn(null);
    document.addEventListener('keydown', onKey);
    // The back button closes it at once, even while the page it leads to is still on its way
    // (the router shows the new route only then).
    const onBack = () => setOpenOn(null);
    addEventListener('popstate', onBack);
    // The page behind the open menu stays still: only the menu scrolls.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      removeEventListener('popstate', onBack);
      document.body.style.overflow = overflow;
    };
  }, [menuOpen]);

  return (
    <header
      data-scrolled={scrolled}
      className={`fixed inset-x-0 top-0 z-30 transition-[padding,background-color,box-shadow] duration-200 ${
        scrolled || menuOpen ? 'bg-white py-2 shadow-md' : 'bg-white/70 py-4 backdrop-blur-md'
      }`}
    >
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4">
        <a href="/" className="min-w-0 flex-1 truncate text-lg font-extrabold text-blue-800 lg:flex-none">
          {settings?.businessName ?? '\u00a0'}
        </a>
        <nav aria-label="Navigation principale" className="hidden flex-1 justify-center lg:flex">
          <ul className="flex gap-1">
            {headerLinks.map((link) => (
              <li key={link.to}>
                <a
                  href={link.to}
                  {...currentPage(pathname, link.to)}
                  className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-blue-700 aria-[current=page]:bg-blue-50 aria-[current=page]:text-blue-800"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <a
          href="/cart"
          aria-label={cartLinkLabel(count)}
          className="relative p-2 text-slate-800"
          // Before the app has started, the page's early script may have added to the cart and
          // shown the new count here (boot.ts): the app takes that over as it stands.
          suppressHydrationWarning
        >
          <CartIcon />
          <span
            data-testid="cart-badge"
            hidden={count === 0}
            suppressHydrationWarning
            className="absolute -right-1 -top-1 min-w-5 rounded-full bg-amber-500 px-1 text-center text-xs font-bold leading-5 text-white"
          >
            {count}
          </span>
        </a>
        <button
          type="button"
          id="menu-button"
          className="p-2 text-slate-800 lg:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Fermer le menu' : 'Ouvrir le menu'}
          onClick={() => setOpenOn(menuOpen ? null : pathname)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        {/* Without JavaScript that button does nothing (index.html hides it): the browser's own disclosure opens the menu instead. */}
        <noscript>
          <details className="lg:hidden">
            <summary className="cursor-pointer list-none p-2 text-slate-800 [&::-webkit-details-marker]:hidden">
              <MenuIcon />
              <span className="sr-only">Menu</span>
            </summary>
            <div className="absolute inset-x-0 top-full shadow-md">
              <MobileMenu whatsapp={settings?.whatsapp} onNavigate={() => undefined} />
            </div>
          </details>
        </noscript>
      </div>
      {menuOpen && <MobileMenu whatsapp={settings?.whatsapp} onNavigate={() => setOpenOn(null)} />}
    </header>
  );
}
