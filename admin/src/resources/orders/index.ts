import { lazy } from 'react';
import type { ResourceOverride } from '../../crud/overrides';
import { ExportOrdersButton } from './ExportOrdersButton';

export const orderOverride: ResourceOverride = {
  // Orders come from checkout: the admin views one and moves its status along.
  detail: lazy(() => import('./OrderDetail')),
  toolbar: ExportOrdersButton,
};
