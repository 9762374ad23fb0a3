import { type OrderLine, paymentTypeSetting, type TaxGroup, trackingPath, firstName } from '@app/shared';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { recordEvent } from '../history/events';
import { enqueue, retryOutbox } from '../platform/outbox';
import { tellCustomer } from '../whatsapp/messages';
import { type Claimed, DeliveryError, MAX_ATTEMPTS } from '../platform/outbox-worker';
import { type EmcfClient, type InvoiceRequest, type InvoiceTotals, emcfClient, type SecurityElements } from './emcf-client';

/** A normalized invoice's content as sent and the security elements the DGI returned. */
export interface NormalizedInvoice {
  type: 'FV' | 'FA';
  codeMecef: string;
  qrCode: string;
  nim: string;
  counters: string;
  issuedAt: string;
  request: InvoiceRequest;
  totals: InvoiceTotals;
}

// Normalized invoices (facture normalisée, e-MECeF). An order's sale invoice (FV) is asked for in
// the transaction that marks it paid, its credit note (FA) in the one that refunds or cancels it:
// a row of `invoices` (one per order and type, by a unique key) and an outbox row that obtains it
// from the DGI with the outbox's retries, leases and "Réessayer".

type Db = Kysely<Database>;
type PaymentType = NonNullable<InvoiceRequest['payment']>[number]['name'];
export type InvoiceType = 'FV' | 'FA';

/**
 * How the invoice was paid: one line, or at the counter the cash part and the Mobile Money part, and
 * the part a customer's credit (« avoir », from a return) paid, as « AUTRE ».
 */
function paymentLines(
  order: {
    paymentMethod: keyof typeof paymentTypeSetting;
    total: string | number;
    cashAmount: string | number | null;
    creditAmount: string | number | null;
  },
  settings: Record<(typeof paymentTypeSetting)[keyof typeof paymentTypeSetting], PaymentType>,
): NonNullable<InvoiceRequest['payment']> {
  const credit = Number(order.creditAmount ?? 0);
  const total = Math.round((Number(order.total) - credit) * 100) / 100;
  const paid: NonNullable<InvoiceRequest['payment']> =
    order.paymentMethod !== 'cash_mobile_money'
      ? [{ name: settings[paymentTypeSetting[order.paymentMethod]], amount: total }]
      : [
          { name: settings.paymentTypeCashOnDelivery, amount: Number(order.cashAmount ?? 0) },
          { name: settings.paymentTypeMobileMoneyOnDelivery, amount: Math.round((total - Number(order.cashAmount ?? 0)) * 100) / 100 },
        ];
  return [...paid, { name: 'AUTRE' as PaymentType, amount: credit }].filter((line) => line.amount > 0);
}

/**
 * `tx`: the transaction of the payment or refund. Does nothing without EMECEF_TOKEN, for a second
 * request of the same type, or for a credit note of an order never invoiced. `returnId`: the
 * credit note of one return's lines (orders/returns.ts), one per return.
 */
export async function queueInvoice(tx: Db, config: Config, order: { id: string; number: string }, type: InvoiceType, returnId?: string) {
  if (!config.emecef) return;
  if (type === 'FA') {
    const sale = await tx.selectFrom('invoices').select('id').where('orderId', '=', order.id).where('type', '=', 'FV').executeTakeFirst();
    if (!sale) return;
  }
  const created = await tx
    .insertInto('invoices')
    .values({ orderId: order.id, type, returnId: returnId ?? null })
    .onConflict((oc) =>
      returnId
        ? oc.column('returnId').where('returnId', 'is not', null).doNothing()
        : oc.columns(['orderId', 'type']).where('returnId', 'is', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  if (!created) return;
  await enqueue(
    tx,
    'invoice',
    'DGI (e-MECeF)',
    `${type === 'FV' ? 'Facture normalisée' : 'Facture d’avoir'} de la commande ${order.number}${returnId ? ' (retour)' : ''}`,
    { invoiceId: created.id },
  );
}

interface InvoiceRow {
  id: string;
  orderId: string;
  returnId: string | null;
  type: InvoiceType;
  status: string;
  uid: string | null;
  confirmSentAt: string | null;
}

const french = (message: string) => new DeliveryError(message, 'fail');

/** The request for the DGI, from the order as it stands: lines re-priced from the order, delivery as its own line. */
export async function buildRequest(db: Db, invoice: InvoiceRow): Promise<InvoiceRequest> {
  const order = await db
    .selectFrom('orders')
    .select([
      'number',
      'customerName',
      'phone',
      'buyerIfu',
      'city',
      'address',
      'items',
      'promoCode',
      'promoLabel',
      'loyaltyPoints',
      'delivery',
      'deliveryCost',
      'total',
      'paymentMethod',
      'cashAmount',
      'creditAmount',
      'channel',
    ])
    .where('id', '=', invoice.orderId)
    .executeTakeFirstOrThrow();
  const settings = await db.selectFrom('settings').selectAll().executeTakeFirstOrThrow();
  if (!settings.ifu || !/^\d{13}$/.test(settings.ifu))
    throw french('L’IFU de l’entreprise manque dans Paramètres (13 chiffres) : renseignez-le, puis « Réessayer ».');
  const { groups, skus } = await articlesOf(db, order.items);
  const fallback = settings.defaultTaxGroup as TaxGroup;
  const promo = order.promoCode ? `Remise code promo ${order.promoCode}` : order.promoLabel;
  const points = order.loyaltyPoints ? `${order.loyaltyPoints} points fidélité` : null;
  const why = promo && points ? `${promo} et ${points}` : (promo ?? (points ? `Remise fidélité (${points})` : 'Remise'));
  const returned = invoice.returnId
    ? await db
        .selectFrom('returns')
        .select(['lines', 'deliveryRefund', 'amount', 'refundMethod'])
        .where('id', '=', invoice.returnId)
        .executeTakeFirstOrThrow()
    : null;
  // A return's credit note: exactly its lines, each at what it was paid (its promo share off).
  const lines: OrderLine[] = returned ? returned.lines.map((l) => ({ ...l, discount: l.unitPrice * l.quantity - l.refund })) : order.items;
  const items = lines.flatMap((line) => invoiceLines(line, groups.get(line.id) ?? fallback, why, skus.get(line.id)));
  const deliveryCost = returned ? Number(returned.deliveryRefund) : Number(order.deliveryCost);
  if (deliveryCost > 0)
    items.push({
      name: `Livraison${order.delivery ? ` : ${order.delivery.name}` : ''}`,
      price: deliveryCost,
      quantity: 1,
      taxGroup: fallback,
    });
  const request: InvoiceRequest = {
    ifu: settings.ifu,
    type: invoice.type,
    items,
    client: {
      name: order.customerName,
      contact: order.phone ?? undefined,
      ...(order.buyerIfu ? { ifu: order.buyerIfu } : {}),
      ...(order.address ? { address: [order.address, order.city].filter(Boolean).join(', ') } : {}),
    },
    operator: {
      name: (order.channel === 'counter' && (await cashierOf(db, invoice.orderId))) || settings.invoiceOperator || settings.businessName,
    },
    payment: returned
      ? [{ name: refundPayment(returned.refundMethod, settings), amount: Number(returned.amount) }]
      : paymentLines(order, settings),
  };
  if (invoice.type === 'FA') {
    const sale = await db
      .selectFrom('invoices')
      .select(['status', 'codeMecef'])
      .where('orderId', '=', invoice.orderId)
      .where('type', '=', 'FV')
      .executeTakeFirst();
    if (!sale?.codeMecef) {
      if (sale?.status === 'failed') throw french('La facture de vente de cette commande n’a pas pu être normalisée : réglez-la d’abord.');
      throw new DeliveryError('En attente de la facture de vente normalisée, que l’avoir doit citer : nouvel essai automatique.');
    }
    request.reference = sale.codeMecef.replace(/-/g, '');
  }
  return request;
}

/** How a return was paid back, as the DGI names it: cash and Mobile Money as the shop set them, a credit « AUTRE ». */
function refundPayment(
  method: 'cash' | 'mobile_money' | 'store_credit',
  settings: Record<(typeof paymentTypeSetting)[keyof typeof paymentTypeSetting], PaymentType>,
): PaymentType {
  if (method === 'cash') return settings.paymentTypeCashOnDelivery;
  if (method === 'mobile_money') return settings.paymentTypeMobileMoneyOnDelivery;
  return 'AUTRE';
}

/**
 * An order line as the DGI wants it: the unit price paid, in whole francs. A line's share of a promo
 * discount that does not divide by its quantity splits it in two (some units a franc cheaper), so
 * the invoice adds up to the order's total exactly; each says its original price and why.
 */
function invoiceLines(line: OrderLine, taxGroup: TaxGroup, why: string, sku?: string | null): InvoiceRequest['items'] {
  // The article's own reference (SKU) when it has one, as on the shelf; else a short id.
  const base = { code: sku || line.id.slice(0, 8), name: line.name, taxGroup };
  const price = Number(line.unitPrice);
  const off = line.discount ?? 0;
  if (!off) return [{ ...base, price, quantity: line.quantity }];
  const each = Math.floor(off / line.quantity);
  const rest = off - each * line.quantity;
  const discounted = (unit: number, quantity: number) => ({
    ...base,
    price: unit,
    quantity,
    originalPrice: price,
    priceModification: why,
  });
  return [discounted(price - each, line.quantity - rest), discounted(price - each - 1, rest)].filter((l) => l.quantity > 0);
}

/**
 * Each line's article's tax group as the article says it now, by article id (a deleted article, or
 * one without: absent, the caller's default applies). The invoices and the books (books/journal.ts) read it.
 */
export async function taxGroupsOf(db: Db, lines: readonly Pick<OrderLine, 'type' | 'id'>[]) {
  const tables = { product: 'products', service: 'services', course: 'cryptoCourses' } as const;
  const groups = new Map<string, TaxGroup>();
  for (const [type, table] of Object.entries(tables)) {
    const ids = [...new Set(lines.filter((l) => l.type === type).map((l) => l.id))].filter((id) => /^[0-9a-f-]{36}$/.test(id));
    if (ids.length === 0) continue;
    const rows = await db.selectFrom(table).select(['id', 'taxGroup']).where('id', 'in', ids).execute();
    for (const row of rows) if (row.taxGroup) groups.set(row.id, row.taxGroup);
  }
  return groups;
}

/** Each line's tax group (taxGroupsOf), and the products' SKUs. */
async function articlesOf(db: Db, items: OrderLine[]) {
  const groups = await taxGroupsOf(db, items);
  const products = items.filter((l) => l.type === 'product').map((l) => l.id);
  const skus = new Map(
    products.length
      ? (await db.selectFrom('products').select(['id', 'sku']).where('id', 'in', products).execute()).map((p) => [p.id, p.sku])
      : [],
  );
  return { groups, skus };
}

/** The cashier who made a counter sale, by the name the team knows (the e-MCF's operator). */
async function cashierOf(db: Db, orderId: string) {
  const row = await db
    .selectFrom('orderEvents')
    .innerJoin('admins', 'admins.email', 'orderEvents.actor')
    .select('admins.displayName')
    .where('orderEvents.orderId', '=', orderId)
    .where('orderEvents.kind', '=', 'created')
    .executeTakeFirst();
  return row?.displayName || null;
}

/**
 * Obtains one invoice from the DGI, whatever happened before: a pending invoice already created
 * (its uid is stored before it is confirmed) is confirmed if the DGI still holds it, created again
 * if the DGI dropped it before any confirmation left; a confirmation whose answer was lost is never
 * guessed at (it might have been normalized): the owner is asked to look on the DGI's portal.
 */
export async function obtainInvoice(db: Db, config: Config, client: EmcfClient, invoiceId: string, attempts: number) {
  const invoice = (await db
    .selectFrom('invoices')
    .select(['id', 'orderId', 'returnId', 'type', 'status', 'uid', 'confirmSentAt'])
    .where('id', '=', invoiceId)
    .executeTakeFirst()) as InvoiceRow | undefined;
  if (!invoice || invoice.status === 'confirmed') return;
  const mine = () => db.updateTable('invoices').where('id', '=', invoice.id);
  try {
    let uid = invoice.uid;
    if (uid && !(await client.pending()).some((p) => p.uid === uid)) {
      if (invoice.confirmSentAt)
        throw french(
          `La confirmation de la facture (uid ${uid}) est partie sans que la réponse de la DGI n’arrive, et la DGI ne l’a plus en attente : elle est peut-être normalisée. Vérifiez sur le portail e-MECeF avant toute autre action.`,
        );
      // Dropped by the DGI before anything confirmed it: nothing was issued, it is asked for again.
      await mine()
        .set({ uid: null, status: 'pending', updatedAt: sql`now()` })
        .where('uid', '=', uid)
        .execute();
      uid = null;
    }
    if (!uid) {
      const request = await buildRequest(db, invoice);
      const totals = await client.create(request);
      const stored = await mine()
        .set({
          uid: totals.uid,
          status: 'created',
          request: sql`${JSON.stringify(request)}::jsonb`,
          totals: sql`${JSON.stringify(totals)}::jsonb`,
          confirmSentAt: null,
          updatedAt: sql`now()`,
        })
        .where('uid', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!stored) {
        await client.cancel(totals.uid).catch(() => undefined);
        throw new DeliveryError('Une autre demande de cette facture est en cours : nouvel essai automatique.');
      }
      uid = totals.uid;
    }
    await mine()
      .set({ confirmSentAt: sql`now()`, updatedAt: sql`now()` })
      .execute();
    const security = await client.confirm(uid);
    await confirmed(db, config, invoice, security);
  } catch (err) {
    const error =
      err instanceof DeliveryError ? err : new DeliveryError(`Erreur inattendue : ${err instanceof Error ? err.message : String(err)}`);
    const givenUp = error.then !== 'retry' || attempts >= MAX_ATTEMPTS;
    await mine()
      .set({ lastError: error.message.slice(0, 1000), ...(givenUp ? { status: 'failed' } : {}), updatedAt: sql`now()` })
      .where('status', '!=', 'confirmed')
      .execute();
    throw error;
  }
}

/** The security elements on the invoice, the order's history and, for a sale, the customer's mail. */
async function confirmed(db: Db, config: Config, invoice: InvoiceRow, security: SecurityElements) {
  await db.transaction().execute(async (tx) => {
    const done = await tx
      .updateTable('invoices')
      .set({
        status: 'confirmed',
        codeMecef: security.codeMECeFDGI,
        qrCode: security.qrCode,
        nim: security.nim,
        counters: security.counters,
        issuedAt: security.dateTime,
        lastError: null,
        updatedAt: sql`now()`,
      })
      .where('id', '=', invoice.id)
      .where('status', '!=', 'confirmed')
      .returning('id')
      .executeTakeFirst();
    if (!done) return;
    const label = invoice.type === 'FV' ? 'Facture normalisée' : 'Facture d’avoir normalisée';
    await recordEvent(tx, invoice.orderId, {
      actor: 'système',
      kind: 'invoice',
      toValue: invoice.type,
      note: `${label} ${security.codeMECeFDGI} · ${security.counters}`,
    });
    const order = await tx
      .selectFrom('orders')
      .select(['number', 'phone', 'email', 'customerName', 'trackingToken'])
      .where('id', '=', invoice.orderId)
      .executeTakeFirstOrThrow();
    const file = invoice.type === 'FV' ? 'recu' : 'avoir';
    const link = `${config.publicUrl}${trackingPath(order.trackingToken)}/${file}.pdf`;
    // The document itself on WhatsApp (Meta fetches it from the order's private address), or the link by e-mail.
    await tellCustomer(
      tx,
      config,
      { phone: order.phone, email: order.email, orderId: invoice.orderId },
      {
        template: 'facture',
        values: [firstName(order.customerName), order.number, label.toLowerCase()],
        document: { link, filename: `${file}-${order.number}.pdf` },
      },
      {
        subject: `${label} de votre commande ${order.number}`,
        text: [
          `Bonjour ${order.customerName},`,
          '',
          `La ${label.toLowerCase()} de votre commande ${order.number} est prête : code MECeF/DGI ${security.codeMECeFDGI}.`,
          `Téléchargez-la ici : ${link}`,
        ].join('\n'),
      },
    );
  });
}

/** The outbox's deliverer for the 'invoice' channel. */
export function invoiceDelivery(db: Db, config: Config) {
  const client = config.emecef ? emcfClient(config.emecef) : null;
  return async (row: Claimed) => {
    if (!client) throw new DeliveryError('Les factures normalisées ne sont pas configurées (EMECEF_TOKEN) : nouvel essai automatique.');
    await obtainInvoice(db, config, client, (row.payload as { invoiceId: string }).invoiceId, row.attempts);
  };
}

/** What the owner's order screen shows of an order's invoices. */
export const orderInvoices = (db: Db, orderId: string) =>
  db
    .selectFrom('invoices')
    .select([
      'id',
      'type',
      'status',
      'codeMecef',
      'nim',
      'counters',
      'issuedAt',
      'lastError',
      'totals',
      'confirmSentAt',
      'createdAt',
      'updatedAt',
    ])
    .where('orderId', '=', orderId)
    .orderBy('createdAt')
    .execute();

/**
 * "Réessayer" on an invoice that stopped: asked for again from the start. For one whose
 * confirmation answer was lost, the owner has checked on the DGI's portal that it is not there.
 */
export async function retryInvoice(db: Db, input: { id: string; actor: string }) {
  return db.transaction().execute(async (tx) => {
    const invoice = await tx
      .updateTable('invoices')
      .set({ status: 'pending', uid: null, confirmSentAt: null, lastError: null, updatedAt: sql`now()` })
      .where('id', '=', input.id)
      .where('status', '=', 'failed')
      .returning(['orderId', 'type'])
      .executeTakeFirst();
    if (!invoice) return false;
    await retryOutbox(tx, { invoiceId: input.id });
    await recordEvent(tx, invoice.orderId, {
      actor: input.actor,
      kind: 'invoice',
      toValue: invoice.type,
      note: 'Facture redemandée à la DGI',
    });
    return true;
  });
}

/** The e-MCF service as the DGI sees the shop (Paramètres): configured, reachable, its token's validity. */
export async function invoicingStatus(db: Db, config: Config) {
  if (!config.emecef) return { configured: false as const };
  try {
    const status = await emcfClient(config.emecef).status();
    const settings = await db.selectFrom('settings').select('ifu').executeTakeFirst();
    return {
      configured: true as const,
      ok: true as const,
      ifu: status.ifu,
      /** The IFU filled in Paramètres: the DGI refuses invoices whose IFU is not the token's. */
      settingsIfu: settings?.ifu ?? null,
      nim: status.nim,
      tokenValid: status.tokenValid,
      serverDateTime: status.serverDateTime,
      pending: status.pendingRequestsCount ?? status.pendingRequestsList?.length ?? 0,
    };
  } catch (err) {
    return { configured: true as const, ok: false as const, error: err instanceof Error ? err.message : String(err) };
  }
}

/** An order's normalized invoice of one type, for its document (by the order's private tracking token). */
export async function normalizedInvoice(
  db: Db,
  trackingToken: string,
  type: InvoiceType,
  /** A return's own credit note (null: the order's own invoice or credit note). */
  returnId: string | null = null,
): Promise<NormalizedInvoice | undefined> {
  const row = await db
    .selectFrom('invoices')
    .innerJoin('orders', 'orders.id', 'invoices.orderId')
    .select([
      'invoices.type',
      'invoices.codeMecef',
      'invoices.qrCode',
      'invoices.nim',
      'invoices.counters',
      'invoices.issuedAt',
      'invoices.request',
      'invoices.totals',
    ])
    .where('orders.trackingToken', '=', trackingToken)
    .where('invoices.type', '=', type)
    .where('invoices.status', '=', 'confirmed')
    .where('invoices.returnId', returnId ? '=' : 'is', returnId)
    .executeTakeFirst();
  return row ? (row as NormalizedInvoice) : undefined;
}
