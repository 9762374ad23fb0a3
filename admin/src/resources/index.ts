import { countOf } from '@app/shared/format';
import { EXPORTS } from '@app/shared/resources';
import { lazy } from 'react';
import { csvExportButton } from '../crud/ExportCsvButton';
import type { Overrides } from '../crud/overrides';
import { ReadToggle } from './contact-messages/ReadToggle';
import { verificationOverride } from './crypto-verifications';
import { orderOverride } from './orders';
import { RetryButton } from './outbox/RetryButton';
import { LabelsButton } from './products/LabelsButton';

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
    toolbar: csvExportButton(
      EXPORTS.customers,
      (n) => `${countOf(n, 'client exporté', 'clients exportés')} (ceux qui acceptent les offres)`,
      'Exporter pour WhatsApp',
    ),
  },
  // A sheet of barcode labels for the shelf, of the products the list shows.
  products: { toolbar: LabelsButton },
  // A letter: its form, its preview, a test, the sending and what became of it.
  newsletters: { detail: lazy(() => import('./newsletters/LetterDetail')) },
  newsletterSubscribers: {
    toolbar: csvExportButton(EXPORTS.newsletter, (n) => countOf(n, 'abonné exporté', 'abonnés exportés')),
  },
  outbox: { rowActions: RetryButton },
  auditLog: { toolbar: csvExportButton(EXPORTS.audit, (n) => countOf(n, 'entrée exportée', 'entrées exportées')) },
  contactMessages: { rowActions: ReadToggle, detail: lazy(() => import('./contact-messages/MessageDetail')) },
};
