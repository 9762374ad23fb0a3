import { currentAdmin } from '../providers/session';
import { askFirst, loadBackOffice } from './back-office';
import { currentPath } from './navigation';
import { HINT } from './hint';
import { ROLES } from '@app/shared/team';
import { homeOf } from '../layout/pages';

export { remember } from './hint';

// The first thing the admin's code does (main.tsx imports it before React DOM, which takes a long
// moment to run on a slow phone): on a device signed in before, the session check and what the
// screen it lands on asks first (the dashboard's figures, the counter's drawer, the round) leave at
// once, in one request, then the back-office's code is fetched (from the phone's cache on a repeat
// visit) while the answer travels.

export const OUTSIDE = new Set(['/login', '/forgot-password', '/reset-password', '/invitation']);
try {
  if (!OUTSIDE.has(currentPath()) && localStorage.getItem(HINT)) {
    void currentAdmin().catch(() => undefined);
    const role = localStorage.getItem(HINT);
    // A device from before the team's roles remembers '1': its owner's.
    const known = role === '1' ? 'owner' : ROLES.find((r) => r === role);
    const landing = currentPath() === '/' && known ? homeOf(known) : currentPath();
    if (known) askFirst(landing, known);
    // After the request's batch has left (httpBatchLink sends it from a timer): running the
    // back-office's code as it arrives from the cache would otherwise hold the request back.
    setTimeout(() => void loadBackOffice(landing).catch(() => undefined));
  }
} catch {
  // As above.
}
