import { resources } from '@app/shared/resources';
import { UnsavedChangesNotifier } from '@refinedev/react-router';
import { Result, Spin } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { adminEntries } from './crud/registry';
import { resourceRoutes } from './crud/routes';
import { AdminLayout } from './layout/AdminLayout';
import DashboardPage from './pages/DashboardPage';
import { registerResourceLabels } from './providers/i18n-provider';
import { refreshAlertsDevice } from './push/device-alerts';
import { registerAdminWorker } from './pwa';
import { overrides } from './resources';

// Everything behind the login: loaded once the session is confirmed, so the login page stays light.
const AccountPage = lazy(() => import('./pages/AccountPage'));
const CounterPage = lazy(() => import('./pages/CounterPage'));
const SettingsPage = lazy(() => import('./pages/SettingsPage'));
const entries = adminEntries(resources);
registerResourceLabels(resources);

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

export default function AdminApp() {
  useDeviceAlerts();
  return (
    <AdminLayout entries={entries}>
      <Suspense
        fallback={
          <Spin tip="Chargement...">
            <div style={{ height: 200 }} />
          </Spin>
        }
      >
        <Routes>
          <Route index element={<DashboardPage entries={entries} />} />
          <Route path="account" element={<AccountPage />} />
          <Route path="comptoir" element={<CounterPage />} />
          {resourceRoutes(entries, overrides)}
          {entries
            .filter((entry) => entry.resource.singleton)
            .map((entry) => (
              <Route key={entry.name} path={entry.paths.list.slice(1)} element={<SettingsPage entry={entry} />} />
            ))}
          <Route
            path="*"
            element={<Result status="404" title="Page introuvable" subTitle="Cette page n'existe pas dans l'administration." />}
          />
        </Routes>
      </Suspense>
      <UnsavedChangesNotifier />
    </AdminLayout>
  );
}
