import { type Kysely, sql } from 'kysely';
import { adminProcedure, router } from '../trpc';

/* eslint-disable @typescript-eslint/no-explicit-any -- same untyped access as crud/repository.ts */
type AnyDb = Kysely<any>;

const count = async (db: AnyDb, table: string, where?: [string, unknown]) => {
  let q = db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n'));
  if (where) q = q.where(where[0], '=', where[1]);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

/** The owner's overview: what needs attention now, and the last 30 days of sales. */
export async function dashboardStats(db: AnyDb) {
  const [newOrders, pendingVerifications, unreadMessages, subscribers, revenue, latestOrders, latestVerifications, lowStock] = await Promise.all([
    count(db, 'orders', ['status', 'new']),
    count(db, 'cryptoVerifications', ['status', 'pending']),
    count(db, 'contactMessages', ['read', false]),
    count(db, 'newsletterSubscribers'),
    db
      .selectFrom('orders')
      .select((eb) => [eb.fn.coalesce(eb.fn.sum<string>('total'), sql<string>`0`).as('amount'), eb.fn.countAll<string>().as('orders')])
      // Money actually made: delivered orders and orders paid, not orders merely placed.
      .where((eb) => eb.or([eb('status', '=', 'delivered'), eb('paymentStatus', '=', 'paid')]))
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
      .where('stock', '<=', sql.ref('low_stock_threshold'))
      .orderBy('stock')
      .orderBy('name')
      .limit(10)
      .execute(),
  ]);
  return {
    newOrders,
    pendingVerifications,
    unreadMessages,
    subscribers,
    revenue30d: Number(revenue.amount),
    orders30d: Number(revenue.orders),
    latestOrders: latestOrders.map((o) => ({ ...o, total: Number(o.total) })) as {
      id: string;
      number: string;
      customerName: string;
      total: number;
      status: string;
      createdAt: string;
    }[],
    pendingList: latestVerifications as { id: string; name: string; cryptoType: string; createdAt: string }[],
    lowStock: lowStock as { id: string; name: string; stock: number; lowStockThreshold: number }[],
  };
}

export const dashboardRouter = router({
  stats: adminProcedure.query(({ ctx }) => dashboardStats(ctx.db as unknown as AnyDb)),
  /** Polled by the admin menu: cheap, one count. */
  newOrders: adminProcedure.query(async ({ ctx }) => ({ count: await count(ctx.db as unknown as AnyDb, 'orders', ['status', 'new']) })),
});
