import { AREAS, may, type Role } from '@app/shared/team';
import { askCatalogueEarly } from '../pages/counter/catalogue';
import { askEarly, dashboardStats, drawerToday, myRound } from '../providers/session';

// The back-office's code (the frame and the dashboard; Refine and the records' screens come with the
// first of them), fetched once and shared by whoever asks first. Both parts at once: the second is
// not discovered only after the first runs. With them, the screen the person lands on when it is a
// team's screen (a seller's counter, a courier's round): otherwise only discovered once the frame runs.
export const TEAM_SCREENS: Record<string, () => Promise<{ default: unknown }>> = {
  '/comptoir': () => import('../pages/CounterPage'),
  '/tournee': () => import('../pages/RoundPage'),
};

/**
 * What the screen one lands on asks first, asked at once (providers/session.ts): the dashboard's
 * figures, the counter's articles and drawer, the courier's round.
 */
export function askFirst(landing: string, role: Role) {
  if (landing === '/' && may(role, AREAS.dashboard)) askEarly('dashboard', dashboardStats);
  if (landing === '/comptoir') {
    askEarly('drawer', drawerToday);
    askCatalogueEarly();
  }
  if (landing === '/tournee') askEarly('round', myRound);
}

export const loadBackOffice = (landing?: string) =>
  Promise.all([import('../App'), import('../AdminApp'), landing ? TEAM_SCREENS[landing]?.() : undefined]).then(([app]) => app);

/**
 * On the sign-in page, once it has loaded and the phone is idle: the owner types for a few seconds,
 * during which the back-office arrives, and signing in does not wait for it.
 */
export function loadBackOfficeWhenIdle(landing?: string) {
  const start = () => {
    const idle = (window as { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback ?? ((cb) => setTimeout(cb, 200));
    idle(() => void loadBackOffice(landing).catch(() => undefined));
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
