import type { AnyResource } from '@app/shared/resources';

/** Where one resource lives in the admin, derived from its declaration alone. */
export interface AdminEntry {
  resource: AnyResource;
  name: string;
  menuLabel: string;
  icon: string | undefined;
  /** Paths relative to the /admin basename. */
  paths: { list: string; create?: string; edit?: string; show?: string };
}

/** Opt-in: resources with a hand-made detail screen (spec: verifications/:id, orders/:id). */
export type DetailRoutes = Readonly<Record<string, string>>;

/** The menu follows the registry's order. */
export function adminEntries(registry: readonly AnyResource[], detailRoutes: DetailRoutes = {}): AdminEntry[] {
  return registry.map((resource) => {
    const base = `/${resource.admin.route}`;
    const detail = detailRoutes[resource.name];
    const paths: AdminEntry['paths'] = { list: base };
    if (!resource.singleton) {
      if (resource.operations.create) paths.create = `${base}/add`;
      if (detail) paths.show = `/${detail}/:id`;
      else if (resource.operations.update) paths.edit = `${base}/edit/:id`;
    }
    return { resource, name: resource.name, menuLabel: resource.admin.menuLabel, icon: resource.admin.icon, paths };
  });
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
