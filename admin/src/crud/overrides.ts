import type { BaseRecord, CrudFilter } from '@refinedev/core';
import type { ResourceName } from '@app/shared/resources';
import { type ComponentType, lazy } from 'react';
import type { AdminEntry } from './registry';

export interface RowActionProps {
  row: BaseRecord;
  entry: AdminEntry;
  /** On a phone's card: full-width buttons of thumb size. */
  block?: boolean;
}

export interface ToolbarProps {
  entry: AdminEntry;
  filters: CrudFilter[];
}

/** Opt-in additions to the generated screens, only where the spec asks for them. */
export interface ResourceOverride {
  /**
   * Hand-made detail screen, at the path its declaration's `admin.detail` gives. Required there:
   * `missingDetailScreens` (tested) names a declared detail with no component.
   */
  detail?: ComponentType;
  /** Extra buttons in each row, before edit and delete. */
  rowActions?: ComponentType<RowActionProps>;
  /** Extra buttons next to "Ajouter". */
  toolbar?: ComponentType<ToolbarProps>;
  /** Under a record's generated edit form: what belongs to the record besides its fields (a product's stock and its movements). */
  editExtra?: ComponentType<{ id: string }>;
}

/**
 * A part of a screen fetched when the screen first shows it, not with the back-office's first
 * screen (the dashboard, over a slow link): `later(() => import('./X').then((m) => m.X))`.
 */
export const later = <P extends object>(load: () => Promise<ComponentType<P>>) => lazy(async () => ({ default: await load() }));

/** Keyed by resource name: a misspelt or removed resource does not compile. */
export type Overrides = Readonly<Partial<Record<ResourceName, ResourceOverride>>>;

/** The resources whose declaration opens records on a hand-made screen that has no component. */
export const missingDetailScreens = (entries: readonly AdminEntry[], overrides: Overrides) =>
  entries.filter((entry) => entry.paths.show && !overrides[entry.name as ResourceName]?.detail).map((entry) => entry.name);
