import type { BaseRecord, CrudFilter } from '@refinedev/core';
import type { ComponentType } from 'react';
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
  /** Hand-made detail screen, at the path given in resources/detail-routes.ts. */
  detail?: ComponentType;
  /** Extra buttons in each row, before edit and delete. */
  rowActions?: ComponentType<RowActionProps>;
  /** Extra buttons next to "Ajouter". */
  toolbar?: ComponentType<ToolbarProps>;
}

export type Overrides = Readonly<Record<string, ResourceOverride>>;
