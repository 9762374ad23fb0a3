import { lazy, type ReactNode } from 'react';
import { Navigate, Route } from 'react-router';
import type { ResourceName } from '@app/shared/resources';
import type { Overrides } from './overrides';
import type { AdminEntry } from './registry';

// Loaded with the first screen that needs them: the dashboard, where a signed-in owner lands, needs
// neither the tables nor the forms (antd's Table, Form, Select, DatePicker, Upload...).
const ResourceForm = lazy(() => import('./ResourceForm'));
const ResourceList = lazy(() => import('./ResourceList'));

/**
 * Every route of every resource, from the registry: list, add, edit, and the hand-made detail
 * screen where an override declares one. Singletons (settings) get their own page in pages/.
 */
export function resourceRoutes(entries: readonly AdminEntry[], overrides: Overrides): ReactNode[] {
  return entries
    .filter((entry) => !entry.resource.singleton)
    .flatMap((entry) => {
      const override = overrides[entry.name as ResourceName];
      const relative = (path: string) => path.replace(/^\//, '');
      const routes = [
        <Route
          key={`${entry.name}-list`}
          path={relative(entry.paths.list)}
          element={<ResourceList key={entry.name} entry={entry} override={override} />}
        />,
      ];
      if (entry.paths.create) {
        routes.push(
          <Route
            key={`${entry.name}-create`}
            path={relative(entry.paths.create)}
            element={<ResourceForm key={`${entry.name}-c`} entry={entry} action="create" />}
          />,
        );
      }
      if (entry.paths.edit) {
        routes.push(
          <Route
            key={`${entry.name}-edit`}
            path={relative(entry.paths.edit)}
            element={<ResourceForm key={`${entry.name}-e`} entry={entry} action="edit" />}
          />,
        );
      }
      if (entry.paths.show) {
        // A declared detail screen without its component (a test names it) opens the generic form,
        // so the "Voir" buttons and the alerts' links never lead nowhere.
        const Detail = override?.detail;
        const element = Detail ? <Detail /> : <ResourceForm key={`${entry.name}-s`} entry={entry} action="edit" />;
        routes.push(<Route key={`${entry.name}-show`} path={relative(entry.paths.show)} element={element} />);
        // The spec's second spelling of the list (verifications vs verification) leads to the list.
        const showBase = entry.paths.show.replace('/:id', '');
        if (showBase !== entry.paths.list) {
          routes.push(<Route key={`${entry.name}-alias`} path={relative(showBase)} element={<Navigate to={entry.paths.list} replace />} />);
        }
      }
      return routes;
    });
}
