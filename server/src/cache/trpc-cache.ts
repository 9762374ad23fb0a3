import type { AnyRouter } from '@trpc/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { LRUCache } from 'lru-cache';
import { routedPath } from '../platform/paths';
import { sessionCookieName } from '../auth/sessions';
import type { Context, ProcedureMeta } from '../trpc';
import { CACHE_CONTROL, etagOf, type PublicCache, type Snapshot, sendCached } from './public-cache';

interface Miss {
  key: string;
  deps: readonly string[];
  snapshot: Snapshot;
}

/** JSON with sorted keys: `{"a":1,"b":2}` and `{"b":2,"a":1}` ask the same thing. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Public tRPC reads served from the cache. A GET whose every procedure declares `cache` and that
 * carries no session cookie is looked up before tRPC runs; on a miss tRPC answers as usual and
 * `responseMeta` keeps the body and sets the HTTP validators. Anything else (admins, mutations,
 * a batch mixing in a private procedure, errors) goes through untouched.
 */
export function trpcCache(app: FastifyInstance, cache: PublicCache, router: AnyRouter, config: Config) {
  const procedures = router._def.procedures as Record<string, { _def: { meta?: ProcedureMeta; type: string } } | undefined>;
  const session = new RegExp(`(?:^|;\\s*)${sessionCookieName(config)}=`);
  const misses = new WeakMap<object, Miss>();
  const pending = new WeakMap<FastifyRequest['raw'], Miss>();

  /** What an address asks for: its cache key and tags, or null when it is not a cacheable read. */
  const asked = (req: FastifyRequest): { key: string; deps: string[] } | null => {
    const path = routedPath(req.url);
    if (!path?.startsWith('/trpc/')) return null;
    const deps = new Set<string>();
    for (const name of path.slice('/trpc/'.length).split(',')) {
      const meta = procedures[name]?._def.meta;
      if (procedures[name]?._def.type !== 'query' || !meta?.cache) return null;
      for (const dep of meta.cache) deps.add(dep);
    }
    const query = req.query as Record<string, string | undefined>;
    try {
      const input = query.input === undefined ? '' : canonical(JSON.parse(query.input));
      return { key: `${path}?batch=${query.batch ?? ''}&input=${input}`, deps: [...deps] };
    } catch {
      return null;
    }
  };
  // Worked out once per address: shoppers ask for the same few again and again.
  const addresses = new LRUCache<string, { key: string; deps: string[] } | false, FastifyRequest>({
    max: 5_000,
    memoMethod: (_url, _stale, { context }) => asked(context) ?? false,
  });

  /**
   * A dropped answer served from its last good body while the database is busy: this asks tRPC for
   * the new one behind the shopper's back (once per key), as a request from this server itself.
   */
  const REBUILD = 'x-cache-rebuild';
  const rebuild = (key: string, url: string) =>
    void cache
      .once(key, () => app.inject({ method: 'GET', url, headers: { [REBUILD]: cache.id } }))
      .catch((err: unknown) => app.log.warn({ err, url }, 'cache: background rebuild failed'));

  // Callback style, and synchronous on a hit: a cached answer leaves in the same turn as its request.
  app.addHook('onRequest', (req, reply, done) => {
    if (req.method !== 'GET' || session.test(req.headers.cookie ?? '')) return done();
    const target = addresses.memo(req.url, { context: req });
    if (!target) return done();
    const { key, deps } = target;
    const miss = () => {
      const stale = req.headers[REBUILD] === cache.id ? undefined : cache.staleWhileBusy(key);
      if (stale) {
        rebuild(key, req.url);
        sendCached(cache, req, reply, stale);
        return done();
      }
      pending.set(req.raw, { key, deps, snapshot: cache.snapshot(deps) });
      done();
    };
    const hit = cache.lookup(key);
    if (!(hit instanceof Promise)) return hit ? (sendCached(cache, req, reply, hit), done()) : miss();
    hit.then((body) => (body ? (sendCached(cache, req, reply, body), done()) : miss()), done);
  });

  return {
    /** Ties a context to its request's cache miss (createContext calls this). */
    track(ctx: Context, raw: FastifyRequest['raw']) {
      const miss = pending.get(raw);
      if (miss) misses.set(ctx, miss);
    },
    responseMeta({ ctx, info, data, errors, type }: Parameters<NonNullable<ResponseMetaOf>>[0]) {
      const miss = ctx ? misses.get(ctx) : undefined;
      if (!miss || !ctx || ctx.admin || type !== 'query' || errors.length > 0 || !info) return {};
      // The same bytes tRPC sends (no transformer): the envelope, or the array of envelopes for a batch.
      const body = JSON.stringify(info.isBatchCall ? data : data[0]);
      void cache
        .set(miss.key, miss.deps, miss.snapshot, 'application/json', body)
        .catch((err: unknown) => app.log.warn({ err }, 'cache: store failed'));
      return { headers: { etag: etagOf(Buffer.from(body)), 'cache-control': CACHE_CONTROL } };
    },
  };
}

type ResponseMetaOf = import('@trpc/server/adapters/fastify').FastifyTRPCPluginOptions<AnyRouter>['trpcOptions']['responseMeta'];
