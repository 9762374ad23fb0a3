import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { type AnyRouter, TRPCError } from '@trpc/server';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { findSession, sessionCookieName } from '../auth/sessions';
import { announceWrite, listenForWrites } from '../cache/invalidation';
import { PublicCache } from '../cache/public-cache';
import { trpcCache } from '../cache/trpc-cache';
import { housekeepingJobs } from '../jobs/housekeeping';
import { mailDelivery } from '../platform/mail-delivery';
import { requestIdOf, withRequestId } from '../platform/request-context';
import { letterDelivery } from '../newsletter/letters';
import { startOutboxWorker } from '../platform/outbox-worker';
import { pushDelivery } from '../platform/push-delivery';
import { startScheduler } from '../platform/scheduler';
import { exportRoutes } from './export-route';
import { renderPurchaseOrder } from '../inventory/purchases';
import { mediaRoutes } from './media-route';
import { metricsRoute } from '../ops/metrics';
import { accountRoutes } from './account-route';
import { fedapayWebhookRoute } from './webhook-route';
import { whatsappWebhookRoute } from './whatsapp-route';
import { whatsappEventDelivery } from '../whatsapp/intake';
import { whatsappDelivery } from '../whatsapp/messages';
import { whatsappMediaDelivery } from '../whatsapp/media';
import { alertInbound } from '../whatsapp/conversations';
import { isBodyTooLarge, registerBodyGuard, TOO_LARGE, trpcRefusal } from './body-guard';
import { receiptRoute } from './receipt-route';
import { formsRoute } from './forms-route';
import { registerSecurity, securityHeaders } from './security';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { longestWait } from '../db/index';
import { type AppRouter, appRouter } from '../routers/_app';
import { storefrontPages } from './ssr';
import { invoiceDelivery } from '../invoicing/invoices';
import { afterResponseOf } from '../platform/after-response';
import { isConnectionError, UNAVAILABLE } from '../platform/db-errors';
import type { Context } from '../trpc';
import { filesOf } from '../db/files';
import { feedRoutes } from './feeds';

const root = fileURLToPath(new URL('../../../', import.meta.url));
export const paths = {
  storefront: path.join(root, 'storefront/dist'),
  storefrontServer: path.join(root, 'storefront/dist-server'),
  admin: path.join(root, 'admin/dist'),
  media: path.join(root, 'server/media'),
  fonts: path.join(root, 'server/assets/fonts'),
};

export async function createContext(
  db: Kysely<Database>,
  config: Config,
  req: FastifyRequest,
  res: FastifyReply,
  invalidate: Context['invalidate'],
): Promise<Context> {
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.production };
  return {
    db,
    config,
    invalidate,
    ip: req.ip,
    device: req.headers['user-agent'],
    log: req.log,
    // Already looked up when the body guard needed it.
    admin:
      req.sessionAdmin !== undefined
        ? req.sessionAdmin
        : await findSession(db, config, req.cookies[sessionCookieName(config)]).catch((err: unknown) => {
            if (isConnectionError(err)) throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE, cause: err });
            throw err;
          }),
    afterResponse: afterResponseOf(res.raw, req.log),
    cookies: {
      get: (name) => req.cookies[name],
      set: (name, value, { maxAge }) => void res.setCookie(name, value, { ...cookieOptions, maxAge }),
      clear: (name) => void res.clearCookie(name, cookieOptions),
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The public read cache and the write announcement (tests and the SEO pages use them). */
    publicCache: { cache: PublicCache; invalidate: (deps: readonly string[]) => Promise<void> };
    /** This server's outbox worker: `wake` looks for due mails and notifications now. */
    outbox: { wake: () => void };
  }
}

/**
 * How long a query may have waited for a connection before the database counts as busy
 * (cache.busy): a burst of orders or logins queues them for longer within a moment.
 */
const BUSY_WAIT_MS = 100;
const hopsTrusted = (hops: number) => (_address: string, hop: number) => hop < hops;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface AppOptions {
  db: Kysely<Database>;
  config: Config;
  logger?: boolean;
  /** Where log lines go (tests read them); stdout by default. */
  logStream?: NodeJS.WritableStream;
  /** The API to serve; tests mount a router with extra resources. */
  router?: AnyRouter;
}

export async function buildApp({ db, config, logger = true, logStream, router = appRouter }: AppOptions) {
  const app = Fastify({
    logger: logger && {
      level: config.logLevel,
      // Session cookies never reach a log line.
      redact: ['req.headers.cookie', 'res.headers["set-cookie"]'],
      ...(logStream ? { stream: logStream } : {}),
    },
    bodyLimit: 1024 * 1024,
    // A batch of reads is one path segment of its procedures' names (/trpc/a.list,b.get,…): past
    // Fastify's 100 characters the route did not match, and a letter's screen (seven reads) got a 404.
    routerOptions: { maxParamLength: 2000 },
    // Two log lines for every request cost more than a cached answer: see the onResponse hook.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    // A hop count trusts the n nearest proxies (as proxy-addr does); a list trusts those addresses.
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
    // While the server stops (an upgrade, a restart), a request that arrives on a connection the
    // proxy kept open is served as usual rather than refused with a 503 the proxy would pass on...
    return503OnClosing: false,
    // Each request's id: the proxy's X-Request-ID when it gives a sane one, else a new UUID (unique
    // across servers); on every log line as `requestId`, on the answer, and on the outbox rows it writes.
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
  });
  // Public reads from memory; writes announced to every server through PostgreSQL. Its hook comes
  // first: a cached answer needs none of the others (it carries the security headers itself).
  const cache = new PublicCache(config.cacheMegabytes * 1024 * 1024, securityHeaders(config));
  // Queries queueing for a connection: a burst holds the database (PGlite has one connection).
  cache.busy = () => longestWait(db) >= BUSY_WAIT_MS;
  // The operator's /metrics (METRICS_TOKEN): its timer starts before the cache may answer.
  const metrics = metricsRoute(app, { db, config });
  cache.onLookup = (hit) => (hit ? metrics.cacheHit() : metrics.cacheMiss());
  const cached = trpcCache(app, cache, router, config);
  // ...and every answer from then on closes its connection, so the proxy's next request goes to a
  // server that stays (cached answers too: through Fastify's pipeline, which says so).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    cache.direct = false;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  registerSecurity(app, config);
  // One line per request, and at info level only what someone should look at: errors, refusals, slow answers.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    withRequestId(req.id, done);
  });
  app.addHook('onResponse', async (req, reply) => {
    const line = { method: req.method, url: req.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (reply.statusCode >= 500) req.log.error(line, 'request failed');
    else if (reply.statusCode >= 400 || reply.elapsedTime > 1_000) req.log.info(line, 'request');
    else req.log.debug(line, 'request');
  });
  await app.register(cookie);
  registerBodyGuard(app, db, config, router);
  // A body cut at its budget is refused in French, in the shape the caller reads; the rest goes to Fastify's own handler.
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (!isBodyTooLarge(error)) throw error;
    if (req.url.startsWith('/trpc/')) return trpcRefusal(req, reply, 413, TOO_LARGE);
    return reply
      .code(413)
      .header('connection', 'close')
      .send({ error: { message: TOO_LARGE, code: 413 } });
  });
  // Brotli 4 with a 256 KB window (lgwin 18) for what is compressed as it is sent (admin answers,
  // streamed CSV exports): on a CSV of orders and on a list's JSON it packs as well as quality 5
  // with the default 4 MB window, in a half to a third of the time; a stream holds about 6 MB
  // instead of 18, and the year's orders CSV (200,000-order shop) reaches the browser after 0.1 to
  // 0.2 s instead of 1.6 to 2.5 s, which the larger window held back (bench/scale.ts --exports).
  // Browsers ask for br; Node's fetch does not.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
  });

  const invalidate = (deps: readonly string[]) => announceWrite(db, cache, deps, !!config.databaseUrl, app.log);
  if (config.databaseUrl) {
    const stopListening = listenForWrites(config.databaseUrl, cache, app.log);
    app.addHook('onClose', stopListening);
  }
  app.decorate('publicCache', { cache, invalidate });
  const scheduler = startScheduler(db, housekeepingJobs(db, config, app.log, invalidate), app.log);
  const outbox = startOutboxWorker(db, config, app.log, {
    mail: mailDelivery(db, config, { purchaseOrder: (id) => renderPurchaseOrder(db, paths.fonts, id) }),
    letter: letterDelivery(db, config),
    push: pushDelivery(db, config),
    invoice: invoiceDelivery(db, config),
    whatsapp: whatsappDelivery(db, config),
    whatsappEvent: whatsappEventDelivery(db, config, alertInbound),
    whatsappMedia: whatsappMediaDelivery(db, config),
  });
  app.addHook('onClose', () => outbox.stop());
  app.decorate('outbox', { wake: outbox.wake });
  // A write may have queued a mail or a notification: this server carries it out at once. A refused
  // one rolled back what it queued, and is not worth a look (300 wrong logins are not 300 claims).
  app.addHook('onResponse', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400) outbox.wake();
  });
  app.addHook('onClose', () => scheduler.stop());

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: router as AppRouter,
      createContext: async ({ req, res }) => {
        const ctx = await createContext(db, config, req, res, invalidate);
        // Work after the answer may queue a mail (a reset link): carried out as soon as it is written.
        const after = ctx.afterResponse;
        ctx.afterResponse = (task) => after(() => task().finally(outbox.wake));
        cached.track(ctx, req.raw);
        return ctx;
      },
      responseMeta: cached.responseMeta,
      onError({ error, path: procedure, req }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error, procedure }, 'tRPC procedure failed');
        if (error.code === 'SERVICE_UNAVAILABLE') req.log.warn({ err: error.cause, procedure }, 'database unavailable');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  // Live: the process answers (restart it otherwise). Ready: it can serve, the database answers
  // within 2 s (route traffic elsewhere otherwise). /health is the readiness check.
  app.get('/health/live', async () => ({ status: 'ok' }));
  const ready = async (_req: FastifyRequest, reply: FastifyReply) => {
    try {
      await withTimeout(sql`select 1`.execute(db), 2_000);
      return { status: 'ok', database: 'ok' };
    } catch (err) {
      app.log.warn({ err }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'error', database: 'unreachable' });
    }
  };
  app.get('/health/ready', ready);
  app.get('/health', ready);

  const pages = await storefrontPages({
    db,
    config,
    router: router as AppRouter,
    cache,
    invalidate,
    distDir: paths.storefront,
    serverDir: paths.storefrontServer,
  });
  await app.register((await import('./seo')).seoPlugin, { db, config, crawlPaths: pages.crawlPaths });
  // The storefront's pages are routed here, so a page never costs a file lookup in the static folder
  // first (the home page would be the folder itself). Other addresses reach the not-found handler.
  if (pages.available) for (const pattern of pages.pagePaths) app.get(pattern, (req, reply) => pages.send(req, reply));
  // A page's form sent by a browser without JavaScript (method="post", so that what was typed never
  // lands in the address, the history or the logs): back to the page, whose note says what needs
  // JavaScript. The app itself sends its forms through the API. The body is never read (whatever
  // its type or size), and the connection is closed rather than drained.
  if (pages.available)
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_req, _payload, done) => done(null, null));
      for (const pattern of pages.pagePaths)
        scope.post(pattern, (req, reply) => reply.header('connection', 'close').redirect(req.url, 303));
    });
  await app.register(receiptRoute, { db, fontDir: paths.fonts, rateLimit: config.rateLimit, files: filesOf(config) });
  await app.register(accountRoutes, { db, config, fontDir: paths.fonts });
  await app.register(formsRoute, { db, config, router });
  await app.register(fedapayWebhookRoute, { db, config });
  await app.register(whatsappWebhookRoute, { db, config });
  await app.register(mediaRoutes, { db, config });
  await app.register(exportRoutes, { db, config, fontDir: paths.fonts });
  await app.register(feedRoutes, { db, config });
  await app.register(fastifyStatic, {
    root: paths.media,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '7d',
  });
  for (const [prefix, dir] of [
    ['/admin/', paths.admin],
    ['/', paths.storefront],
  ] as const) {
    if (!fs.existsSync(dir)) continue;
    await app.register(fastifyStatic, {
      root: dir,
      prefix,
      decorateReply: prefix === '/',
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, file) {
        // Vite puts a content hash in every asset name: those never change.
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const adminIndex = path.join(paths.admin, 'index.html');
  const sendAdminIndex = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(fs.createReadStream(adminIndex));
  // The admin's own address (its manifest's start URL): its page whatever the client accepts, not
  // the static folder's refusal of a directory (a monitor, a tool without compression got a 403).
  if (fs.existsSync(adminIndex)) app.get('/admin/', (_req, reply) => sendAdminIndex(reply));

  // Any other GET is a page: the admin app's (it routes itself), or a storefront page rendered
  // on the server (404 with the French not-found page for an unknown address).
  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const admin = url === '/admin' || url.startsWith('/admin/');
    // HEAD too: uptime monitors ask for a page's headers only.
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !url.startsWith('/trpc') &&
      !url.startsWith('/media/') &&
      !url.startsWith('/api/') &&
      !path.extname(url);
    if (isPage && admin && fs.existsSync(adminIndex)) return sendAdminIndex(reply);
    if (isPage && !admin && pages.available) return pages.send(req, reply);
    return reply.code(404).type('application/json').send({ error: 'Not Found', message: 'Ressource introuvable.' });
  });

  return app;
}
