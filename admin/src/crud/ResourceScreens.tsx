import { Refine } from '@refinedev/core';
import routerProvider, { UnsavedChangesNotifier } from '@refinedev/react-router';
import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { authProvider } from '../providers/auth-provider';
import { dataProvider } from '../providers/data-provider';
import { i18nProvider, registerResourceLabels } from '../providers/i18n-provider';
import { queryClient } from '../providers/query-client';
import { useNotificationProvider } from '../providers/notification-provider';
import { overrides } from '../resources';
import { places } from './places';
import type { AdminPlace } from './registry';
import { resourceRoutes, withEntry } from './routes';

const SettingsPage = withEntry(() => import('../pages/SettingsPage'));
// An unknown address: antd's Result carries its illustrations (8 KB compressed), not fetched with the dashboard.
const NotFound = lazy(() =>
  import('antd/es/result').then(({ default: Result }) => ({
    default: () => <Result status="404" title="Page introuvable" subTitle="Cette page n'existe pas dans l'administration." />,
  })),
);
registerResourceLabels(places);

/**
 * The records' screens (every resource's list, form and detail, the settings), under Refine: the
 * frame, the dashboard and the team's screens do without it, so a seller's counter or a courier's
 * round does not wait for it on a slow phone. One cache with theirs (providers/query-client.ts).
 */
export default function ResourceScreens({ entries }: { entries: readonly AdminPlace[] }) {
  return (
    <Refine
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      routerProvider={routerProvider}
      notificationProvider={useNotificationProvider}
      options={{
        syncWithLocation: false,
        // Leaving a form with unsaved changes asks first (UnsavedChangesNotifier, below).
        warnWhenUnsavedChanges: true,
        disableTelemetry: true,
        mutationMode: 'pessimistic',
        reactQuery: { clientConfig: queryClient },
      }}
    >
      <Routes>
        {resourceRoutes(entries, overrides)}
        {entries
          .filter((entry) => entry.singleton)
          .map((entry) => (
            <Route key={entry.name} path={entry.paths.list.slice(1)} element={<SettingsPage name={entry.name} />} />
          ))}
        <Route path="*" element={<NotFound />} />
      </Routes>
      <UnsavedChangesNotifier />
    </Refine>
  );
}
