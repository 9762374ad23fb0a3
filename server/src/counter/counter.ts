import {
  adminPath,
  type CounterSaleInput,
  firstName,
  formatXOF,
  type OrderLine,
  orders,
  type RowOfResource,
  trackingPath,
} from '@app/shared';
import { TRPCError } from '@trpc/server';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Config } from '../config';
import { createRecord } from '../crud/repository';
import type { Database } from '../db/schema';
import { alertOwner } from '../alerts/owner';
import { enqueueMail } from '../platform/outbox';
import { tellCustomer } from '../whatsapp/messages';
import { recordEvent } from '../history/events';
import { queueInvoice } from '../invoicing/invoices';
import { moveSeats } from '../sessions/seats';
import type { LowStock } from '../orders/notifications';
import { dayForSale } from './cash-drawer';
import { holdCredit, spendCredit } from '../customers/credit';
import { addDiscount, settleOrderPoints, spendPoints } from '../customers/loyalty';
import { findOrderByKey, orderRules, priceItems, round2, takeStock } from '../orders/place-order';
import { recordMovements, saleCosts } from '../inventory/ledger';
import { dateTime } from '../orders/ticket';
import { shareOut } from '../orders/promo';

type Db = Kysely<Database>;
type Order = RowOfResource<typeof orders>;
type Sale = Omit<CounterSaleInput, 'phone'> & { phone?: string | undefined };

/** At the counter the owner sells what is on the shelf: no limit per article beyond the stock. */
const COUNTER_RULES = { maxQuantityPerLine: 100_000, maxSeatsPerOrder: 1_000, unpublished: true };

export interface CounterSale {
  order: Order;
  /** Cash to hand back (0 when nothing was paid in cash). */
  change: number;
  /** The same sale sent again (a retry, a phone back online): nothing was sold twice. */
  repeated: boolean;
  low: LowStock[];
  /** An offline sale's articles sold beyond their stock. */
  short: Shortage[];
}

/**
 * A sale at the counter, in the caller's transaction: lines priced from the database, stock and
 * seats taken at once, an order of channel "comptoir" paid and handed over, its history, and its
 * normalized invoice asked for like any paid order (the buyer's IFU on it). A known idempotency
 * key returns the sale already recorded.
 */
export async function sellAtCounter(tx: Db, config: Config, sale: Sale, seller: string): Promise<CounterSale> {
  const existing = await findOrderByKey(tx, sale.idempotencyKey);
  if (existing)
    return { order: existing, change: changeOf(sale, existing.total - (existing.creditAmount ?? 0)), repeated: true, low: [], short: [] };

  const priced = await priceItems(tx, sale.items, COUNTER_RULES);
  const subtotal = round2(priced.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0));
  // Each line's own discount (priceItems keeps the items' order), and the whole sale's.
  const own = sale.items.map((item) => item.discount ?? 0);
  const discount = (sale.discount ?? 0) + own.reduce((a, b) => a + b, 0);
  // The owner's rules hold whatever the device says. A sale made offline happened already (the
  // goods left): one that breaks a rule is recorded all the same, marked « à vérifier », and the
  // owner is told at once (reviewAlert); online, it is refused.
  if (discount > subtotal)
    throw new TRPCError({ code: 'BAD_REQUEST', message: `Remise (${formatXOF(discount)}) plus grande que le montant de la vente.` });
  const broken: string[] = [];
  const rule = (ok: boolean, message: string) => {
    if (ok) return;
    if (!sale.offline) throw new TRPCError({ code: 'BAD_REQUEST', message });
    broken.push(message);
  };
  if (discount > 0) {
    const percent = (await orderRules(tx)).maxCounterDiscountPercent;
    const limit = Math.floor((subtotal * percent) / 100);
    rule(
      discount <= limit,
      percent
        ? `Remise trop forte : ${formatXOF(limit)} au maximum sur cette vente (${percent} % du total, dans Paramètres).`
        : 'Les remises au comptoir sont désactivées (Paramètres, « Remise maximale au comptoir »).',
    );
  }
  // The whole sale's discount shared out over the lines in whole francs, as a promo code's is, plus
  // each line's own: the invoice adds up to the total.
  const shared = sale.discount ? shareOut(priced, () => true, subtotal, sale.discount) : priced;
  let lines = shared.map((line, i) => {
    const off = (line.discount ?? 0) + own[i]!;
    if (off > line.unitPrice * line.quantity)
      throw new TRPCError({ code: 'BAD_REQUEST', message: `Remise plus grande que le montant de « ${line.name} ».` });
    return off ? { ...line, discount: off } : line;
  });
  let total = round2(subtotal - discount);
  // The customer's loyalty points, by the phone given: a discount on what is left, checked and spent
  // under the phone's lock (customers/loyalty.ts). Offline nothing could be checked: not spent, reviewed.
  let points = null as { points: number; discount: number } | null;
  if (sale.loyaltyPoints && sale.offline)
    broken.push(`${sale.loyaltyPoints} points fidélité annoncés hors ligne, non déduits : vérifiez avec le client.`);
  else if (sale.loyaltyPoints) {
    if (!sale.phone)
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'Les points sont ceux d’un client : indiquez son téléphone dans « Client ».' });
    points = await spendPoints(tx, sale.phone, sale.loyaltyPoints, total);
    lines = addDiscount(lines, points.discount);
    total = round2(total - points.discount);
  }
  // A customer's credit pays its part (checked and spent once the sale has its number); the payment, the rest.
  const credit = sale.credit?.amount ?? 0;
  if (credit > total)
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `L’avoir utilisé (${formatXOF(credit)}) dépasse le total de la vente (${formatXOF(total)}).`,
    });
  const due = round2(total - credit);
  // Offline, the goods left with a credit the phone could not check: recorded « à vérifier », unspent.
  const creditShort = sale.credit ? await holdCredit(tx, sale.credit.from, credit) : null;
  if (creditShort) rule(false, creditShort);
  const { cash, mobileMoney } = split(sale.payment, due);
  rule(
    mobileMoney <= due,
    `Le montant Mobile Money (${formatXOF(mobileMoney)}) dépasse ${credit ? 'le reste à payer' : 'le total de la vente'} (${formatXOF(due)}).`,
  );
  const given = 'given' in sale.payment ? sale.payment.given : null;
  rule(
    given === null || given >= cash,
    `Montant reçu insuffisant : il manque ${formatXOF(round2(cash - (given ?? 0)))} pour ${cash === total ? 'un total' : 'la part en espèces'} de ${formatXOF(cash)}.`,
  );
  const soldAt = sale.offline ? plausibleSaleTime(sale.offline.soldAt) : null;
  if (sale.offline && !soldAt)
    broken.push(
      `Date de vente donnée par le téléphone invraisemblable (${dateTime(sale.offline.soldAt)}) : vérifiez l’heure du téléphone.`,
    );
  // Offline, the articles left the shelf already: what the stock lacks is taken to zero and reported.
  const short = sale.offline ? await shortages(tx, lines) : [];
  const day = await dayForSale(tx, soldAt, seller);
  if (day.closed && cash > 0)
    broken.push(
      `Faite pendant « ${day.closed.name} » et reçue après sa clôture : ses ${formatXOF(cash)} en espèces n’étaient pas attendus au comptage de ce jour-là.`,
    );
  const { low, moved } = await takeStock(
    tx,
    lines
      .map((l) => {
        const lacking = short.find((s) => s.id === l.id);
        return lacking ? { ...l, quantity: l.quantity - lacking.missing } : l;
      })
      .filter((l) => l.quantity > 0),
  );
  await moveSeats(tx, lines, -1);
  const order = await createRecord(tx, orders, {
    customerName: sale.customerName?.trim() || 'Client au comptoir',
    phone: sale.phone ?? null,
    email: sale.email ?? null,
    buyerIfu: sale.buyerIfu ?? null,
    items: lines,
    delivery: null,
    subtotal,
    discount: discount + (points?.discount ?? 0),
    promoLabel: discount ? 'Remise au comptoir' : null,
    loyaltyPoints: points?.points || null,
    deliveryCost: 0,
    total,
    paymentMethod: sale.payment.method,
    paymentReference: 'reference' in sale.payment ? sale.payment.reference : null,
    cashAmount: cash,
    cashGiven: given,
    creditAmount: credit || null,
    status: 'delivered',
    paymentStatus: 'paid',
    channel: 'counter',
    cashSession: day.id,
    review: broken.length ? broken.join(' ').slice(0, 1000) : null,
    lineCosts: await saleCosts(tx, lines),
    idempotencyKey: sale.idempotencyKey,
  });
  await recordMovements(
    tx,
    {
      kind: sale.offline ? 'offline' : 'counter',
      actor: seller,
      orderNumber: order.number,
      note: sale.offline ? `Vendue hors ligne le ${dateTime(sale.offline.soldAt)}` : null,
    },
    moved.map((m) => {
      const lacking = short.find((s) => s.id === m.product);
      return lacking ? { ...m, note: `${lacking.missing} vendu(s) au-delà du stock, qui est mis à 0` } : m;
    }),
  );
  if (sale.credit && !creditShort) await spendCredit(tx, sale.credit.from, credit, order.id, seller);
  await recordEvent(tx, order.id, { actor: seller, kind: 'created', toValue: 'delivered', note: saleNote(sale, total, short) });
  await recordEvent(tx, order.id, { actor: seller, kind: 'payment', fromValue: 'pending', toValue: 'paid' });
  // A customer identified by phone earns the sale's points at once (customers/loyalty.ts).
  await settleOrderPoints(tx, order.id, seller);
  await queueInvoice(tx, config, order, 'FV');
  if (order.email || order.phone) await ticketMail(tx, config, order);
  return { order, change: changeOf(sale, due), repeated: false, low, short };
}

export interface Shortage {
  id: string;
  name: string;
  /** Sold beyond what the stock held. */
  missing: number;
}

/** How far back a phone may keep a sale made offline, and how far ahead of the server its clock may run. */
export const OFFLINE_SALE_DAYS = 7;
const CLOCK_AHEAD_MS = 10 * 60_000;

/** The moment an offline sale was made, if the phone's word for it is believable; else null. */
function plausibleSaleTime(soldAt: string): Date | null {
  const at = new Date(soldAt);
  const now = Date.now();
  return at.getTime() <= now + CLOCK_AHEAD_MS && at.getTime() >= now - OFFLINE_SALE_DAYS * 86_400_000 ? at : null;
}

/** Lines of an offline sale beyond their article's stock now (the rows locked until the sale is written). */
async function shortages(tx: Db, lines: readonly OrderLine[]): Promise<Shortage[]> {
  const ids = lines.filter((l) => l.type === 'product').map((l) => l.id);
  if (!ids.length) return [];
  const rows = await tx.selectFrom('products').select(['id', 'stock']).where('id', 'in', ids).forUpdate().execute();
  const stock = new Map(rows.map((r) => [r.id, r.stock]));
  return lines.flatMap((l) => {
    const left = stock.get(l.id);
    return l.type === 'product' && left !== null && left !== undefined && left < l.quantity
      ? [{ id: l.id, name: l.name, missing: l.quantity - left }]
      : [];
  });
}

/** The sale's first history line: where, and for an offline sale when, and what differed on arrival. */
function saleNote(sale: Sale, total: number, short: Shortage[]) {
  if (!sale.offline) return 'Vente au comptoir';
  return [
    `Vente au comptoir faite hors ligne le ${dateTime(sale.offline.soldAt)}, reçue plus tard.`,
    ...(sale.offline.total !== total
      ? [`Le téléphone avait affiché ${formatXOF(sale.offline.total)} ; les prix actuels donnent ${formatXOF(total)}.`]
      : []),
    ...short.map((s) => `« ${s.name} » : ${s.missing} vendu(s) au-delà du stock en ligne (stock mis à 0).`),
  ].join(' ');
}

/** Tells the owner at once of a sale recorded outside her rules (made offline, or so the device says). */
export async function reviewAlert(tx: Db, config: Config, order: Order, seller: string) {
  if (!order.review) return;
  await alertOwner(tx, config, {
    kind: 'review',
    subject: `Vente ${order.number} à vérifier : hors des règles de la caisse`,
    lines: [
      `La vente au comptoir ${order.number} (${formatXOF(order.total)}), enregistrée par ${seller} comme faite hors ligne, sort de vos règles :`,
      order.review,
      'Elle est enregistrée (les articles sont sortis) et marquée « À vérifier » ; voyez avec le vendeur.',
    ],
    adminPath: adminPath(orders, order.id),
  });
}

/** Tells the owner what an offline sale sold beyond the stock the web shop counted on. */
export async function shortageAlert(tx: Db, config: Config, order: Order, short: Shortage[]) {
  if (!short.length) return;
  await alertOwner(tx, config, {
    kind: 'stock',
    subject: `Vente hors ligne ${order.number} : stock dépassé`,
    lines: [
      `La vente au comptoir ${order.number}, faite hors ligne, a vendu plus que le stock en ligne :`,
      ...short.map((s) => `- « ${s.name} » : ${s.missing} de trop ; son stock est maintenant à 0.`),
      'Vérifiez l’étagère et les commandes en ligne en attente de ces articles.',
    ],
    adminPath: adminPath(orders, order.id),
  });
}

/** The part of the total paid in cash and the part by Mobile Money. */
function split(payment: Sale['payment'], total: number) {
  if (payment.method === 'cash') return { cash: total, mobileMoney: 0 };
  if (payment.method === 'mobile_money') return { cash: 0, mobileMoney: total };
  return { cash: round2(Math.max(0, total - payment.mobileMoney)), mobileMoney: payment.mobileMoney };
}

const changeOf = (sale: Sale, total: number) =>
  'given' in sale.payment ? round2(sale.payment.given - split(sale.payment, total).cash) : 0;

/** What the counter keeps on the phone to find an article without the network. */
export interface CounterItem {
  id: string;
  type: 'product' | 'service' | 'course';
  name: string;
  sku: string | null;
  barcode: string | null;
  price: number;
  /** At the time of the download (null: not counted). */
  stock: number | null;
  /** A training's sessions to come with seats left: the cashier picks one (a seat is booked). */
  sessions?: { id: string; startsAt: string; online: boolean; place: string | null; seatsLeft: number }[];
}

/**
 * A delta re-sends the products changed this long before the phone's copy was made as well: a write
 * committed just after that copy, but stamped before its newest row, is not missed.
 */
const DELTA_OVERLAP = '5 minutes';

/**
 * The articles the counter sells (products, services with a price, trainings with their sessions to
 * come), for the phone to keep: a scan finds its article at once, online or not. `version` is what
 * the phone holds: the same version answers no items (a few bytes on a slow link); an older one, only
 * what changed (`delta`: the products written since, those no longer sold by id, the services and
 * trainings whole, and how many products the phone should now hold: if it holds another number, one
 * was deleted and it asks for the whole list). Stock and seat changes alone do not make a new
 * version: the server checks both at each sale.
 */
export interface CounterCatalogue {
  version: string;
  maxDiscountPercent: number;
  /** Every article (a first download, or a copy too old to mend); null: nothing, or a delta. */
  items: CounterItem[] | null;
  delta?: { items: CounterItem[]; removed: string[]; products: number };
}

export async function counterCatalogue(db: Db, version: string | undefined): Promise<CounterCatalogue> {
  const stamp = (table: 'products' | 'services' | 'cryptoCourses' | 'courseSessions') =>
    db
      .selectFrom(table)
      .select([sql<string>`count(*)`.as('n'), sql<string | null>`max(updated_at)::text`.as('at')])
      .executeTakeFirstOrThrow();
  const [rules, ...stamps] = await Promise.all([
    orderRules(db),
    stamp('products'),
    stamp('services'),
    stamp('cryptoCourses'),
    stamp('courseSessions'),
  ]);
  // The day too: yesterday's sessions leave the list.
  const day = new Date().toLocaleDateString('sv-SE', { timeZone: 'Africa/Porto-Novo' });
  const current = [...stamps.flatMap((s) => [s.n, s.at]), rules.maxCounterDiscountPercent, day].join('|');
  const maxDiscountPercent = rules.maxCounterDiscountPercent;
  if (version === current) return { version: current, maxDiscountPercent, items: null };
  // The newest product the phone's copy had seen (the version's second part).
  const since = version?.split('|')[1];
  const delta = !!since && !Number.isNaN(Date.parse(since));
  // A product sold in versions is sold as one of them (each has its barcode and its name).
  const sold = (q: SelectQueryBuilder<Database, 'products', object>) => q.where('options', 'is', null).where('archivedAt', 'is', null);
  const [goods, gone, productCount, work, courses, sessions] = await Promise.all([
    sold(db.selectFrom('products'))
      .select(['id', 'name', 'sku', 'barcode', 'price', 'stock'])
      .$if(delta, (q) => q.where('updatedAt', '>', sql<string>`${since}::timestamptz - ${DELTA_OVERLAP}::interval`))
      .orderBy('name')
      .execute(),
    delta
      ? db
          .selectFrom('products')
          .select('id')
          .where('updatedAt', '>', sql<string>`${since}::timestamptz - ${DELTA_OVERLAP}::interval`)
          .where((eb) => eb.or([eb('options', 'is not', null), eb('archivedAt', 'is not', null)]))
          .execute()
      : [],
    delta
      ? sold(db.selectFrom('products'))
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      : null,
    db.selectFrom('services').select(['id', 'name', 'price']).where('price', 'is not', null).orderBy('name').execute(),
    db.selectFrom('cryptoCourses').select(['id', 'title', 'price']).orderBy('title').execute(),
    db
      .selectFrom('courseSessions')
      .select(['id', 'course', 'startsAt', 'online', 'place', sql<number>`seats - seats_taken`.as('seatsLeft')])
      .where('published', '=', true)
      .where('startsAt', '>', sql<string>`now()`)
      .where(sql<boolean>`seats > seats_taken`)
      .orderBy('startsAt')
      .execute(),
  ]);
  const none = { sku: null, barcode: null, stock: null };
  const items: CounterItem[] = [
    ...goods.map((p) => ({ ...p, type: 'product' as const, price: Number(p.price) })),
    ...work.map((s) => ({ ...s, ...none, type: 'service' as const, price: Number(s.price) })),
    ...courses.map((c) => ({
      id: c.id,
      name: c.title,
      ...none,
      type: 'course' as const,
      price: Number(c.price),
      sessions: sessions
        .filter((s) => s.course === c.id)
        .map((s) => ({
          id: s.id,
          startsAt: new Date(s.startsAt).toISOString(),
          online: s.online,
          place: s.place,
          seatsLeft: Number(s.seatsLeft),
        })),
    })),
  ];
  if (!productCount) return { version: current, maxDiscountPercent, items };
  return {
    version: current,
    maxDiscountPercent,
    items: null,
    delta: { items, removed: gone.map((g) => g.id), products: Number(productCount.n) },
  };
}

/**
 * The buyer who gave a phone gets the ticket as a document on WhatsApp (when the shop sends there),
 * else one who gave an e-mail its link (the normalized invoice's once the DGI answered). With
 * e-MECeF the normalized invoice follows in seconds through the same template: WhatsApp carries
 * that one only (each template is billed), the e-mail still brings the ticket at once.
 */
async function ticketMail(tx: Db, config: Config, order: Order) {
  const base = `${config.publicUrl}${trackingPath(order.trackingToken)}`;
  const mail = {
    subject: `Votre ticket ${order.number}`,
    text: [
      `Bonjour ${order.customerName},`,
      '',
      `Merci pour votre achat en boutique (${formatXOF(order.total)}).`,
      `Votre ticket : ${base}/ticket.pdf`,
      `Votre facture (normalisée dès que la DGI l’a émise) : ${base}/recu.pdf`,
    ].join('\n'),
  };
  if (config.emecef) {
    if (order.email) await enqueueMail(tx, { ...mail, to: order.email });
    return;
  }
  await tellCustomer(
    tx,
    config,
    { phone: order.phone, email: order.email, orderId: order.id },
    {
      template: 'facture',
      values: [firstName(order.customerName), order.number, 'ticket de caisse'],
      document: { link: `${base}/ticket.pdf`, filename: `ticket-${order.number}.pdf` },
    },
    mail,
  );
}
