import type { AdminIcon } from '@app/shared/resources';
import { AREAS, type Area, may, type Role } from '@app/shared/team';

/**
 * The admin's screens that are no resource's, each with the area of the team's policy it belongs
 * to (shared/src/team/roles.ts): the menu and the routes show a screen only to the roles of its
 * area, as the server allows its procedures only to them.
 */
export const ADMIN_PAGES = [
  { path: '/', label: 'Tableau de bord', icon: 'dashboard', area: 'dashboard', place: 'top' },
  { path: '/comptoir', label: 'Vente au comptoir', icon: 'shop', area: 'counter', place: 'top' },
  { path: '/tournee', label: 'Tournée', icon: 'car', area: 'round', place: 'top' },
  { path: '/whatsapp', label: 'WhatsApp', icon: 'whatsapp', area: 'whatsapp', place: 'top' },
  { path: '/comptabilite', label: 'Comptabilité', icon: 'account-book', area: 'books', place: 'bottom' },
  { path: '/equipe', label: 'Équipe', icon: 'team', area: 'team', place: 'bottom' },
] as const satisfies ReadonlyArray<{ path: string; label: string; icon: AdminIcon; area: Area; place: 'top' | 'bottom' }>;
export type AdminPage = (typeof ADMIN_PAGES)[number];

export const pagesFor = (role: Role) => ADMIN_PAGES.filter((page) => may(role, AREAS[page.area]));

/** Where a role lands: the dashboard for the managers, the counter for a seller, the round for a courier. */
export const homeOf = (role: Role) => pagesFor(role)[0]?.path ?? '/account';
