import catalogue from 'virtual:admin-places';
import type { AdminPlace } from './registry';

/**
 * Every resource's place in the admin (menu, routes, labels, who reads it), in the registry's
 * order: computed from the declarations when the admin is built (admin/vite.config.ts), so the
 * frame and the dashboard do not load the declarations themselves. Screens get their resource's
 * whole declaration from crud/entries.ts.
 */
export const places: readonly AdminPlace[] = catalogue;

/** A resource's paths among the places given (those the signed-in person reads), if it is one. */
export const pathOf = (among: readonly AdminPlace[], name: string) => among.find((place) => place.name === name)?.paths;

/** '/products/edit/:id' with an id filled in. */
export const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/** Where one record opens (its detail, else its form), as shared/resources' adminPath says, from the places alone. */
export function recordPath(name: string, id: string): string {
  const paths = pathOf(places, name);
  const record = paths?.show ?? paths?.edit;
  return record ? withId(record, id) : (paths?.list ?? '/');
}
