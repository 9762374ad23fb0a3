import { lazy, Suspense, useEffect, useState } from 'react';
import type { Role } from '@app/shared/team';
import { currentAdmin } from '../providers/session';
import { OUTSIDE, remember } from './early';
import { signedInBefore } from './hint';
import { homeOf } from '../layout/pages';
import { askFirst, loadBackOffice } from './back-office';
import { go, useLocation } from './navigation';
import { ForgotPasswordPage, InvitationPage, LoginPage, ResetPasswordPage } from './pages';
import { Loading } from './ui';

// The admin's entry. Before sign-in it is plain React (the sign-in pages and a session check);
// the back-office itself (Refine, Ant Design, every screen) loads once the owner is signed in.
const BackOffice = lazy(loadBackOffice);

/** Where to go after signing in: the page that was asked for, if it is one of the admin's. */
function askedFor(search: string): string {
  const to = new URLSearchParams(search).get('to') ?? '/';
  return to.startsWith('/') && !to.startsWith('//') ? to : '/';
}

export function Root() {
  const { path, search } = useLocation();
  // A device signed in before opens the back-office at once (from the phone's cache) while the
  // session is checked; an expired one then goes to the sign-in page.
  const [session, setSession] = useState<'unknown' | 'in' | 'out'>(() => (signedInBefore() && !OUTSIDE.has(path) ? 'in' : 'unknown'));

  // Signed in (by password, passkey or a new member's invitation): the screen asked for, else this
  // person's own (the counter for a seller), its code fetched with the back-office's.
  const signedIn = (me: { role: Role }) => {
    remember(me.role);
    const asked = askedFor(search);
    const to = asked === '/' ? homeOf(me.role) : asked;
    askFirst(to, me.role);
    void loadBackOffice(to).catch(() => undefined);
    go(to, { replace: true });
    setSession('in');
  };

  useEffect(() => {
    // Unreachable server: the back-office opens (from the phone's cache) and says what is wrong.
    currentAdmin().then(
      (me) => {
        remember(me ? me.role : false);
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
    if (path === '/invitation') return <InvitationPage token={new URLSearchParams(search).get('token') ?? ''} onSignedIn={signedIn} />;
    return <LoginPage onSignedIn={signedIn} />;
  }
  if (session !== 'in') return <Loading />;
  return (
    <Suspense fallback={<Loading />}>
      <BackOffice />
    </Suspense>
  );
}
