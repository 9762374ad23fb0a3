import { formatXOF, type PurchaseLine, purchaseStatuses, type PurchaseStatus } from '@app/shared';
import { TRPCError } from '@trpc/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { atomically } from '../crud/repository';
import { enqueueMail } from '../platform/outbox';
import { pdfDocument, tableOf } from '../pdf/document';
import { formatPhone } from '@app/shared/phone';
import { type Moved, recordMovements } from './ledger';

type Db = Kysely<Database>;

const refuse = (message: string): never => {
  throw new TRPCError({ code: 'BAD_REQUEST', message });
};

interface Purchase {
  id: string;
  number: string;
  supplier: string;
  status: PurchaseStatus;
  lines: PurchaseLine[];
  receipts: Array<{ key: string; at: string; by: string; items: Array<{ product: string; quantity: number }> }>;
  note: string | null;
}

/** The purchase order, locked until the transaction ends: two phones receiving it are applied one after the other. */
async function lockPurchase(tx: Db, id: string): Promise<Purchase> {
  const row = await tx
    .selectFrom('purchaseOrders')
    .select(['id', 'number', 'supplier', 'status', 'lines', 'receipts', 'note'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: 'Bon de commande introuvable.' });
  return row as Purchase;
}

const totalOf = (lines: readonly PurchaseLine[]) => Math.round(lines.reduce((sum, l) => sum + l.ordered * (l.cost ?? 0), 0) * 100) / 100;

export interface LineInput {
  product: string;
  ordered: number;
  cost: number | null;
}

/** The articles of an order not yet received: what, how many, at which cost (names and references from the catalogue). */
export async function setPurchaseLines(db: Db, id: string, input: readonly LineInput[]) {
  return atomically(db, async (tx: Db) => {
    const purchase = await lockPurchase(tx, id);
    if (purchase.status === 'cancelled') refuse('Ce bon de commande est annulé.');
    if (purchase.lines.some((l) => l.received > 0) || purchase.receipts.length)
      refuse('Ce bon a déjà reçu des articles : ses lignes ne changent plus (une autre commande pour le reste).');
    const ids = input.map((l) => l.product);
    if (new Set(ids).size !== ids.length) refuse('Un article est deux fois sur le bon : gardez une seule ligne et sa quantité.');
    const found = ids.length
      ? await tx.selectFrom('products').select(['id', 'name', 'supplierReference']).where('id', 'in', ids).execute()
      : [];
    const byId = new Map(found.map((p) => [p.id, p]));
    const lines: PurchaseLine[] = input.map((l) => {
      const product = byId.get(l.product) ?? refuse('Un article du bon n’existe plus dans le catalogue : retirez-le.');
      return {
        product: l.product,
        name: product.name,
        supplierReference: product.supplierReference,
        ordered: l.ordered,
        received: 0,
        cost: l.cost,
      };
    });
    await tx
      .updateTable('purchaseOrders')
      .set({ lines: sql`${JSON.stringify(lines)}::jsonb`, total: totalOf(lines), updatedAt: sql`now()` })
      .where('id', '=', id)
      .execute();
  });
}

/**
 * What to reorder from a supplier: its products whose tracked stock is at or below their low-stock
 * threshold, each to twice that threshold (one more than it at least), at their current cost.
 */
export async function suggestedLines(db: Db, supplier: string) {
  const rows = await db
    .selectFrom('products')
    .select(['id', 'name', 'stock', 'lowStockThreshold', 'cost'])
    .where('supplier', '=', supplier)
    .where('stock', 'is not', null)
    .whereRef('stock', '<=', 'lowStockThreshold')
    .orderBy('name')
    .execute();
  return rows.map((p) => {
    const target = Math.max(2 * p.lowStockThreshold, p.lowStockThreshold + 1);
    return {
      product: p.id,
      name: p.name,
      stock: p.stock ?? 0,
      ordered: target - (p.stock ?? 0),
      cost: p.cost === null ? null : Number(p.cost),
    };
  });
}

/** The order as the supplier reads it, on WhatsApp or in a mail. */
export async function purchaseText(db: Db, id: string) {
  const purchase = await db.selectFrom('purchaseOrders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!purchase) throw new TRPCError({ code: 'NOT_FOUND', message: 'Bon de commande introuvable.' });
  const supplier = await db.selectFrom('suppliers').selectAll().where('id', '=', purchase.supplier).executeTakeFirstOrThrow();
  const shop = await db.selectFrom('settings').select(['businessName', 'phone', 'email']).executeTakeFirstOrThrow();
  const lines = purchase.lines as PurchaseLine[];
  if (!lines.length) refuse('Le bon est vide : ajoutez au moins un article.');
  const text = [
    `Bonjour ${supplier.name},`,
    '',
    `Voici notre bon de commande ${purchase.number} (${shop.businessName}) :`,
    ...lines.map(
      (l) =>
        `- ${l.ordered} × ${l.name}${l.supplierReference ? ` (réf. ${l.supplierReference})` : ''}` +
        `${l.cost === null ? '' : ` à ${formatXOF(l.cost)}`}`,
    ),
    ...(Number(purchase.total) > 0 ? [`Total : ${formatXOF(Number(purchase.total))}`] : []),
    ...(purchase.note ? ['', purchase.note] : []),
    '',
    'Merci de nous confirmer la disponibilité et le délai de livraison.',
    `${shop.businessName} · ${shop.phone} · ${shop.email}`,
  ].join('\n');
  return { purchase, supplier, shop, text };
}

/**
 * The order leaves: by e-mail (queued with the change) or by WhatsApp (the owner's phone opens the
 * chat with the text; the order is then counted as sent). A draft becomes « Envoyée ».
 */
export async function sendPurchase(db: Db, id: string, by: 'email' | 'whatsapp') {
  return db.transaction().execute(async (tx) => {
    const locked = await lockPurchase(tx, id);
    if (locked.status === 'cancelled') refuse('Ce bon de commande est annulé.');
    const { supplier, shop, text, purchase } = await purchaseText(tx, id);
    const whatsapp = supplier.whatsapp ?? supplier.phone;
    if (by === 'whatsapp' && !whatsapp) refuse(`${supplier.name} n’a pas de numéro : ajoutez-le sur sa fiche, ou envoyez par e-mail.`);
    if (by === 'email') {
      if (!supplier.email) refuse(`${supplier.name} n’a pas d’e-mail : ajoutez-le sur sa fiche, ou envoyez par WhatsApp.`);
      await enqueueMail(tx, {
        to: supplier.email!,
        subject: `Bon de commande ${purchase.number} – ${shop.businessName}`,
        text,
        replyTo: shop.email,
        attach: { document: 'purchaseOrder', id, filename: `bon-de-commande-${purchase.number}.pdf` },
      });
    }
    if (locked.status === 'draft')
      await tx
        .updateTable('purchaseOrders')
        .set({ status: 'sent', sentAt: sql`now()`, updatedAt: sql`now()` })
        .where('id', '=', id)
        .execute();
    return { text, whatsapp };
  });
}

export interface Receipt {
  id: string;
  /** Made by the phone for this delivery: sent twice (a flaky network), it is applied once. */
  key: string;
  items: ReadonlyArray<{ product: string; quantity: number }>;
}

/**
 * A delivery received, in one go or in parts: each article's quantity enters the stock ledger
 * (« Réception fournisseur ») and its cost the product's weighted average cost. An article not on
 * the order, or more than ordered, is accepted and said.
 */
export async function receivePurchase(db: Db, receipt: Receipt, actor: string) {
  return db.transaction().execute(async (tx) => {
    const purchase = await lockPurchase(tx, receipt.id);
    if (purchase.receipts.some((r) => r.key === receipt.key)) return { status: purchase.status, warnings: [] as string[], repeated: true };
    if (purchase.status === 'cancelled') refuse('Ce bon de commande est annulé : rien ne peut y être reçu.');
    const quantities = new Map<string, number>();
    for (const item of receipt.items) quantities.set(item.product, (quantities.get(item.product) ?? 0) + item.quantity);
    if (!quantities.size) refuse('Aucun article reçu : scannez ou comptez ce qui est arrivé.');
    const lines = purchase.lines.map((l) => ({ ...l }));
    const warnings: string[] = [];
    const moved: Moved[] = [];
    for (const [productId, quantity] of quantities) {
      let line = lines.find((l) => l.product === productId);
      if (!line) {
        const product = await tx
          .selectFrom('products')
          .select(['name', 'supplierReference'])
          .where('id', '=', productId)
          .executeTakeFirst();
        if (!product) refuse('Un article reçu n’existe pas dans le catalogue.');
        line = {
          product: productId,
          name: product!.name,
          supplierReference: product!.supplierReference,
          ordered: 0,
          received: 0,
          cost: null,
        };
        lines.push(line);
        warnings.push(`« ${line.name} » n’était pas sur le bon : ${quantity} reçu(s) en plus.`);
      }
      line.received += quantity;
      // The average cost of what is on the shelf and what arrived (the stock before, in this statement).
      const cost = line.cost;
      const row = await tx
        .updateTable('products')
        .set({
          stock: sql`CASE WHEN stock IS NULL THEN NULL ELSE stock + ${quantity} END`,
          cost: sql`CASE WHEN ${cost}::numeric IS NULL THEN cost
                         WHEN stock IS NULL OR stock <= 0 OR cost IS NULL THEN ${cost}::numeric
                         ELSE round((stock * cost + ${quantity} * ${cost}::numeric) / (stock + ${quantity}), 2) END`,
          updatedAt: sql`now()`,
        })
        .where('id', '=', productId)
        .returning('stock')
        .executeTakeFirst();
      if (row) moved.push({ product: productId, name: line.name, quantity, stockAfter: row.stock });
    }
    for (const line of lines)
      if (line.ordered > 0 && line.received > line.ordered)
        warnings.push(
          `« ${line.name} » : ${line.received} reçus pour ${line.ordered} commandés (${line.received - line.ordered} de plus).`,
        );
    const complete = lines.every((l) => l.received >= l.ordered);
    const status: PurchaseStatus = complete ? 'received' : 'partial';
    const receipts = [
      ...purchase.receipts,
      {
        key: receipt.key,
        at: new Date().toISOString(),
        by: actor,
        items: [...quantities].map(([product, quantity]) => ({ product, quantity })),
      },
    ];
    await tx
      .updateTable('purchaseOrders')
      .set({
        lines: sql`${JSON.stringify(lines)}::jsonb`,
        receipts: sql`${JSON.stringify(receipts)}::jsonb`,
        status,
        receivedAt: complete ? sql`now()` : null,
        updatedAt: sql`now()`,
      })
      .where('id', '=', purchase.id)
      .execute();
    await recordMovements(tx, { kind: 'purchase', actor, orderNumber: purchase.number }, moved);
    return { status, warnings, repeated: false };
  });
}

/** An order nothing was received on is cancelled; one that received articles is kept as it is. */
export async function cancelPurchase(db: Db, id: string) {
  return db.transaction().execute(async (tx) => {
    const purchase = await lockPurchase(tx, id);
    if (purchase.receipts.length)
      refuse(`Ce bon a déjà reçu des articles (« ${purchaseStatuses[purchase.status]} ») : il ne peut plus être annulé.`);
    await tx
      .updateTable('purchaseOrders')
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where('id', '=', id)
      .execute();
  });
}

/** The purchase order as a PDF the owner shares with the supplier (WhatsApp, e-mail) or prints; null if unknown. */
export async function renderPurchaseOrder(db: Db, fontDir: string, id: string): Promise<Buffer | null> {
  const purchase = await db.selectFrom('purchaseOrders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!purchase) return null;
  const supplier = await db.selectFrom('suppliers').selectAll().where('id', '=', purchase.supplier).executeTakeFirstOrThrow();
  const shop = await db.selectFrom('settings').select(['businessName', 'address', 'phone', 'email']).executeTakeFirstOrThrow();
  const lines = purchase.lines as PurchaseLine[];
  const { doc, done } = pdfDocument(fontDir, {
    size: 'A4',
    margin: 48,
    info: { Title: `Bon de commande ${purchase.number}`, Author: shop.businessName },
  });
  doc.font('bold').fontSize(18).text(shop.businessName);
  doc
    .font('regular')
    .fontSize(9)
    .fillColor('#444')
    .text(`${shop.address}\n${formatPhone(shop.phone)} · ${shop.email}`);
  doc.moveDown(1.5).fillColor('#000').font('bold').fontSize(14).text(`Bon de commande ${purchase.number}`);
  const day = new Date(purchase.createdAt).toLocaleDateString('fr-FR', { dateStyle: 'long', timeZone: 'Africa/Porto-Novo' });
  const reach = [supplier.phone && formatPhone(supplier.phone), supplier.email].filter(Boolean).join(' · ');
  doc
    .font('regular')
    .fontSize(10)
    .text(`Du ${day}`)
    .text(`Fournisseur : ${supplier.name}${reach ? ` (${reach})` : ''}`);
  doc.moveDown(1.2);
  const { cellsRow } = tableOf(doc);
  const widths = [0.5, 0.1, 0.2, 0.2];
  cellsRow(['Article (votre référence)', 'Qté', 'Prix unitaire', 'Montant'], widths, true);
  for (const l of lines)
    cellsRow(
      [
        `${l.name}${l.supplierReference ? ` (${l.supplierReference})` : ''}`,
        String(l.ordered),
        l.cost === null ? '—' : formatXOF(l.cost),
        l.cost === null ? '—' : formatXOF(l.cost * l.ordered),
      ],
      widths,
    );
  doc.moveDown(0.5);
  cellsRow(['Total', '', '', formatXOF(Number(purchase.total))], widths, true);
  if (purchase.note) doc.moveDown(1).font('regular').fontSize(10).text(purchase.note);
  doc.moveDown(2).font('regular').fontSize(9).fillColor('#444').text('Merci de nous confirmer la disponibilité et le délai de livraison.');
  doc.end();
  return done;
}
