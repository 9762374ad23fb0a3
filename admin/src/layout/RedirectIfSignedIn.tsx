import { useIsAuthenticated } from '@refinedev/core';
import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from './FullPageSpinner';

/**
 * Login and forgot-password stay mounted while the session is re-checked after a failed attempt
 * (Refine's <Authenticated> would swap them for a spinner and lose what was typed).
 */
export function RedirectIfSignedIn() {
  const { data, isPending } = useIsAuthenticated();
  if (isPending && !data) return <FullPageSpinner />;
  if (data?.authenticated) return <Navigate to="/" replace />;
  return <Outlet />;
}
