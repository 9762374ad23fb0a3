import {
  type AnyResource,
  auditLog,
  csvAmount,
  csvLine,
  csvStart,
  customers,
  itemTypes,
  labelOf,
  type ListRowOfResource,
  newsletterSubscribers,
  orderMargin,
  orderChannels,
  orderStatuses,
  paymentMethods,
  paymentStatuses,
  ROLE_LABELS,
  toCsv,
} from '@app/shared';
import { formatPhone } from '@app/shared/phone';
import { type Kysely, type Selectable, sql } from 'kysely';
import { listQueries } from '../crud/repository';
import type { Database } from '../db/schema';
import type { Participant } from '../sessions/reminders';

// Made once: toLocaleString builds a formatter per call (116 µs against 3 µs), which for a year
// of orders was most of the export's time.
const placedAt = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Africa/Porto-Novo', dateStyle: 'short', timeStyle: 'medium' });
const subscribedAt = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Africa/Porto-Novo', dateStyle: 'short', timeStyle: 'short' });

const HEADER = [
  'Numéro',
  'Date',
  'Client',
  'Téléphone',
  'E-mail',
  'Ville',
  'Adresse',
  'Articles',
  'Sous-total',
  'Code promo',
  'Remise',
  'Livraison',
  'Total',
  'Mode de paiement',
  'Paiement',
  'Référence',
  'Statut',
  'Canal',
  'Facture normalisée (code MECeF/DGI)',
  'Facture d’avoir (code MECeF/DGI)',
  // Over the lines whose product had a cost when sold; empty when none had one.
  'Coût d’achat des articles (F CFA)',
  'Marge brute (F CFA)',
];

/**
 * The orders placed between two days, as bounds on created_at (the day starts at midnight in
 * Benin): the index on created_at answers them, where a condition on the converted date read
 * every order of every year.
 */
function placedBetween(db: Kysely<Database>, from: string, to: string) {
  return db
    .selectFrom('orders')
    .where('createdAt', '>=', sql<string>`(${from}::date)::timestamp AT TIME ZONE 'Africa/Porto-Novo'`)
    .where('createdAt', '<', sql<string>`(${to}::date + 1)::timestamp AT TIME ZONE 'Africa/Porto-Novo'`);
}

export async function countOrdersBetween(db: Kysely<Database>, from: string, to: string) {
  const { n } = await placedBetween(db, from, to)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * An order as the export reads it: one JSON text a row, parsed as its line is written. As twenty
 * columns, each page's values lived through the driver's parsing of the whole page, long enough for
 * V8 to move them to the old generation: bench/scale.ts saw the server grow by 215 MB over a year's
 * export (100,000 orders) that way, and by 54 MB this way.
 */
type ExportedOrder = Pick<
  Selectable<Database['orders']>,
  | 'number'
  | 'createdAt'
  | 'customerName'
  | 'phone'
  | 'email'
  | 'city'
  | 'address'
  | 'items'
  | 'subtotal'
  | 'promoCode'
  | 'discount'
  | 'deliveryCost'
  | 'total'
  | 'paymentMethod'
  | 'paymentStatus'
  | 'paymentReference'
  | 'status'
  | 'channel'
  | 'lineCosts'
>;

/** Where a page of the export ends: its last order's creation time (at full precision) and id. */
type Cursor = { at: string; id: string };

/**
 * The CSV for French Excel (BOM, ';') of the orders placed between two days, a page of orders at
 * a time: the server holds one page, whatever the year's size, and the first lines leave before
 * the last are read. Pages follow the date index, created_at read at full precision as text.
 */
export async function* ordersCsv(db: Kysely<Database>, from: string, to: string, pageSize = 250): AsyncGenerator<string> {
  const page = (cursor: Cursor | null) =>
    placedBetween(db, from, to)
      .select([
        'id',
        sql<string>`json_build_object('number', number, 'createdAt', created_at, 'customerName', customer_name, 'phone', phone,
          'email', email, 'city', city, 'address', address, 'items', items, 'subtotal', subtotal, 'promoCode', promo_code,
          'discount', discount, 'deliveryCost', delivery_cost, 'total', total, 'paymentMethod', payment_method,
          'paymentStatus', payment_status, 'paymentReference', payment_reference, 'status', status, 'channel', channel,
          'lineCosts', line_costs)::text`.as('row'),
      ])
      .select(sql<string>`created_at::text`.as('cursorAt'))
      .select((eb) =>
        (['FV', 'FA'] as const).map((type) =>
          eb
            .selectFrom('invoices')
            .select('codeMecef')
            .whereRef('invoices.orderId', '=', 'orders.id')
            .where('invoices.type', '=', type)
            .where('invoices.status', '=', 'confirmed')
            .as(type === 'FV' ? 'saleCode' : 'creditCode'),
        ),
      )
      // Oldest first, ties by id descending: the date index (created_at DESC, id) read backwards gives
      // exactly this order, so each page starts where the last ended. In (created_at, id) order every
      // page sorted all the orders after the cursor again (a year of 100,000 orders: 23 s).
      .$if(cursor !== null, (q) =>
        q
          // The bound the index starts from (the condition below alone was a filter: each page read
          // every order of the period before its cursor again).
          .where('createdAt', '>=', sql<string>`${cursor!.at}::timestamptz`)
          .where(sql<boolean>`(created_at > ${cursor!.at}::timestamptz OR id < ${cursor!.id}::uuid)`),
      )
      .orderBy('createdAt', 'asc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .execute();
  // A customer's number is written once per order of theirs: libphonenumber took 20 µs a number,
  // a quarter of a big year's export, for far fewer numbers than orders.
  const phones = new Map<string, string>();
  const phoneOf = (phone: string) => {
    let shown = phones.get(phone);
    if (shown === undefined) phones.set(phone, (shown = formatPhone(phone)));
    return shown;
  };
  yield csvStart(HEADER);
  let after: Cursor | null = null;
  for (;;) {
    const rows = await page(after);
    if (!rows.length) return;
    yield rows
      .map(({ row, saleCode, creditCode }) => {
        const o = JSON.parse(row) as ExportedOrder;
        const margin = orderMargin(o.items, o.lineCosts);
        return csvLine([
          o.number,
          placedAt.format(new Date(o.createdAt)),
          o.customerName,
          o.phone ? phoneOf(o.phone) : '',
          o.email ?? '',
          o.city ?? '',
          o.address ?? '',
          o.items.map((l) => `${l.quantity} × ${l.name} (${labelOf(itemTypes, l.type)})`).join(' | '),
          csvAmount(o.subtotal),
          o.promoCode ?? '',
          csvAmount(o.discount),
          csvAmount(o.deliveryCost),
          csvAmount(o.total),
          labelOf(paymentMethods, o.paymentMethod),
          labelOf(paymentStatuses, o.paymentStatus),
          o.paymentReference ?? '',
          labelOf(orderStatuses, o.status),
          labelOf(orderChannels, o.channel),
          saleCode ?? '',
          creditCode ?? '',
          margin ? csvAmount(margin.cost) : '',
          margin ? csvAmount(margin.margin) : '',
        ]);
      })
      .join('');
    if (rows.length < pageSize) return;
    const last = rows.at(-1)!;
    after = { at: last.cursorAt, id: last.id };
  }
}

/**
 * The newsletter's subscribers matching the list's search (all without one), newest first, as a
 * CSV for French Excel written a page at a time: a list of 50,000 was fetched 100 at a time by the
 * browser before.
 */
export const subscribersCsv = (db: Kysely<Database>, search: string | undefined, pageSize = 1000) =>
  listCsv(
    db,
    newsletterSubscribers,
    search,
    ['E-mail', 'Inscrit le'],
    (r) => [r.email, subscribedAt.format(new Date(r.createdAt))],
    pageSize,
  );

/** The audit log entries matching the list's search, newest first: who, role, what, the fields before and after. */
export const auditCsv = (db: Kysely<Database>, search: string | undefined, pageSize = 1000) =>
  listCsv(
    db,
    auditLog,
    search,
    ['Date', 'Par', 'Rôle', 'Action', 'Élément', 'Changements', 'Appareil', 'Adresse IP'],
    (r) => [
      subscribedAt.format(new Date(r.createdAt)),
      r.actor,
      r.role ? ROLE_LABELS[r.role] : '',
      r.action,
      r.record ?? '',
      r.changes ?? '',
      r.device ?? '',
      r.ip ?? '',
    ],
    pageSize,
  );

/** A resource's list (its search, its default order) as a CSV for French Excel, a page at a time. */
async function* listCsv<R extends AnyResource>(
  db: Kysely<Database>,
  resource: R,
  search: string | undefined,
  header: string[],
  line: (row: ListRowOfResource<R>) => string[],
  pageSize: number,
): AsyncGenerator<string> {
  yield csvStart(header);
  for (let page = 1; ; page++) {
    const rows = (await listQueries(db, resource, 'admin', { page, pageSize, search }).rows.execute()) as ListRowOfResource<R>[];
    if (!rows.length) return;
    yield rows.map((r) => csvLine(line(r))).join('');
    if (rows.length < pageSize) return;
  }
}

/**
 * The customers who agreed to hear from the shop, for a WhatsApp broadcast list: those who ticked
 * the box on their latest order, or whose e-mail is subscribed to the newsletter; nobody else, and
 * nobody who asked the owner for no more offers since (`contactWithdrawnAt`).
 * Narrowed by the list's search; a page at a time along the last-order index.
 */
export function consentingCustomers(db: Kysely<Database>, search: string | undefined) {
  return listQueries(db, customers, 'admin', { page: 1, pageSize: 1, search }, (q) =>
    q.where((eb) =>
      eb.or([
        eb('marketingConsent', '=', true),
        eb.and([
          eb('contactWithdrawnAt', 'is', null),
          eb.exists(
            eb
              .selectFrom('newsletterSubscribers as n')
              .select('n.id')
              .whereRef(sql`lower(n.email)`, '=', sql`lower(customers.email)`)
              // A confirmed subscription still running.
              .where('n.confirmedAt', 'is not', null)
              .where('n.unsubscribedAt', 'is', null),
          ),
        ]),
      ]),
    ),
  );
}

export async function* customersCsv(db: Kysely<Database>, search: string | undefined, pageSize = 1000): AsyncGenerator<string> {
  yield csvStart(['Nom', 'Téléphone', 'E-mail', 'Ville', 'Commandes', 'Total dépensé', 'Dernière commande', 'Accord']);
  let after: Cursor | null = null;
  for (;;) {
    const cursor: Cursor | null = after;
    const rows = (await consentingCustomers(db, search)
      .rows.clearOrderBy()
      .clearLimit()
      .clearOffset()
      .select(sql<string>`last_order_at::text`.as('cursorAt'))
      .$if(cursor !== null, (q) => q.where(sql<boolean>`(last_order_at, id) < (${cursor!.at}::timestamptz, ${cursor!.id}::uuid)`))
      .orderBy('lastOrderAt', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .execute()) as (Record<string, unknown> & { cursorAt: string; id: string })[];
    if (!rows.length) return;
    yield rows
      .map((c) =>
        csvLine([
          String(c.name),
          formatPhone(String(c.phone)),
          String(c.email ?? ''),
          String(c.city ?? ''),
          String(c.ordersCount),
          csvAmount(c.totalSpent),
          placedAt.format(new Date(String(c.lastOrderAt))),
          c.marketingConsent ? 'Case cochée à la commande' : 'Abonné à la newsletter',
        ]),
      )
      .join('');
    if (rows.length < pageSize) return;
    const last = rows.at(-1)!;
    after = { at: last.cursorAt, id: last.id };
  }
}

/** A session's participants, for French Excel: who, how to reach them, how many seats, where their order stands. */
export function participantsCsv(people: readonly Participant[]): string {
  return toCsv(
    ['Nom', 'Téléphone', 'E-mail', 'Places', 'Commande', 'Statut', 'Paiement', 'Inscrit le'],
    people.map((p) => [
      p.customerName,
      p.phone ? formatPhone(p.phone) : '',
      p.email ?? '',
      String(p.seats),
      p.number,
      orderStatuses[p.status],
      paymentStatuses[p.paymentStatus],
      placedAt.format(new Date(p.createdAt)),
    ]),
  );
}
