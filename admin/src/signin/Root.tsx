import { lazy, Suspense, useEffect, useState } from 'react';
import { askDashboardEarly, currentAdmin } from '../providers/session';
import { loadBackOffice } from './back-office';
import { currentPath, go, useLocation } from './navigation';
import { ForgotPasswordPage, LoginPage, ResetPasswordPage } from './pages';
import { Loading } from './ui';

// The admin's entry. Before sign-in it is plain React (the sign-in pages and a session check);
// the back-office itself (Refine, Ant Design, every screen) loads once the owner is signed in.
const BackOffice = lazy(loadBackOffice);

// Set at sign-in on this device, cleared at sign-out: the back-office's code is fetched while the
// session is checked, not after (a repeat visit on a slow link saves a round trip).
const HINT = 'admin-signed-in';
const remember = (signedIn: boolean) => {
  try {
    if (signedIn) localStorage.setItem(HINT, '1');
    else localStorage.removeItem(HINT);
  } catch {
    // Storage refused (private mode): no hint, the code loads after the check.
  }
};
const OUTSIDE = new Set(['/login', '/forgot-password', '/reset-password']);
try {
  if (!OUTSIDE.has(currentPath()) && localStorage.getItem(HINT)) {
    void loadBackOffice();
    void currentAdmin().catch(() => undefined);
    if (currentPath() === '/') askDashboardEarly();
  }
} catch {
  // As above.
}

/** Where to go after signing in: the page that was asked for, if it is one of the admin's. */
function askedFor(search: string): string {
  const to = new URLSearchParams(search).get('to') ?? '/';
  return to.startsWith('/') && !to.startsWith('//') ? to : '/';
}

export function Root() {
  const { path, search } = useLocation();
  const [session, setSession] = useState<'unknown' | 'in' | 'out'>('unknown');

  useEffect(() => {
    // Unreachable server: the back-office opens (from the phone's cache) and says what is wrong.
    currentAdmin().then(
      (me) => {
        remember(Boolean(me));
        setSession(me ? 'in' : 'out');
      },
      () => setSession('in'),
    );
  }, []);

  useEffect(() => {
    if (session === 'out' && !OUTSIDE.has(path)) go(`/login?to=${encodeURIComponent(path + search)}`, { replace: true });
    if (session === 'in' && path === '/login') go(askedFor(search), { replace: true });
  }, [session, path, search]);

  if (OUTSIDE.has(path) && session !== 'in') {
    if (path === '/forgot-password') return <ForgotPasswordPage />;
    if (path === '/reset-password') return <ResetPasswordPage token={new URLSearchParams(search).get('token') ?? ''} />;
    return (
      <LoginPage
        onSignedIn={() => {
          remember(true);
          go(askedFor(search), { replace: true });
          setSession('in');
        }}
      />
    );
  }
  if (session !== 'in') return <Loading />;
  return (
    <Suspense fallback={<Loading />}>
      <BackOffice />
    </Suspense>
  );
}
