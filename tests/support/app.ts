import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AnyRouter } from '@trpc/server';
import { createTRPCClient, httpLink, type TRPCClient, TRPCClientError } from '@trpc/client';
import type { Role } from '@app/shared';
import { upsertAdmin } from '../../server/src/auth/admins';
import { createSession, sessionCookieName } from '../../server/src/auth/sessions';
import { loadConfig } from '../../server/src/config';
import { buildApp } from '../../server/src/http/app';
import type { AppRouter } from '../../server/src/routers/_app';
import { appRouter } from '../../server/src/routers/_app';
import { seedIfEmpty } from '../../server/src/seed/seed';
import { createCallerFactory, type Context } from '../../server/src/trpc';
import { createDb } from '../../server/src/db/index';
import { inject } from 'vitest';
import { createTestDb } from './db';
import { ADMIN } from './owner';

export { ADMIN };

/** The owner's hash the run made once (tests/support/db-template.ts), when this runs under Vitest with it. */
function ownerHash() {
  try {
    return inject('ownerHash') ?? null;
  } catch {
    return null;
  }
}

/** The real server on a random port, over a fresh database. */
export async function startTestApp(
  options: {
    demo?: boolean;
    router?: AnyRouter;
    env?: Record<string, string>;
    logStream?: NodeJS.WritableStream;
    /** A second app server on the first one's PostgreSQL database (as behind a load balancer). */
    sameDatabaseAs?: { databaseUrl: string | undefined; engine: 'pglite' | 'postgresql' };
    /** PUBLIC_URL is the address the app listens on (links that must lead back to it, as a payment's return page). */
    ownPublicUrl?: boolean;
    /**
     * The shop's rules against hoarding as a new shop has them. Otherwise they are loosened, as the
     * form rate limits are: tests place many orders from one phone (tests/api/abuse-stock.test.ts
     * tests the rules themselves).
     */
    shopRules?: 'default';
  } = {},
) {
  const shared = options.sameDatabaseAs;
  if (shared && !shared.databaseUrl) throw new Error('sameDatabaseAs needs PostgreSQL (TEST_DATABASE_URL)');
  const {
    db,
    drop,
    engine,
    url: databaseUrl,
  } = shared
    ? { db: createDb({ databaseUrl: shared.databaseUrl! }), engine: shared.engine, url: shared.databaseUrl, drop: async () => undefined }
    : await createTestDb();
  if (!shared) {
    await seedIfEmpty(db, { demo: options.demo ?? false });
    const hash = ownerHash();
    if (hash) await db.insertInto('admins').values({ email: ADMIN.email, passwordHash: hash, role: 'owner' }).execute();
    else await upsertAdmin(db, ADMIN.email, ADMIN.password);
    if (options.shopRules !== 'default') {
      await db
        .updateTable('settings')
        .set({
          maxOpenOrdersPerPhone: 100,
          maxQuantityPerLine: 10_000,
          maxUnconfirmedTotal: 100_000_000,
          maxSeatsPerOrder: 1000,
          unpaidStockPercent: 100,
        })
        .execute();
    }
  }
  // Each app its own DATA_DIR, so its outbox holds only its own mails.
  const ownDataDir = options.env?.DATA_DIR ? null : `.tmp/test-data-${process.pid}-${randomBytes(4).toString('hex')}`;
  // Form rate limits are off unless a test turns them on: every test client is 127.0.0.1.
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
    RATE_LIMIT: 'off',
    // Test callers do not go through HTTP, whose writes wake the outbox worker: it looks often instead.
    OUTBOX_POLL_MS: '100',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  const build = async (port: number) => {
    const built = await buildApp({ db, config, logger: !!options.logStream, logStream: options.logStream, router: options.router });
    await built.listen({ port, host: '127.0.0.1' });
    return built;
  };
  let app = await build(0);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  if (options.ownPublicUrl) config.publicUrl = url;
  const caller = createCallerFactory(appRouter);
  const context = (admin: boolean): Context => ({
    db,
    config,
    ip: '127.0.0.1',
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    admin: admin ? { id: 'test', email: ADMIN.email, displayName: 'Admin', role: 'owner', sessionId: 'test' } : null,
    cookies: { get: () => undefined, set: () => undefined, clear: () => undefined },
    afterResponse: (task) => void task().catch(() => undefined),
    invalidate: (deps) => app.publicCache.invalidate(deps),
  });
  return {
    db,
    engine,
    databaseUrl,
    config,
    url,
    /** Answers the public cache holds now (0 while it cannot yet hear other servers' writes). */
    cachedEntries: () => app.publicCache.cache.size,
    /** Whether the public cache holds this key's answer now (as built, not rebuilt since). */
    cacheHolds: (key: string) => app.publicCache.cache.get(key) !== undefined,
    /** Drops the public cache's entries of these resources, as a write does. */
    invalidate: (deps: readonly string[]) => app.publicCache.invalidate(deps),
    /** Direct procedure calls, as the admin or as an anonymous visitor. */
    asAdmin: caller(context(true)),
    asVisitor: caller(context(false)),
    /** Stops this server as a deploy or a crash would, and starts another on the same database and address. */
    async restart() {
      app.server.closeAllConnections();
      await app.close();
      app = await build(port);
    },
    /** Stops the server as SIGTERM does (main.ts): requests in flight finish, nothing is cut. */
    stop: () => app.close(),
    async close() {
      // Test clients may leave response bodies unread; do not wait for their sockets.
      app.server.closeAllConnections();
      await app.close();
      if (shared) await db.destroy();
      else await drop();
      if (ownDataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** A typed tRPC client over real HTTP that keeps cookies like a browser. */
export function httpClient<R extends AnyRouter = AppRouter>(baseUrl: string) {
  const jar = new Map<string, string>();
  const fetchWithCookies: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = (pair ?? '').split('=');
      if (!name) continue;
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
  const client = createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${baseUrl}/trpc`, fetch: fetchWithCookies })],
  }) as unknown as TRPCClient<R>;
  return { client, jar };
}

/** The tRPC error a call failed with: code, HTTP status, message and per-field messages. */
export async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCClientError) {
      const data = error.data as { code: string; httpStatus: number; fieldErrors: Record<string, string> | null };
      return { code: data.code, status: data.httpStatus, message: error.message, fieldErrors: data.fieldErrors };
    }
    // A call made in the process (asAdmin, asVisitor): the field errors are on the cause (ours, or zod's issues).
    type Cause = { fieldErrors?: Record<string, string>; issues?: { path: PropertyKey[]; message: string }[] };
    const e = error as { code?: string; message: string; cause?: Cause };
    const issues = e.cause?.issues?.map((i) => [String(i.path.at(-1) ?? '_'), i.message] as const);
    const fieldErrors = e.cause?.fieldErrors ?? (issues ? Object.fromEntries(issues.reverse()) : null);
    return { code: e.code ?? 'UNKNOWN', status: 0, message: e.message, fieldErrors };
  }
  throw new Error('Expected the call to fail, but it succeeded');
}
export type Client = TRPCClient<AppRouter>;

/** The admin's session cookie (`name=value`), signed in over HTTP as a browser would. */
export async function adminCookie(url: string) {
  const login = await fetch(`${url}/trpc/auth.login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return (login.headers.getSetCookie()[0] ?? '').split(';')[0]!;
}

/**
 * A member of the team with this role, signed in over HTTP (a session made in the database, as the
 * sign-in would): a typed client that keeps its cookies, and the member's id and e-mail.
 */
export async function memberClient(app: TestApp, role: Role, name = `${role}-${randomBytes(3).toString('hex')}`) {
  const email = `${name
    .normalize('NFD')
    .replace(/[^a-z0-9-]/gi, '')
    .toLowerCase()}-${randomBytes(3).toString('hex')}@team.example`;
  const { id } = await app.db
    .insertInto('admins')
    .values({ email, passwordHash: 'x', role, displayName: name })
    .returning('id')
    .executeTakeFirstOrThrow();
  const member = httpClient(app.url);
  member.jar.set(sessionCookieName(app.config), await createSession(app.db, app.config, id));
  return { ...member, id, email };
}

/** A product of the shop in the 'accessories' category, its name made unique by a suffix. */
export const newProduct = async (app: Pick<TestApp, 'asAdmin'>, name: string, price: number, stock: number | null = 10) =>
  (await app.asAdmin.products.create({
    name: `${name} ${randomBytes(3).toString('hex')}`,
    shortDescription: 'x',
    description: '<p>x</p>',
    price,
    category: 'accessories',
    stock,
  })) as { id: string; name: string };
