import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { refundMethods } from '@app/shared';
import type { Database } from '../db/schema';
import { bytesOut } from '../db/bytes';
import { fileOf } from '../files/holders';
import type { FileStore } from '../db/file-store';
import { ThreadWorker } from '../platform/worker';
import { normalizedInvoice } from '../invoicing/invoices';
import type { ReceiptJob } from './receipt-worker';
import { findTrackedOrder } from './tracking';

/** FV: the receipt or sale invoice; FA: the credit note; TK: the counter's ticket. */
export type DocumentKind = 'FV' | 'FA' | 'TK';

// Compiled, the worker is server/dist/bin/receipt-worker.js beside the bundle this code is in.
const compiled = import.meta.url.endsWith('.js');
const entry = new URL(compiled ? './receipt-worker.js' : './receipt-worker.ts', import.meta.url);
// What the renderer's code draws is part of every version: a new layout is rendered anew.
const layout = (compiled ? [entry] : ['./receipt.ts', './ticket.ts'].map((file) => new URL(file, import.meta.url)))
  .reduce((hash, file) => hash.update(fs.readFileSync(fileURLToPath(file))), createHash('sha256'))
  .digest('hex');

/**
 * Customers' PDFs (receipt, normalized invoice, credit note), rendered once per version of what they
 * show, in a worker thread, and kept in the file store (its key in the database): fetching one
 * again costs a read, on any server.
 */
export class CustomerDocuments {
  private readonly worker = new ThreadWorker<ReceiptJob, Uint8Array>(entry);
  /** Renders under way in this process, by version: ten requests for a new version render it once. */
  private readonly rendering = new Map<string, Promise<Uint8Array>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly files: FileStore,
  ) {}

  /** The version of a document: a hash of the layout and of everything it shows. */
  static version(kind: DocumentKind, job: ReceiptJob) {
    const { fontDir: _fonts, ...content } = job;
    return createHash('sha256').update(layout).update(kind).update(JSON.stringify(content)).digest('base64url').slice(0, 32);
  }

  /** The PDF of this version: kept, or rendered now (WorkerBusy when too many renders wait). */
  async pdf(orderId: string, kind: DocumentKind, version: string, job: ReceiptJob): Promise<Uint8Array> {
    const kept = await this.db
      .selectFrom('renderedDocuments')
      .select(['fileKey as key', bytesOut('pdf').as('bytes')])
      .where('orderId', '=', orderId)
      .where('kind', '=', kind)
      .where('version', '=', version)
      .executeTakeFirst();
    const pdf = await fileOf(this.files, kept);
    if (pdf) return pdf;
    let render = this.rendering.get(version);
    if (!render) {
      render = this.render(orderId, kind, version, job).finally(() => this.rendering.delete(version));
      this.rendering.set(version, render);
    }
    return render;
  }

  private async render(orderId: string, kind: DocumentKind, version: string, job: ReceiptJob) {
    const pdf = await this.worker.run(job);
    const fileKey = await this.files.put(pdf);
    await this.db
      .insertInto('renderedDocuments')
      .values({ orderId, kind, version, fileKey })
      .onConflict((oc) => oc.columns(['orderId', 'kind']).doUpdateSet({ version, fileKey, pdf: null, createdAt: new Date().toISOString() }))
      .execute();
    return pdf;
  }

  close() {
    return this.worker.close();
  }
}

/** The shop as its documents print it (Paramètres), and the width of its ticket roll. */
export async function shopOnPaper(db: Kysely<Database>) {
  const shop = await db
    .selectFrom('settings')
    .select(['businessName', 'address', 'phone', 'email', 'ifu', 'ticketWidth'])
    .executeTakeFirst();
  return shop ?? { businessName: 'Boutique', address: '', phone: '', email: '', ifu: null, ticketWidth: 'mm80' as const };
}

/**
 * What a document of an order shows, by its tracking token: the order as its customer sees it, the
 * shop, the normalized invoice once issued (the credit note for FA: none, no document), and for the
 * ticket its width and whether an invoice is on its way. Null for an unknown token.
 */
export async function documentJob(db: Kysely<Database>, token: string, kind: DocumentKind, fontDir: string, returnNumber?: number) {
  const order = await findTrackedOrder(db, { token }).catch(() => null);
  // A return's credit note (`avoir-R2.pdf`): normalized once the DGI issued it, plain until then or without e-MECeF.
  const ret =
    order && returnNumber !== undefined
      ? await db
          .selectFrom('returns')
          .innerJoin('orders', 'orders.id', 'returns.sale')
          .select(['returns.id', 'returns.number', 'returns.createdAt', 'returns.lines', 'returns.deliveryRefund', 'returns.amount'])
          .select(['returns.refundMethod', 'returns.reference', 'returns.phone'])
          .where('orders.trackingToken', '=', token)
          .where('returns.number', '=', `${order.number}-R${returnNumber}`)
          .executeTakeFirst()
      : undefined;
  if (returnNumber !== undefined && !ret) return null;
  const invoice = order ? await normalizedInvoice(db, token, kind === 'FA' ? 'FA' : 'FV', ret?.id ?? null) : undefined;
  if (!order || (kind === 'FA' && !invoice && !ret)) return null;
  const [{ id }, { ticketWidth, ...shop }] = await Promise.all([
    db.selectFrom('orders').select('id').where('trackingToken', '=', token).executeTakeFirstOrThrow(),
    shopOnPaper(db),
  ]);
  const job: ReceiptJob = { order, shop, fontDir, ...(invoice ? { invoice } : {}) };
  if (ret)
    job.credit = {
      number: ret.number,
      createdAt: String(ret.createdAt),
      lines: ret.lines,
      deliveryRefund: Number(ret.deliveryRefund),
      amount: Number(ret.amount),
      method: refundMethods[ret.refundMethod].toLowerCase(),
      reference: ret.reference,
      voucher: ret.refundMethod === 'store_credit' && !ret.phone,
    };
  if (kind === 'TK') {
    // Asked for and not issued yet: the ticket says the invoice follows.
    const asked = invoice
      ? undefined
      : await db.selectFrom('invoices').select('status').where('orderId', '=', id).where('type', '=', 'FV').executeTakeFirst();
    job.ticket = { width: ticketWidth, invoicePending: !!asked && asked.status !== 'failed' };
  }
  return { id, job };
}
