import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Loader } from '../ui/Loader';
import { preloadToasts, useToastsWanted } from '../ui/toast';
import { BackToTop } from './BackToTop';
import { Footer } from './Footer';
import { PageBoundary } from './PageBoundary';
import { Header } from './Header';
import { rememberLinkedPromoCode } from '../../lib/promoLink';

// On a phone, toasts come down from the top: at the bottom they covered the next "Ajouter au
// panier" the shopper was about to tap. A confirmation goes after 2.5 s (ui/toast.ts), an error
// stays 5 s.
const Toasts = lazy(() =>
  import('react-toastify').then(({ ToastContainer }) => ({
    default: () => (
      <ToastContainer
        position={window.matchMedia('(max-width: 639px)').matches ? 'top-center' : 'bottom-right'}
        autoClose={5000}
        newestOnTop
      />
    ),
  })),
);

/** Header, routed page, footer and toasts (spec section 2, "Shared layout"). */
export function Layout() {
  const { pathname } = useLocation();
  const toasts = useToastsWanted();
  useEffect(preloadToasts, []);
  useEffect(rememberLinkedPromoCode, []);
  // A new page starts at its top, as a server-rendered site would. Not the page the app takes over:
  // on a slow phone the shopper has often scrolled it before the app started. Braces matter: newer
  // Chromium returns a promise from scrollTo, and React would take it for a cleanup function.
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      {/* At least a screen tall: the footer starts below the fold, so content arriving from the
          API never pushes it around on screen (no layout shift). */}
      <main className="min-h-dvh flex-1">
        <PageBoundary pathname={pathname}>
          <Suspense fallback={<Loader />}>
            <Outlet />
          </Suspense>
        </PageBoundary>
      </main>
      <Footer />
      {/* Not over the cart's and the checkout's own buttons ("Retirer" a code, the quantities). */}
      {!/^\/(cart|checkout)(\/|$)/.test(pathname) && <BackToTop />}
      {toasts ? (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      ) : null}
    </div>
  );
}
