import { lazy } from 'react';
import { later, type ResourceOverride } from '../../crud/overrides';

export const orderOverride: ResourceOverride = {
  // Orders come from checkout: the admin views one and moves its status along.
  detail: lazy(() => import('./OrderDetail')),
  toolbar: later(() => import('./ExportOrdersButton').then((m) => m.ExportOrdersButton)),
};
