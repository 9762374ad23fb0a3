import { may, type Role, ROLES } from '@app/shared/team';
import { Spin } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { places } from './crud/places';
import { AdminLayout } from './layout/AdminLayout';
import { FullPageSpinner } from './layout/FullPageSpinner';
import { homeOf, pagesFor } from './layout/pages';
import DashboardPage from './pages/DashboardPage';
import { LOGIN_PATH } from './providers/auth-provider';
import { useMe } from './providers/me';
import { refreshAlertsDevice } from './push/device-alerts';
import { registerAdminWorker } from './pwa';
import { remember, rememberedRole } from './signin/hint';

// Everything behind the login: loaded once the session is confirmed, so the login page stays light.
const AccountPage = lazy(() => import('./pages/AccountPage'));
const BooksPage = lazy(() => import('./pages/BooksPage'));
const CounterPage = lazy(() => import('./pages/CounterPage'));
const RoundPage = lazy(() => import('./pages/RoundPage'));
const TeamPage = lazy(() => import('./pages/TeamPage'));
const WhatsAppPage = lazy(() => import('./pages/WhatsAppPage'));
// The records' screens (lists, forms, details, the settings) and Refine, which only they use; with
// them at once, what any of them needs (the declarations) and the list the menu leads to: otherwise
// only discovered once Refine has run, a second wait on a slow link.
const loadRecords = () =>
  Promise.all([import('./crud/ResourceScreens'), import('./crud/entries'), import('./crud/ResourceList')]).then(([screens]) => screens);
const ResourceScreens = lazy(loadRecords);

/** A tapped alert opens its screen in this window (the service worker says which); this device stays this session's. */
function useDeviceAlerts() {
  const navigate = useNavigate();
  useEffect(() => {
    // Once signed in and the first screen had its turn: on a slow link the worker's copy of the shell
    // (mostly from the browser's cache by then) does not compete with the screen the owner waits for.
    const later = setTimeout(registerAdminWorker, 3_000);
    void refreshAlertsDevice();
    if (!('serviceWorker' in navigator)) return;
    const open = (event: MessageEvent<{ type?: string; path?: string }>) => {
      if (event.data?.type === 'open' && event.data.path?.startsWith('/admin')) navigate(event.data.path.slice('/admin'.length) || '/');
    };
    navigator.serviceWorker.addEventListener('message', open);
    return () => {
      clearTimeout(later);
      navigator.serviceWorker.removeEventListener('message', open);
    };
  }, [navigate]);
}

/**
 * For those who read records: their screens' code (Refine, the declarations, the list) once the
 * first screen had its turn, just before the worker copies the rest one file at a time, as the
 * records are where most go next.
 */
function usePrefetchRecords(wanted: boolean) {
  useEffect(() => {
    if (!wanted) return;
    const records = setTimeout(() => void loadRecords().catch(() => undefined), 2_000);
    return () => clearTimeout(records);
  }, [wanted]);
}

/**
 * The signed-in person's role: from the server, else (offline) the one this device remembers. It
 * decides the menu and the routes; the server decides again on every call. A session the server
 * no longer knows goes to the sign-in page (the light entry's), then back here.
 */
function useRole(): Role | null {
  const me = useMe();
  const { pathname, search } = useLocation();
  const out = me.data === null;
  useEffect(() => {
    if (me.data) remember(me.data.role);
    if (out) window.location.replace(`/admin${LOGIN_PATH}?to=${encodeURIComponent(pathname + search)}`);
  }, [me.data, out, pathname, search]);
  if (out) return null;
  const known = me.data?.role ?? rememberedRole();
  return ROLES.find((role) => role === known) ?? (me.isPending ? null : 'owner');
}

export default function AdminApp() {
  useDeviceAlerts();
  const role = useRole();
  usePrefetchRecords(role !== null && places.some((place) => may(role, place.read)));
  if (!role) return <FullPageSpinner />;
  const entries = places.filter((place) => may(role, place.read));
  const pages = pagesFor(role);
  const screens: Record<string, ReactNode> = {
    '/': <DashboardPage entries={entries} />,
    '/comptoir': <CounterPage />,
    '/tournee': <RoundPage role={role} />,
    '/comptabilite': <BooksPage />,
    '/equipe': <TeamPage />,
    '/whatsapp': <WhatsAppPage role={role} />,
  };
  return (
    <AdminLayout entries={entries} pages={pages}>
      <Suspense
        fallback={
          <Spin tip="Chargement...">
            <div style={{ height: 200 }} />
          </Spin>
        }
      >
        <Routes>
          {pages.map((page) =>
            page.path === '/' ? (
              <Route key="/" index element={screens['/']} />
            ) : (
              <Route key={page.path} path={page.path.slice(1)} element={screens[page.path]} />
            ),
          )}
          {!pages.some((page) => page.path === '/') && <Route index element={<Navigate to={homeOf(role)} replace />} />}
          <Route path="account" element={<AccountPage />} />
          <Route path="*" element={<ResourceScreens entries={entries} />} />
        </Routes>
      </Suspense>
    </AdminLayout>
  );
}
