/**
 * The CSV files the owner downloads (French Excel: UTF-8 with BOM, `;`): one address each, served by
 * server/src/http/export-route.ts and asked for by the admin's buttons.
 */
export const EXPORTS = {
  /** ?from=AAAA-MM-JJ&to=AAAA-MM-JJ: the orders of those days. */
  orders: '/api/exports/orders.csv',
  /** ?search=…: the subscribers the list shows. */
  newsletter: '/api/exports/newsletter.csv',
  /** ?search=…: the customers who agreed to receive offers. */
  customers: '/api/exports/clients.csv',
  /** ?session=<id>: who registered on a training session. */
  participants: '/api/exports/participants.csv',
  /** ?from=…&to=…&by=day|week|month: the dashboard's sales figures. */
  sales: '/api/exports/ventes.csv',
} as const;
