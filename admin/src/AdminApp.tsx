import { resources } from '@app/shared/resources';
import { UnsavedChangesNotifier } from '@refinedev/react-router';
import { Result, Spin } from 'antd';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { adminEntries } from './crud/registry';
import { resourceRoutes } from './crud/routes';
import { AdminLayout } from './layout/AdminLayout';
import AccountPage from './pages/AccountPage';
import DashboardPage from './pages/DashboardPage';
import SettingsPage from './pages/SettingsPage';
import { registerResourceLabels } from './providers/i18n-provider';
import { overrides } from './resources';

// Everything behind the login: loaded once the session is confirmed, so the login page stays light.
const entries = adminEntries(resources);
registerResourceLabels(resources);

export default function AdminApp() {
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
