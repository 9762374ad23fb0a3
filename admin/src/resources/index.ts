import { countOf } from '@app/shared/format';
import { EXPORTS } from '@app/shared/exports';
import { AREAS } from '@app/shared/team';
import { lazy } from 'react';
import type { csvExportButton } from '../crud/ExportCsvButton';
import { later, type Overrides } from '../crud/overrides';
import { verificationOverride } from './crypto-verifications';
import { orderOverride } from './orders';

/** The list's « Exporter » button for one of the shop's CSV exports. */
const csvExport = (...args: Parameters<typeof csvExportButton>) =>
  later(() => import('../crud/ExportCsvButton').then((m) => m.csvExportButton(...args)));

/** Opt-in additions per resource name, only where the spec asks; everything else is generated. */
export const overrides: Overrides = {
  cryptoVerifications: verificationOverride,
  orders: orderOverride,
  // A day of the drawer: its figures, cash in and out, the closing and its Z report.
  cashSessions: { detail: lazy(() => import('./cash-sessions/CashDayDetail')) },
  // The generated form, with the session's participants under it.
  courseSessions: { detail: lazy(() => import('./course-sessions/SessionDetail')) },
  customers: {
    detail: lazy(() => import('./customers/CustomerDetail')),
    // Only those who agreed to receive offers (server/src/orders/export.ts).
    toolbar: csvExport(
      EXPORTS.customers,
      (n) => `${countOf(n, 'client exporté', 'clients exportés')} (ceux qui acceptent les offres)`,
      'Exporter pour WhatsApp',
      AREAS.exports,
    ),
  },
  // A sheet of barcode labels for the shelf, of the products the list shows; under a product's
  // form, its stock, its correction and its movements, and its versions (options and variants).
  products: {
    toolbar: later(() => import('./products/LabelsButton').then((m) => m.LabelsButton)),
    editExtra: later(() => import('./products/ProductExtra').then((m) => m.ProductExtra)),
  },
  // A stock count: the shelves scanned from several phones, its differences, and its application.
  stockCounts: { detail: lazy(() => import('./inventory/CountDetail')) },
  // A purchase order: its articles, its sending, and its reception by scanning.
  purchaseOrders: { detail: lazy(() => import('./purchase-orders/PurchaseDetail')) },
  // A letter: its form, its preview, a test, the sending and what became of it.
  newsletters: { detail: lazy(() => import('./newsletters/LetterDetail')) },
  newsletterSubscribers: {
    toolbar: csvExport(EXPORTS.newsletter, (n) => countOf(n, 'abonné exporté', 'abonnés exportés')),
  },
  outbox: { rowActions: later(() => import('./outbox/RetryButton').then((m) => m.RetryButton)) },
  auditLog: { toolbar: csvExport(EXPORTS.audit, (n) => countOf(n, 'entrée exportée', 'entrées exportées')) },
  contactMessages: {
    rowActions: later(() => import('./contact-messages/ReadToggle').then((m) => m.ReadToggle)),
    detail: lazy(() => import('./contact-messages/MessageDetail')),
  },
};
