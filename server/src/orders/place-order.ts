import {
  ONLINE_PAYMENT_METHOD,
  overCashCeiling,
  type PlaceOrderInput,
  type OrderLine,
  type RowOfResource,
  cryptoCourses,
  needsShipping,
  orders,
  products,
  services,
  SHOP_RULES,
} from '@app/shared';
import { TRPCError } from '@trpc/server';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { columnsFor, createRecord } from '../crud/repository';
import { hitRateLimit } from '../platform/rate-limit';
import { type Moved, ONLINE_SHOP, recordMovements, saleCosts } from '../inventory/ledger';
import type { LowStock } from './notifications';
import { applyPromo, takePromoUse } from './promo';
import { addDiscount, settleOrderPoints, spendPoints } from '../customers/loyalty';
import { holdCredit, spendCredit } from '../customers/credit';
import { moveSeats, sessionOfLine } from '../sessions/seats';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;
type Order = RowOfResource<typeof orders>;
type Input = Omit<PlaceOrderInput, 'paymentMethod'> & {
  paymentMethod?: PlaceOrderInput['paymentMethod'];
  /** The shopper's internet address, counted against the owner's hourly limit (absent: not counted). */
  fromAddress?: string;
  /** The phone of the customer signed in to Mon espace on this browser: the only one whose points may be spent. */
  signedInPhone?: string | null;
};

const tables = { product: products, service: services, course: cryptoCourses } as const;
/** An amount in F CFA to the cent, past binary floating point. */
export const round2 = (n: number) => Math.round(n * 100) / 100;

export const findOrderByKey = async (db: Db, key: string) =>
  (await db
    .selectFrom('orders')
    .select(columnsFor(orders, 'admin') as (keyof Order)[])
    .where('idempotencyKey', '=', key)
    .executeTakeFirst()) as Order | undefined;

const refuse = (message: string): never => {
  throw new TRPCError({ code: 'BAD_REQUEST', message });
};

/** The owner's rules against hoarding (Paramètres), with the defaults of a shop not set up yet. */
export async function orderRules(tx: Db) {
  const row = await tx
    .selectFrom('settings')
    .select([
      'maxQuantityPerLine',
      'maxUnconfirmedTotal',
      'maxOpenOrdersPerPhone',
      'maxSeatsPerOrder',
      'maxOrdersPerAddressPerHour',
      'maxCounterDiscountPercent',
      'unpaidStockPercent',
    ])
    .executeTakeFirst();
  return row ?? SHOP_RULES;
}

/**
 * A product sold as itself or as one of its versions, never a group of versions (its page asks to
 * choose one), an archived version, or a version of a group the shop no longer shows.
 */
function sellableVersion(q: SelectQueryBuilder<Database, 'products', object>, unpublished = false) {
  return q
    .where('options', 'is', null)
    .where('archivedAt', 'is', null)
    .$if(!unpublished, (w) =>
      w.where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('products as g').select('g.id').whereRef('g.id', '=', 'products.parent').where('g.published', '=', false))),
      ),
    );
}

/**
 * Every line priced from the database: published, not "sur devis", within the owner's quantity per
 * article and seats per session. The limits count the whole order: one article listed on three
 * lines is one article.
 */
export async function priceItems(
  tx: Db,
  items: Input['items'],
  rules: {
    maxQuantityPerLine: number;
    maxSeatsPerOrder: number;
    /** The counter sells what is on its shelf, on the web shop or not. */ unpublished?: boolean;
  },
): Promise<OrderLine[]> {
  const lines: OrderLine[] = [];
  const total = (key: (i: Input['items'][number]) => string | undefined, of: Input['items'][number]) =>
    items.filter((i) => key(i) === key(of)).reduce((n, i) => n + i.quantity, 0);
  for (const item of items) {
    const resource = tables[item.type];
    const row = await tx
      .selectFrom(resource.name)
      .select(['id', 'price', sql.ref<string>(resource.titleField).as('title')])
      .where('id', '=', item.id)
      .$if(!rules.unpublished, (q) => q.where('published', '=', true))
      .$if(item.type === 'product', (q) => sellableVersion(q as never, rules.unpublished) as never)
      .executeTakeFirst();
    if (!row)
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'Un article de votre panier n’est plus disponible. Retirez-le pour continuer.' });
    if (row.price === null) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: `« ${row.title} » est sur devis : contactez-nous pour le commander.` });
    }
    if (total((i) => `${i.type}:${i.id}`, item) > rules.maxQuantityPerLine) {
      refuse(`« ${row.title} » : ${rules.maxQuantityPerLine} au maximum par commande. Pour une plus grande quantité, contactez-nous.`);
    }
    if (item.sessionId && total((i) => i.sessionId, item) > rules.maxSeatsPerOrder) {
      refuse(
        `« ${row.title} » : ${rules.maxSeatsPerOrder} place(s) au maximum par commande sur une session. Pour un groupe, contactez-nous.`,
      );
    }
    const line: OrderLine = { id: item.id, type: item.type, name: row.title, unitPrice: row.price, quantity: item.quantity };
    lines.push(await sessionOfLine(tx, line, item.sessionId));
  }
  return lines;
}

/**
 * Prices every line from the database and takes product stock and session seats, all inside the
 * caller's transaction: the conditional UPDATE means two buyers can never both
 * take the last unit. A known idempotency key returns the order already placed.
 * Stock held by an order nobody has paid is bounded (docs/orders.md, "Orders"): units per line, orders
 * waiting for confirmation per phone, and the value of an order paid on delivery. `emptied` names
 * the products this order brought to their low-stock threshold, for the owner's alerts.
 */
export async function placeOrderRecord(tx: Db, input: Input): Promise<{ row: Order; created: boolean; low: LowStock[] }> {
  const existing = await findOrderByKey(tx, input.idempotencyKey);
  if (existing) return { row: existing, created: false, low: [] };

  const rules = await orderRules(tx);
  const online = input.paymentMethod === ONLINE_PAYMENT_METHOD;
  // Orders placed from one address in an hour, whatever the phones: counted in this transaction, so
  // an order refused for another reason does not count.
  if (input.fromAddress) {
    await hitRateLimit(
      tx,
      `orders-from:${input.fromAddress}`,
      rules.maxOrdersPerAddressPerHour,
      3600,
      'Trop de commandes passées depuis cette connexion en une heure. Réessayez plus tard, ou contactez-nous pour commander.',
      null,
    );
  }
  // One phone's orders are counted one at a time: two sent at once cannot both pass the limit.
  await sql`select pg_advisory_xact_lock(hashtext(${`orders-of:${input.phone}`}))`.execute(tx);
  const open = await tx
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('phone', '=', input.phone)
    .where('status', '=', 'new')
    .where('paymentStatus', '=', 'pending')
    .executeTakeFirstOrThrow();
  if (Number(open.n) >= rules.maxOpenOrdersPerPhone) {
    refuse(
      `Ce numéro a déjà ${open.n} commande(s) en attente de confirmation. Nous vous appelons pour les confirmer ; ` +
        'contactez-nous si vous souhaitez en passer une autre.',
    );
  }

  const lines = await priceItems(tx, input.items, rules);
  // Checked before any stock is taken; its use counted under the code's row lock.
  const promo = input.promoCode ? await applyPromo(tx, { code: input.promoCode, phone: input.phone, lines }) : null;
  if (promo) await takePromoUse(tx, promo.id);
  const { low, moved } = await takeStock(tx, lines);
  if (!online) await withinUnpaidShare(tx, lines, rules.unpaidStockPercent);
  await moveSeats(tx, lines, -1);

  let delivery: { id: string; name: string; price: number } | null = null;
  const shipped = needsShipping(input.items);
  // Nothing to carry, nothing to charge for carrying it: a stale choice in the cart is ignored.
  if (shipped && input.deliveryOptionId) {
    const option = await tx
      .selectFrom('deliveryOptions')
      .select(['id', 'name', 'price'])
      .where('id', '=', input.deliveryOptionId)
      .executeTakeFirst();
    if (!option) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Cette option de livraison n’existe plus. Choisissez-en une autre.' });
    delivery = option;
  }

  const subtotal = round2(lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0));
  const deliveryCost = delivery?.price ?? 0;
  // Loyalty points, the signed-in customer's own, for their own phone: a discount on what is left to pay for the goods.
  let items = promo?.lines ?? lines;
  let points = null as { points: number; discount: number } | null;
  if (input.loyaltyPoints) {
    if (!input.signedInPhone) refuse('Connectez-vous à Mon espace pour utiliser vos points de fidélité.');
    if (input.signedInPhone !== input.phone)
      refuse('Vos points sont ceux du téléphone de votre espace : commandez avec ce numéro pour les utiliser.');
    points = await spendPoints(tx, input.phone, input.loyaltyPoints, subtotal - (promo?.discount ?? 0));
    items = addDiscount(items, points.discount);
  }
  const discount = (promo?.discount ?? 0) + (points?.discount ?? 0);
  // The customer's credit (« avoir ») pays its part, checked under its owner's lock; the rest is paid as chosen.
  let credit = 0;
  if (input.useCredit) {
    if (!input.signedInPhone) refuse('Connectez-vous à Mon espace pour utiliser votre avoir.');
    if (input.signedInPhone !== input.phone)
      refuse('Votre avoir est celui du téléphone de votre espace : commandez avec ce numéro pour l’utiliser.');
    credit = Math.min(input.useCredit, round2(subtotal - discount + deliveryCost));
    if (await holdCredit(tx, input.phone, credit))
      refuse('Votre avoir a déjà servi ou ne suffit plus : rechargez la page pour voir ce qu’il en reste.');
  }
  const total = round2(subtotal - discount + deliveryCost);
  if (!online && total > rules.maxUnconfirmedTotal) refuse(overCashCeiling(rules.maxUnconfirmedTotal));
  const row = await createRecord(tx, orders, {
    customerName: input.customerName,
    phone: input.phone,
    email: input.email ?? null,
    city: shipped ? input.city : input.city || null,
    address: shipped ? input.address : input.address || null,
    note: input.note ?? null,
    paymentMethod: input.paymentMethod ?? 'cash_on_delivery',
    marketingConsent: input.marketingConsent ?? false,
    items,
    delivery,
    subtotal,
    promoCode: promo?.code ?? null,
    promoLabel: promo?.label ?? null,
    discount,
    loyaltyPoints: points?.points || null,
    creditAmount: credit || null,
    deliveryCost,
    total,
    lineCosts: await saleCosts(tx, lines),
    idempotencyKey: input.idempotencyKey,
  });
  await recordMovements(tx, { kind: 'order', actor: ONLINE_SHOP, orderNumber: row.number }, moved);
  if (points) await settleOrderPoints(tx, row.id, ONLINE_SHOP);
  if (credit) await spendCredit(tx, input.phone, credit, row.id, ONLINE_SHOP);
  // The shopper's choice for this phone: the order's news by e-mail (when given) or on WhatsApp.
  if (input.updatesByEmail !== undefined && row.phone && (row.email || !input.updatesByEmail))
    await tx
      .insertInto('whatsappContacts')
      .values({ phone: row.phone, prefersEmail: input.updatesByEmail, lastMessageAt: sql<string>`now()` })
      .onConflict((oc) => oc.column('phone').doUpdateSet({ prefersEmail: input.updatesByEmail }))
      .execute();
  return { row, created: true, low };
}

/**
 * Orders neither confirmed nor paid hold together at most the owner's share of each product's stock
 * (Paramètres): a few strangers with invented phones cannot empty a shelf for the days the hold
 * lasts. Run after takeStock, whose UPDATE locks the products' rows: two orders are counted one
 * after the other.
 */
async function withinUnpaidShare(tx: Db, lines: readonly OrderLine[], percent: number) {
  const ids = lines.filter((l) => l.type === 'product').map((l) => l.id);
  if (!ids.length || percent >= 100) return;
  const { rows } = await sql<{ id: string; stock: number | null; held: string }>`
    SELECT p.id, p.stock, coalesce((
      SELECT sum((item->>'quantity')::int) FROM orders o, jsonb_array_elements(o.items) item
      WHERE o.status = 'new' AND o.payment_status = 'pending' AND o.payment_method <> ${ONLINE_PAYMENT_METHOD}
        AND item->>'type' = 'product' AND item->>'id' = p.id::text), 0) AS held
    FROM products p WHERE p.id IN (${sql.join(ids)})`.execute(tx);
  for (const row of rows) {
    if (row.stock === null) continue;
    // This order's units of the product, whatever the lines that list it.
    const line = lines.find((l) => l.id === row.id)!;
    const wanted = lines.filter((l) => l.id === row.id).reduce((n, l) => n + l.quantity, 0);
    const held = Number(row.held);
    // What the shelf held before any unpaid order: what is left, what they hold, and this one.
    const onHand = row.stock + held + wanted;
    // Two units can always be ordered so (the last two of a shelf too): the share guards larger stocks.
    const allowed = Math.max(Math.ceil((onHand * percent) / 100), Math.min(onHand, 2));
    if (held + wanted > allowed)
      refuse(
        `« ${line.name} » est très demandé : ${Math.max(0, allowed - held)} au plus en paiement à la livraison pour le moment. ` +
          'Payez en ligne par Mobile Money pour en prendre plus, ou contactez-nous.',
      );
  }
}

/**
 * Takes each product line's units by a conditional UPDATE (two buyers never both get the last one),
 * or refuses in French with what is left. Returns the products brought to their low-stock threshold,
 * and the movements to record once the order has its number (inventory/ledger.ts).
 */
export async function takeStock(tx: Db, lines: readonly OrderLine[]): Promise<{ low: LowStock[]; moved: Moved[] }> {
  const low: LowStock[] = [];
  const moved: Moved[] = [];
  for (const line of lines.filter((l) => l.type === 'product')) {
    const taken = await tx
      .updateTable('products')
      .set({ stock: sql`stock - ${line.quantity}` })
      .where('id', '=', line.id)
      .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>=', line.quantity)]))
      .returning(['stock', 'lowStockThreshold'])
      .executeTakeFirst();
    if (!taken) {
      const left = await tx.selectFrom('products').select('stock').where('id', '=', line.id).executeTakeFirst();
      throw new TRPCError({
        code: 'CONFLICT',
        message: `Stock insuffisant pour « ${line.name} » : il en reste ${left?.stock ?? 0}. Réduisez la quantité ou retirez l’article.`,
      });
    }
    // Sold out, or crossed the threshold with this order (not merely below it already).
    const crossed = taken.stock !== null && taken.stock <= taken.lowStockThreshold && taken.stock + line.quantity > taken.lowStockThreshold;
    if (taken.stock !== null && (taken.stock === 0 || crossed)) low.push({ id: line.id, name: line.name, stock: taken.stock });
    moved.push({ product: line.id, name: line.name, quantity: -line.quantity, stockAfter: taken.stock });
  }
  return { low, moved };
}
