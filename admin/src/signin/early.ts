import { askDashboardEarly, currentAdmin } from '../providers/session';
import { loadBackOffice } from './back-office';
import { currentPath } from './navigation';
import { HINT } from './hint';
import { AREAS, may, type Role } from '@app/shared/team';

export { remember } from './hint';

// The first thing the admin's code does (main.tsx imports it before React DOM, which takes a long
// moment to run on a slow phone): on a device signed in before, the session check and the
// dashboard's figures leave at once, in one request, then the back-office's code is fetched (from
// the phone's cache on a repeat visit) while the answer travels.

export const OUTSIDE = new Set(['/login', '/forgot-password', '/reset-password', '/invitation']);
try {
  if (!OUTSIDE.has(currentPath()) && localStorage.getItem(HINT)) {
    void currentAdmin().catch(() => undefined);
    // The dashboard is the managers' (a device from before the team's roles remembers '1': its owner's).
    const role = localStorage.getItem(HINT);
    if (currentPath() === '/' && (role === '1' || may(role as Role, AREAS.dashboard))) askDashboardEarly();
    // After the request's batch has left (httpBatchLink sends it from a timer): running the
    // back-office's code as it arrives from the cache would otherwise hold the request back.
    setTimeout(() => void loadBackOffice().catch(() => undefined));
  }
} catch {
  // As above.
}
