/**
 * The files the owner downloads (CSV for French Excel: UTF-8 with BOM, `;`; the drawer's report): one address each, served by
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
  /** ?search=…: barcode labels of the products the list shows (a PDF of 70 × 37 mm stickers). */
  labels: '/api/exports/etiquettes.pdf',
  /** ?session=<id>: a cash drawer day's Z report (a PDF for the roll printer). */
  drawerReport: '/api/exports/rapport-caisse.pdf',
  purchaseOrder: '/api/exports/bon-de-commande.pdf',
  /** ?search=…: the audit log entries the list shows. */
  audit: '/api/exports/journal.csv',
  /** ?from=…&to=…&by=day|week|month: the dashboard's sales figures. */
  sales: '/api/exports/ventes.csv',
  /** ?from=…&to=…&grouping=day|sale: the journal (SYSCOHADA: sales, returns, expenses), as CSV for the accountant's software. */
  journal: '/api/exports/journal-comptable.csv',
  /** The same, with the month's VAT figures, as an Excel workbook. */
  journalExcel: '/api/exports/journal-comptable.xlsx',
  /** ?from=AAAA-MM&to=AAAA-MM: the monthly result as a PDF (for a banker or a micro-finance institution). */
  result: '/api/exports/resultat-mensuel.pdf',
} as const;

/**
 * The catalogue feeds shared catalogues read (server/src/http/feeds.ts), given in Paramètres: Google
 * Merchant Center (RSS 2.0 with the g: namespace) and Meta's catalogue (Facebook, Instagram, the
 * WhatsApp Business catalogue; CSV).
 */
export const FEEDS = {
  google: '/feeds/google-merchant.xml',
  meta: '/feeds/meta-catalogue.csv',
} as const;
