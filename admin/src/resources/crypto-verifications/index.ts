import { lazy } from 'react';
import { later, type ResourceOverride } from '../../crud/overrides';

export const verificationOverride: ResourceOverride = {
  // Spec: the list is /verification, one request is /verifications/:id (its declaration's admin.detail).
  detail: lazy(() => import('./VerificationDetail')),
  rowActions: later(() => import('./VerificationRowActions').then((m) => m.VerificationRowActions)),
};
