import { AREAS, type Roles } from '../team/roles';
import { auditLog } from './audit-log.resource';
import { cashSessions } from './cash-sessions.resource';
import { courseSessions } from './course-sessions.resource';
import type { EXPORTS } from './exports';
import { newsletterSubscribers } from './newsletter-subscribers.resource';
import { products } from './products.resource';
import { purchaseOrders } from './purchase-orders.resource';

/**
 * Who may download each of the files (EXPORTS), and what it is, as the refusal to a visitor says it
 * (« Veuillez vous connecter pour … »). The server checks it before making the file
 * (server/src/http/export-route.ts), and the access walk tries every file as every role.
 */
export const EXPORT_ACCESS: { [K in keyof typeof EXPORTS]: { roles: Roles; what: string } } = {
  orders: { roles: AREAS.exports, what: 'exporter les commandes' },
  newsletter: { roles: newsletterSubscribers.team.read, what: 'exporter les abonnés' },
  customers: { roles: AREAS.exports, what: 'exporter les clients' },
  participants: { roles: courseSessions.team.read, what: 'exporter les participants' },
  labels: { roles: products.team.read, what: 'imprimer les étiquettes' },
  drawerReport: { roles: cashSessions.team.read, what: 'voir le rapport de caisse' },
  purchaseOrder: { roles: purchaseOrders.team.read, what: 'voir le bon de commande' },
  audit: { roles: auditLog.team.read, what: 'exporter le journal' },
  sales: { roles: AREAS.dashboard, what: 'exporter les ventes' },
  journal: { roles: AREAS.books, what: 'exporter le journal comptable' },
  journalExcel: { roles: AREAS.books, what: 'exporter le journal comptable' },
  result: { roles: AREAS.books, what: 'voir le résultat mensuel' },
};
