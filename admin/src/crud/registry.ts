import { type AdminIcon, type AnyResource, adminRoutes } from '@app/shared/resources';

/** Where one resource lives in the admin, derived from its declaration alone. */
export interface AdminEntry {
  resource: AnyResource;
  name: string;
  menuLabel: string;
  icon: AdminIcon | undefined;
  /** Paths relative to the /admin basename. */
  paths: { list: string; create?: string; edit?: string; show?: string };
}

/** The menu follows the registry's order; paths come from the declaration (`adminRoutes`). */
export function adminEntries(registry: readonly AnyResource[]): AdminEntry[] {
  return registry.map((resource) => ({
    resource,
    name: resource.name,
    menuLabel: resource.admin.menuLabel,
    icon: resource.admin.icon,
    paths: adminRoutes(resource),
  }));
}

/** The `resources` prop of <Refine>: names, routes and French labels. */
export function refineResources(entries: readonly AdminEntry[]) {
  return entries.map((entry) => ({
    name: entry.name,
    ...entry.paths,
    meta: { label: entry.menuLabel, canDelete: entry.resource.operations.delete, singleton: !!entry.resource.singleton },
  }));
}

/** '/products/edit/:id' with an id filled in. */
export const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));
