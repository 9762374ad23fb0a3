import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { connectionsOf, longestWait } from '../db/index';

/**
 * GET /metrics in Prometheus' text format (issue 61), for whoever runs Prometheus or a hosted
 * equivalent; off unless METRICS_TOKEN is set, then only with `Authorization: Bearer <token>`.
 * This server's own figures (requests by route and status with their time, answers from the
 * public cache, event-loop delay, memory, the wait for a database connection), and the shop's,
 * read from the database at each scrape (the outbox waiting and failed per channel with the
 * oldest waiting message's age, the invoices the DGI has not confirmed, the last good backup):
 * several servers each report their own requests and the same shop.
 */
export function metricsRoute(app: FastifyInstance, { db, config }: { db: Kysely<Database>; config: Config }) {
  const token = config.metricsToken;
  if (!token) return { cacheHit: () => undefined, cacheMiss: () => undefined };
  const register = new Registry();
  collectDefaultMetrics({ register, prefix: 'shop_' });
  const requests = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'HTTP answers by route pattern, method and status, with the time each took.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  const cache = new Counter({
    name: 'shop_public_cache_total',
    help: 'Public reads answered from this server’s cache (hit) or built (miss).',
    labelNames: ['result'] as const,
    registers: [register],
  });
  new Gauge({
    name: 'shop_database_connection_wait_seconds',
    help: 'How long the query waiting longest for a database connection has waited (0: none waits).',
    registers: [register],
    collect() {
      this.set(longestWait(db) / 1000);
    },
  });
  new Gauge({
    name: 'shop_database_connections',
    help: 'This server’s database connections in use, and the queries waiting for one.',
    labelNames: ['state'] as const,
    registers: [register],
    collect() {
      const { inUse, waiting } = connectionsOf(db);
      this.set({ state: 'in_use' }, inUse);
      this.set({ state: 'waiting' }, waiting);
    },
  });
  const outbox = new Gauge({
    name: 'shop_outbox_messages',
    help: 'Mails, notifications, invoices and WhatsApp messages waiting or failed, per channel.',
    labelNames: ['channel', 'status'] as const,
    registers: [register],
  });
  const oldest = new Gauge({
    name: 'shop_outbox_oldest_waiting_seconds',
    help: 'How long the most overdue message has been due and not sent, per channel (0: none is late).',
    labelNames: ['channel'] as const,
    registers: [register],
  });
  const invoices = new Gauge({
    name: 'shop_invoices_unconfirmed',
    help: 'Normalized invoices (e-MECeF) the DGI has not confirmed yet, by status.',
    labelNames: ['status'] as const,
    registers: [register],
  });
  const backup = new Gauge({
    name: 'shop_backup_last_success_timestamp_seconds',
    help: 'When the last good backup was made (Unix time; 0: never).',
    registers: [register],
  });
  const backupBytes = new Gauge({
    name: 'shop_backup_last_success_bytes',
    help: 'The size of the last good backup.',
    registers: [register],
  });

  /** The shop's figures, read once per scrape (indexed: the waiting and failed rows only). */
  async function readShop() {
    const [rows, unconfirmed, good] = await Promise.all([
      db
        .selectFrom('outbox')
        .select([
          'channel',
          'status',
          sql<string>`count(*)`.as('n'),
          // Due and not sent: a letter's mails paced over the hours are not late.
          sql<string>`coalesce(extract(epoch FROM now() - min(next_attempt_at) FILTER (WHERE next_attempt_at <= now())), 0)`.as('age'),
        ])
        .where('status', 'in', ['pending', 'failed'])
        .groupBy(['channel', 'status'])
        .execute(),
      db
        .selectFrom('invoices')
        .select(['status', sql<string>`count(*)`.as('n')])
        .where('status', '!=', 'confirmed')
        .groupBy('status')
        .execute(),
      db
        .selectFrom('backups')
        .select(['bytes', 'createdAt'])
        .where('file', 'is not', null)
        .orderBy('createdAt', 'desc')
        .limit(1)
        .executeTakeFirst(),
    ]);
    outbox.reset();
    oldest.reset();
    for (const row of rows) {
      outbox.set({ channel: row.channel, status: row.status }, Number(row.n));
      if (row.status === 'pending') oldest.set({ channel: row.channel }, Math.round(Number(row.age)));
    }
    invoices.reset();
    for (const row of unconfirmed) invoices.set({ status: row.status }, Number(row.n));
    backup.set(good ? Math.floor(new Date(good.createdAt).getTime() / 1000) : 0);
    backupBytes.set(good ? Number(good.bytes) : 0);
  }

  // Every answer, those the cache writes straight to the socket included: timed until the last byte left.
  app.addHook('onRequest', async (req, reply) => {
    const end = requests.startTimer();
    reply.raw.once('finish', () =>
      end({ route: req.routeOptions.url ?? 'unmatched', method: req.method, status: String(reply.raw.statusCode) }),
    );
  });
  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', async (req, reply) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    reply.header('Cache-Control', 'no-store');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer')
        .type('text/plain; charset=utf-8')
        .send('Jeton de métriques manquant ou faux.');
    await readShop();
    return reply.type(register.contentType).send(await register.metrics());
  });
  return { cacheHit: () => cache.inc({ result: 'hit' }), cacheMiss: () => cache.inc({ result: 'miss' }) };
}
