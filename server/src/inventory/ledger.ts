import type { StockMovementKind, StockReason } from '@app/shared';
import { TRPCError } from '@trpc/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** Who moved the stock of an order placed on the web shop. */
export const ONLINE_SHOP = 'Boutique en ligne';

/** Why stock moved: what, who (a member's name, or the shop), and the order, reason or note it belongs to. */
export interface StockCause {
  kind: StockMovementKind;
  actor: string;
  orderNumber?: string | null;
  reason?: StockReason | null;
  note?: string | null;
}

/** One product's stock as a statement changed it: by how much, and what it holds now (null: not tracked). */
export interface Moved {
  product: string;
  name: string;
  quantity: number;
  stockAfter: number | null;
  /** This product's own remark, over the cause's note. */
  note?: string;
}

/**
 * Writes the movements of stock this transaction changed, with their cause: the statement that
 * changes a product's stock returns what it holds after, and its movement is written before the
 * transaction ends. Untracked stock has no movements. Never called on its own.
 */
export async function recordMovements(tx: Db, cause: StockCause, moved: readonly Moved[]) {
  const rows = moved.filter((m) => m.stockAfter !== null || cause.kind === 'untracked');
  if (!rows.length) return;
  await tx
    .insertInto('stockMovements')
    .values(
      rows.map((m) => ({
        product: m.product,
        productName: m.name.slice(0, 150),
        kind: cause.kind,
        quantity: m.quantity,
        stockAfter: m.stockAfter,
        orderNumber: cause.orderNumber ?? null,
        actor: cause.actor.slice(0, 320),
        reason: cause.reason ?? null,
        note: (m.note ?? cause.note ?? null)?.slice(0, 300) ?? null,
        // The moment of each statement, not of the transaction: a history lists them in order.
        createdAt: sql<string>`clock_timestamp()`,
      })),
    )
    .execute();
}

/** A correction by hand: the stock the owner wants, against the one she saw (`seen`: sales since are kept). */
export interface Correction {
  id: string;
  /** The stock wanted; null stops tracking it. */
  to: number | null;
  /** The stock the screen showed when she typed `to` (left out: the stock now). */
  seen?: number | null | undefined;
  reason: StockReason;
  note?: string | null | undefined;
}

const refuse = (message: string): never => {
  throw new TRPCError({ code: 'BAD_REQUEST', message });
};

/**
 * Corrects a product's stock by hand, with its reason, in one movement. What was sold or given back
 * between the moment the owner read the stock and now is kept: the difference she typed is applied
 * to the stock as it is. Starting or stopping to track the stock sets it outright.
 */
export async function correctStock(db: Db, input: Correction, actor: string) {
  if (input.reason === 'other' && !input.note?.trim()) refuse('Dites en quelques mots pourquoi le stock change (motif « Autre »).');
  return db.transaction().execute(async (tx) => {
    const product = await tx
      .selectFrom('products')
      .select(['id', 'name', 'stock'])
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    if (!product) throw new TRPCError({ code: 'NOT_FOUND', message: 'Ce produit n’existe plus.' });
    const seen = input.seen === undefined ? product.stock : input.seen;
    let after: number | null;
    if (input.to === null) after = null;
    else if (product.stock === null || seen === null) after = input.to;
    else after = product.stock + (input.to - seen);
    if (after !== null && after < 0)
      refuse(`Le stock deviendrait négatif (${after}) : ${product.stock} en stock maintenant, vendus depuis votre lecture compris.`);
    if (after === product.stock) refuse('Le stock ne change pas : rien à corriger.');
    await tx
      .updateTable('products')
      .set({ stock: after, updatedAt: sql`now()` })
      .where('id', '=', product.id)
      .execute();
    const quantity = (after ?? 0) - (product.stock ?? 0);
    await recordMovements(
      tx,
      { kind: after === null ? 'untracked' : 'correction', actor, reason: input.reason, note: input.note ?? null },
      [{ product: product.id, name: product.name, quantity, stockAfter: after }],
    );
    return { id: product.id, stock: after };
  });
}

/**
 * Opening movements for tracked products that have none (a product made with a stock): the demo's
 * catalogue, or products written straight into the table.
 */
export async function openStock(tx: Db, actor: string, ids?: readonly string[]) {
  await sql`
    INSERT INTO stock_movements (product, product_name, kind, quantity, stock_after, actor, created_at)
    SELECT p.id, p.name, 'opening', p.stock, p.stock, ${actor}, clock_timestamp() FROM products p
    WHERE p.stock IS NOT NULL ${ids ? sql`AND p.id IN (${sql.join(ids.length ? ids : [null])})` : sql``}
      AND NOT EXISTS (SELECT 1 FROM stock_movements m WHERE m.product = p.id)`.execute(tx);
}

/**
 * What each product of a sale costs the shop now (its average cost, or the one typed), kept with the
 * order for its margin: product id → unit cost; a product without a cost is left out (its margin is
 * unknown, never taken as all profit). Null when no product of the sale has one.
 */
export async function saleCosts(tx: Db, lines: ReadonlyArray<{ type: string; id: string }>): Promise<Record<string, number> | null> {
  const ids = [...new Set(lines.filter((l) => l.type === 'product').map((l) => l.id))];
  if (!ids.length) return null;
  const rows = await tx.selectFrom('products').select(['id', 'cost']).where('id', 'in', ids).where('cost', 'is not', null).execute();
  return rows.length ? Object.fromEntries(rows.map((r) => [r.id, Number(r.cost)])) : null;
}
