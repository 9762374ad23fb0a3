import { may, type Role, ROLES } from '@app/shared/team';
import { UnsavedChangesNotifier } from '@refinedev/react-router';
import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { places } from './crud/places';
import { resourceRoutes, withEntry } from './crud/routes';
import { AdminLayout } from './layout/AdminLayout';
import { FullPageSpinner } from './layout/FullPageSpinner';
import { homeOf, pagesFor } from './layout/pages';
import DashboardPage from './pages/DashboardPage';
import { registerResourceLabels } from './providers/i18n-provider';
import { refreshAlertsDevice } from './push/device-alerts';
import { currentAdmin } from './providers/session';
import { registerAdminWorker } from './pwa';
import { remember, rememberedRole } from './signin/hint';
import { overrides } from './resources';

// Everything behind the login: loaded once the session is confirmed, so the login page stays light.
const AccountPage = lazy(() => import('./pages/AccountPage'));
const BooksPage = lazy(() => import('./pages/BooksPage'));
const CounterPage = lazy(() => import('./pages/CounterPage'));
const SettingsPage = withEntry(() => import('./pages/SettingsPage'));
const RoundPage = lazy(() => import('./pages/RoundPage'));
const TeamPage = lazy(() => import('./pages/TeamPage'));
const WhatsAppPage = lazy(() => import('./pages/WhatsAppPage'));
// An unknown address: antd's Result carries its illustrations (8 KB compressed), not fetched with the dashboard.
const NotFound = lazy(() =>
  import('antd/es/result').then(({ default: Result }) => ({
    default: () => <Result status="404" title="Page introuvable" subTitle="Cette page n'existe pas dans l'administration." />,
  })),
);
registerResourceLabels(places);

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
 * The signed-in person's role: from the server, else (offline) the one this device remembers. It
 * decides the menu and the routes; the server decides again on every call.
 */
function useRole(): Role | null {
  const me = useQuery({ queryKey: ['me'], queryFn: currentAdmin, staleTime: 60_000 });
  useEffect(() => {
    if (me.data) remember(me.data.role);
  }, [me.data]);
  const known = me.data?.role ?? rememberedRole();
  return ROLES.find((role) => role === known) ?? (me.isPending ? null : 'owner');
}

export default function AdminApp() {
  useDeviceAlerts();
  const role = useRole();
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
          {resourceRoutes(entries, overrides)}
          {entries
            .filter((entry) => entry.singleton)
            .map((entry) => (
              <Route key={entry.name} path={entry.paths.list.slice(1)} element={<SettingsPage name={entry.name} />} />
            ))}
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
      <UnsavedChangesNotifier />
    </AdminLayout>
  );
}
