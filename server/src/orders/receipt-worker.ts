// The worker thread that renders customers' PDFs (orders/documents.ts): pdfkit and the QR code are
// CPU-bound, tens to hundreds of milliseconds each, and must not hold the server's event loop.
import { serveJobs } from '../platform/worker';
import type { NormalizedInvoice } from '../invoicing/invoices';
import { type CreditNote, renderReceipt, type Shop } from './receipt';
import { renderTicket, type TicketJob } from './ticket';
import type { TrackedOrder } from './tracking';

/** An A4 receipt or invoice, or with `ticket` the counter's roll ticket. */
export interface ReceiptJob {
  order: TrackedOrder;
  shop: Shop;
  fontDir: string;
  invoice?: NormalizedInvoice;
  ticket?: TicketJob['ticket'];
  /** A return's credit note: its lines and refund (normalized with `invoice`, plain without). */
  credit?: CreditNote;
}

await serveJobs<ReceiptJob, Uint8Array>(({ order, shop, fontDir, invoice, ticket, credit }) =>
  ticket
    ? renderTicket({ order, shop, fontDir, ticket, ...(invoice ? { invoice } : {}) })
    : renderReceipt(order, shop, fontDir, invoice, credit),
);
