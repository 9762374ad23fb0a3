import { type ComponentType, lazy, type ReactNode } from 'react';
import { Navigate, Route, useParams } from 'react-router';
import type { ResourceName } from '@app/shared/resources';
import type { Overrides } from './overrides';
import type { AdminEntry, AdminPlace } from './registry';

/**
 * A screen that works on one resource's records, given its whole declaration (crud/entries.ts) by
 * name. Both are loaded with the first such screen: the dashboard, where a signed-in owner lands,
 * needs neither the tables and forms (antd's Table, Form, Select, DatePicker, Upload...) nor the
 * declarations' validation.
 */
export function withEntry<P extends { entry: AdminEntry }>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    const [{ default: Screen }, { entryNamed }] = await Promise.all([load(), import('./entries')]);
    return {
      default: ({ name, ...props }: Omit<P, 'entry'> & { name: string }) => (
        <Screen {...(props as unknown as P)} entry={entryNamed(name)} />
      ),
    };
  });
}

const ResourceForm = withEntry(() => import('./ResourceForm'));
const ResourceList = withEntry(() => import('./ResourceList'));

/** What the edit screen shows under the form, given the record's id from the address. */
function EditExtra({ Extra }: { Extra: ComponentType<{ id: string }> }) {
  const { id = '' } = useParams();
  return <Extra id={id} />;
}

/**
 * Every route of every resource, from the registry: list, add, edit, and the hand-made detail
 * screen where an override declares one. Singletons (settings) get their own page in pages/.
 */
export function resourceRoutes(entries: readonly AdminPlace[], overrides: Overrides): ReactNode[] {
  return entries
    .filter((entry) => !entry.singleton)
    .flatMap((entry) => {
      const override = overrides[entry.name as ResourceName];
      const relative = (path: string) => path.replace(/^\//, '');
      const routes = [
        <Route
          key={`${entry.name}-list`}
          path={relative(entry.paths.list)}
          element={<ResourceList key={entry.name} name={entry.name} override={override} />}
        />,
      ];
      if (entry.paths.create) {
        routes.push(
          <Route
            key={`${entry.name}-create`}
            path={relative(entry.paths.create)}
            element={<ResourceForm key={`${entry.name}-c`} name={entry.name} action="create" />}
          />,
        );
      }
      if (entry.paths.edit) {
        const Extra = override?.editExtra;
        const form = <ResourceForm key={`${entry.name}-e`} name={entry.name} action="edit" />;
        routes.push(
          <Route
            key={`${entry.name}-edit`}
            path={relative(entry.paths.edit)}
            element={
              Extra ? (
                <div style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 880 }}>
                  {form}
                  <EditExtra Extra={Extra} />
                </div>
              ) : (
                form
              )
            }
          />,
        );
      }
      if (entry.paths.show) {
        // A declared detail screen without its component (a test names it) opens the generic form,
        // so the "Voir" buttons and the alerts' links never lead nowhere.
        const Detail = override?.detail;
        const element = Detail ? <Detail /> : <ResourceForm key={`${entry.name}-s`} name={entry.name} action="edit" />;
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
