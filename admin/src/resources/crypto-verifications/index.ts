import { lazy } from 'react';
import type { ResourceOverride } from '../../crud/overrides';
import { VerificationRowActions } from './VerificationRowActions';

export const verificationOverride: ResourceOverride = {
  // Spec: the list is /verification, one request is /verifications/:id (its declaration's admin.detail).
  detail: lazy(() => import('./VerificationDetail')),
  rowActions: VerificationRowActions,
};
