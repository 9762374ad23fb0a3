import { AREAS, orders, placeholderFields, salesQuerySchema, settings } from '@app/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { isSale, salesReport } from '../sales/figures';
import { adminProcedure, router } from '../trpc';

type Db = Kysely<Database>;

const countOf = async (query: { executeTakeFirstOrThrow(): Promise<{ n: string | number | bigint }> }) =>
  Number((await query.executeTakeFirstOrThrow()).n);
const countNewOrders = (db: Db) =>
  countOf(
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status', '=', 'new'),
  );

/** The owner's overview: what needs attention now, and the last 30 days of sales. */
export async function dashboardStats(db: Db) {
  const [newOrders, pendingVerifications, unreadMessages, subscribers, revenue, latestOrders, latestVerifications, lowStock, backup] =
    await Promise.all([
      countNewOrders(db),
      countOf(
        db
          .selectFrom('cryptoVerifications')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '=', 'pending'),
      ),
      countOf(
        db
          .selectFrom('contactMessages')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('read', '=', false),
      ),
      countOf(db.selectFrom('newsletterSubscribers').select((eb) => eb.fn.countAll().as('n'))),
      db
        .selectFrom('orders')
        .select((eb) => [eb.fn.coalesce(eb.fn.sum<string>('total'), sql<string>`0`).as('amount'), eb.fn.countAll<string>().as('orders')])
        // Money actually made: sales (delivered or paid, not cancelled or refunded), not orders merely placed.
        .where(isSale)
        .where('createdAt', '>=', sql<string>`now() - interval '30 days'`)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('orders')
        .select(['id', 'number', 'customerName', 'total', 'status', 'createdAt'])
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(5)
        .execute(),
      db
        .selectFrom('cryptoVerifications')
        .select(['id', 'name', 'cryptoType', 'createdAt'])
        .where('status', '=', 'pending')
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(5)
        .execute(),
      db
        .selectFrom('products')
        .select(['id', 'name', 'stock', 'lowStockThreshold'])
        .where('stock', 'is not', null)
        .whereRef('stock', '<=', 'lowStockThreshold')
        .orderBy('stock')
        .orderBy('name')
        .limit(10)
        .execute(),
      lastBackups(db),
    ]);
  // What the shelf holds and what it cost (the dashboard is the managers'; cost is theirs only).
  const shelf = await db
    .selectFrom('products')
    .select([
      sql<string>`coalesce(sum(stock), 0)`.as('units'),
      sql<string>`coalesce(sum(stock * cost), 0)`.as('value'),
      sql<string>`count(*) FILTER (WHERE cost IS NULL)`.as('uncosted'),
    ])
    .where('stock', '>', 0)
    .executeTakeFirstOrThrow();
  const shop = await db
    .selectFrom('settings')
    .select(['businessName', 'tagline', 'phone', 'whatsapp', 'email', 'address'])
    .executeTakeFirst();
  return {
    newOrders,
    pendingVerifications,
    unreadMessages,
    subscribers,
    revenue30d: Number(revenue.amount),
    orders30d: Number(revenue.orders),
    latestOrders,
    pendingList: latestVerifications,
    // The query keeps only tracked stock (not null).
    lowStock: lowStock.map((p) => ({ ...p, stock: p.stock ?? 0 })),
    /** Units on the shelf, their value at cost, and the articles in stock without a cost. */
    stockValue: { units: Number(shelf.units), atCost: Number(shelf.value), uncosted: Number(shelf.uncosted) },
    backup,
    /** Paramètres still holding what a new shop starts with (labels, in the form's order). */
    settingsToFill: shop ? placeholderFields(shop).map((key) => settings.fields[key].label) : [],
  };
}

/** The last good backup, and the last run when it failed (the job records both: db/backup.ts). */
async function lastBackups(db: Db) {
  const [good, latest, recent] = await Promise.all([
    db
      .selectFrom('backups')
      .select(['file', 'bytes', 'createdAt'])
      .where('file', 'is not', null)
      .orderBy('createdAt', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db.selectFrom('backups').select(['error', 'createdAt']).orderBy('createdAt', 'desc').limit(1).executeTakeFirst(),
    // The last week of runs, for the owner to see from her phone that they happen.
    db.selectFrom('backups').select(['file', 'bytes', 'error', 'createdAt']).orderBy('createdAt', 'desc').limit(7).execute(),
  ]);
  return {
    lastGood: good ? { file: good.file!, bytes: Number(good.bytes), at: good.createdAt } : null,
    lastFailure: latest?.error ? { error: latest.error, at: latest.createdAt } : null,
    recent: recent.map((r) => ({ file: r.file, bytes: r.bytes === null ? null : Number(r.bytes), error: r.error, at: r.createdAt })),
  };
}

export const dashboardRouter = router({
  stats: adminProcedure.meta({ roles: AREAS.dashboard }).query(async ({ ctx }) => {
    const stats = await dashboardStats(ctx.db);
    // Backups are the owner's alone.
    return ctx.admin.role === 'owner' ? stats : { ...stats, backup: null };
  }),
  /** The sales charts: revenue over a period, best sellers, statuses, payment methods. */
  sales: adminProcedure
    .meta({ roles: AREAS.dashboard })
    .input(salesQuerySchema)
    .query(({ ctx, input }) => salesReport(ctx.db, input)),
  /** Polled by the admin menu: cheap, one count. */
  /** The menu's badges: orders to confirm, and WhatsApp messages not yet read (the same people read both). */
  newOrders: adminProcedure.meta({ roles: orders.team.read }).query(async ({ ctx }) => {
    const [count, unread, returnRequests] = await Promise.all([
      countNewOrders(ctx.db),
      ctx.db
        .selectFrom('whatsappContacts')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('unread'), eb.lit(0)).as('n'))
        .where('unread', '>', 0)
        .executeTakeFirst(),
      // Customers' return requests still to answer (orders/return-requests.ts).
      countOf(
        ctx.db
          .selectFrom('returnRequests')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '=', 'pending'),
      ),
    ]);
    return { count, whatsappUnread: Number(unread?.n ?? 0), returnRequests };
  }),
});
