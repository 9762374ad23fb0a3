// The worker thread that renders customers' PDFs (orders/documents.ts): pdfkit and the QR code are
// CPU-bound, tens to hundreds of milliseconds each, and must not hold the server's event loop.
import { serveJobs } from '../platform/worker';
import type { NormalizedInvoice } from '../invoicing/invoices';
import { renderReceipt, type Shop } from './receipt';
import type { TrackedOrder } from './tracking';

export interface ReceiptJob {
  order: TrackedOrder;
  shop: Shop;
  fontDir: string;
  invoice?: NormalizedInvoice;
}

await serveJobs<ReceiptJob, Uint8Array>(({ order, shop, fontDir, invoice }) => renderReceipt(order, shop, fontDir, invoice));
