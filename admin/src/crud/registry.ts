import { type AdminIcon, type AnyResource, adminRoutes } from '@app/shared/resources';
import type { Roles } from '@app/shared/team';

/**
 * Where one resource lives in the admin, derived from its declaration alone: what the back-office's
 * frame (menu, routes, dashboard links, labels) needs, without its fields. The frame reads these
 * from crud/places.ts, computed when the admin is built, so the first screen after sign-in does not
 * carry the declarations' validation (zod, the phone numbers' metadata: about 55 KB compressed).
 */
export interface AdminPlace {
  name: string;
  label: { singular: string; plural: string; feminine?: boolean };
  menuLabel: string;
  icon: AdminIcon | undefined;
  /** Paths relative to the /admin basename. */
  paths: { list: string; create?: string; edit?: string; show?: string };
  /** The roles that read it: its menu entry and its screens. */
  read: Roles;
  /** The roles that write it (Équipe says so, from here). */
  write: Roles;
  /** One record (the settings): its own page, not a list. */
  singleton: boolean;
}

/** A resource's place with its whole declaration: what its screens (list, form, detail) work from. */
export interface AdminEntry extends AdminPlace {
  resource: AnyResource;
}

export function adminPlace(resource: AnyResource): AdminPlace {
  return {
    name: resource.name,
    label: resource.label,
    menuLabel: resource.admin.menuLabel,
    icon: resource.admin.icon,
    paths: adminRoutes(resource),
    read: resource.team.read,
    write: resource.team.write,
    singleton: !!resource.singleton,
  };
}

/** The menu follows the registry's order; paths come from the declaration (`adminRoutes`). */
export function adminEntries(registry: readonly AnyResource[]): AdminEntry[] {
  return registry.map((resource) => ({ ...adminPlace(resource), resource }));
}

/** The `resources` prop of <Refine>: names, routes and French labels. */
export function refineResources(entries: readonly AdminEntry[]) {
  return entries.map((entry) => ({
    name: entry.name,
    ...entry.paths,
    meta: { label: entry.menuLabel, canDelete: entry.resource.operations.delete, singleton: !!entry.resource.singleton },
  }));
}
