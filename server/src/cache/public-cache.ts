import { createHash, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** One public answer, serialized once and compressed once, ready for any client. */
export interface CachedBody {
  etag: string;
  /** 200, or 404 for a page that says "introuvable". */
  status: number;
  contentType: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

type Entry = CachedBody & { deps: readonly string[]; hits: number };
const UPGRADE_AFTER_HITS = 3;
/** How long a dropped answer may still be served while the database is busy (`staleWhileBusy`). */
export const STALE_MS = 5_000;
/** A page or read made from a shopper's free text: `?q=` on a page, `"search"` in a tRPC input. */
const SEARCH = /[?&]q=|"search":/;

/** What a reader saw when it started: a write since then makes its result unfit to keep. */
export type Snapshot = ReadonlyMap<string, number>;

export const CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** A strong validator: the same bytes, the same tag, on every server. */
export const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/**
 * Public reads kept in memory as compressed bodies, keyed by what was asked (procedure and
 * normalized input, or a page's path) and tagged with the resources they were built from.
 * A write drops every entry tagged with the written resource, at once; nothing expires by
 * time. While the server cannot hear other servers' writes (`enabled` false), it neither
 * serves nor keeps anything.
 */
export class PublicCache {
  /**
   * Two segments. Answers that a stranger can make up by the thousand (not-found pages, searches)
   * go to a small one until asked for again, so a flood of unique addresses never evicts the
   * pages shoppers actually read.
   */
  private readonly hot: LRUCache<string, Entry>;
  private readonly cold: LRUCache<string, Entry>;
  private readonly keysByDep = new Map<string, Set<string>>();
  private readonly versions = new Map<string, number>();
  private generation = 0;
  enabled = true;
  /** This server's name in its write announcements (invalidation.ts): its own come back to it. */
  readonly id = randomUUID();
  /** Answers from the cache are written straight to the socket (sendCached) unless this is off. */
  direct = true;
  /**
   * Whether the database is too busy to rebuild an answer at once (queries queue for a connection):
   * a dropped answer is then served for a few seconds more while its new one is built.
   */
  busy: () => boolean = () => false;
  /** Answers a write dropped, kept for STALE_MS as the last good body of their key. */
  private readonly stale = new LRUCache<string, Entry>({ max: 2_000, ttl: STALE_MS });
  /** Rebuilds under way in this process, by key: one at a time, whoever waits for it. */
  private readonly rebuilding = new Map<string, Promise<unknown>>();

  /** `headers`: what every answer of this server carries (security headers), sent with each cached one. */
  constructor(
    maxBytes = 64 * 1024 * 1024,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    // lru-cache calls dispose while the key is still in its own segment: only the other one tells
    // whether the key lives on (an entry promoted from the small segment to the large one).
    const segment = (maxSize: number, other: () => LRUCache<string, Entry>) =>
      new LRUCache<string, Entry>({
        maxSize,
        sizeCalculation: (e) => e.identity.length + e.gzip.length + e.br.length + 200,
        dispose: (entry, key) => {
          if (other().has(key)) return;
          for (const dep of entry.deps) this.keysByDep.get(dep)?.delete(key);
        },
      });
    this.hot = segment(Math.ceil((maxBytes * 7) / 8), () => this.cold);
    this.cold = segment(Math.ceil(maxBytes / 8), () => this.hot);
  }

  private readonly compressing = new Map<string, Promise<unknown>>();

  /** Told of each lookup, found or not (the operator's metrics: ops/metrics.ts). */
  onLookup: (hit: boolean) => void = () => undefined;

  get(key: string): CachedBody | undefined {
    if (!this.enabled) return undefined;
    let entry = this.hot.get(key);
    if (!entry) {
      entry = this.cold.get(key);
      this.onLookup(!!entry);
      if (!entry) return undefined;
      // Asked for twice: a search or page people share, worth a place among the others.
      this.hot.set(key, entry);
      this.cold.delete(key);
    } else this.onLookup(true);
    if (++entry.hits === UPGRADE_AFTER_HITS) this.upgrade(key, entry);
    return entry;
  }

  /**
   * A miss is compressed cheaply (a stranger's unique address must cost little); an answer read
   * again and again is recompressed once at brotli's best, off the event loop, for the slow phones.
   */
  private upgrade(key: string, entry: Entry) {
    brotli(entry.identity, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.identity.length },
    })
      .then((best) => {
        if (this.hot.get(key) === entry && best.length < entry.br.length) entry.br = best;
      })
      .catch(() => undefined);
  }

  /** The entry, or a promise of it while its body is being compressed right now. */
  lookup(key: string): CachedBody | undefined | Promise<CachedBody | undefined> {
    const pending = this.compressing.get(key);
    if (!pending) return this.get(key);
    return pending.then(
      () => this.get(key),
      () => this.get(key),
    );
  }

  /** Taken before reading the database; `set` refuses a result older than a write to its tags. */
  snapshot(deps: readonly string[]): Snapshot {
    return new Map([['*', this.generation], ...deps.map((d) => [d, this.versions.get(d) ?? 0] as const)]);
  }

  private fresh(snapshot: Snapshot) {
    for (const [dep, version] of snapshot) {
      if ((dep === '*' ? this.generation : (this.versions.get(dep) ?? 0)) !== version) return false;
    }
    return true;
  }

  async set(
    key: string,
    deps: readonly string[],
    snapshot: Snapshot,
    contentType: string,
    body: string | Buffer,
    status = 200,
  ): Promise<CachedBody> {
    const identity = Buffer.isBuffer(body) ? body : Buffer.from(body);
    const compressed = Promise.all([
      brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      gzip(identity, { level: 6 }),
    ]);
    this.compressing.set(key, compressed);
    let br: Buffer, gz: Buffer;
    try {
      [br, gz] = await compressed;
    } finally {
      if (this.compressing.get(key) === compressed) this.compressing.delete(key);
    }
    const entry: Entry = { etag: etagOf(identity), status, contentType, identity, gzip: gz, br, deps, hits: 0 };
    // Checked after compressing: a write during the await makes this body stale.
    if (this.enabled && this.fresh(snapshot)) {
      (status === 200 && !SEARCH.test(key) ? this.hot : this.cold).set(key, entry);
      this.stale.delete(key);
      for (const dep of deps) {
        let keys = this.keysByDep.get(dep);
        if (!keys) this.keysByDep.set(dep, (keys = new Set()));
        keys.add(key);
      }
    } else if (this.enabled && status === 200 && this.stale.has(key)) {
      // Already out of date (writes keep coming), but newer than the body kept: the next one to serve.
      this.stale.set(key, entry);
    }
    return entry;
  }

  /**
   * The last good body of a dropped answer, while the database is busy and for STALE_MS after the
   * write: shoppers get it at once instead of queueing behind the burst that made the database
   * busy. Otherwise (the usual case) undefined: the answer is rebuilt and the reader waits for it.
   */
  staleWhileBusy(key: string): CachedBody | undefined {
    if (!this.enabled || !this.stale.has(key) || !this.busy()) return undefined;
    return this.stale.get(key);
  }

  /** `build` for this key, or the one already under way in this process. */
  once<T>(key: string, build: () => Promise<T>): Promise<T> {
    let pending = this.rebuilding.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = build().finally(() => this.rebuilding.delete(key));
      this.rebuilding.set(key, pending);
    }
    return pending;
  }

  /** Drops everything built from these resources ('*': everything). */
  invalidate(deps: readonly string[]) {
    if (deps.includes('*')) return this.clear();
    for (const dep of deps) {
      this.versions.set(dep, (this.versions.get(dep) ?? 0) + 1);
      for (const key of [...(this.keysByDep.get(dep) ?? [])]) {
        const entry = this.hot.peek(key) ?? this.cold.peek(key);
        if (entry?.status === 200) this.stale.set(key, entry);
        this.hot.delete(key);
        this.cold.delete(key);
      }
    }
  }

  clear() {
    this.generation++;
    this.hot.clear();
    this.cold.clear();
    this.stale.clear();
    this.keysByDep.clear();
  }

  get size() {
    return this.hot.size + this.cold.size;
  }
}

// Browsers send one of a handful of Accept-Encoding values: each is read once.
const encodingsOf = new LRUCache<string, ReadonlySet<'br' | 'gzip'>>({ max: 200, memoMethod: (header) => parseEncodings(header) });

/** The encodings a client takes (RFC 9110 weights: `br;q=0` refuses brotli, `*` stands for the others). */
export const acceptedEncodings = (header: string | string[] | undefined) => encodingsOf.memo(String(header ?? ''));

function parseEncodings(header: string): ReadonlySet<'br' | 'gzip'> {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q) || 0);
  }
  const star = weights.get('*') ?? 0;
  return new Set((['br', 'gzip'] as const).filter((name) => (weights.get(name) ?? star) > 0));
}

/**
 * Sends a cached body in the best encoding the client takes, or 304 when it already has it.
 * Written straight to the socket (reply.hijack): a cached answer is complete, headers included,
 * so the request skips the rest of Fastify's reply pipeline (the security headers, added by an
 * onSend hook for other answers, are the cache's `headers`). While the server stops, it goes
 * through Fastify as usual (that pipeline then closes the connection).
 */
export function sendCached(cache: PublicCache, req: FastifyRequest, reply: FastifyReply, body: CachedBody) {
  const known = req.headers['if-none-match'];
  const notModified = body.status === 200 && !!known && known.split(',').some((tag) => tag.trim().replace(/^W\//, '') === body.etag);
  const accepted = acceptedEncodings(req.headers['accept-encoding']);
  const [encoding, bytes] = accepted.has('br') ? ['br', body.br] : accepted.has('gzip') ? ['gzip', body.gzip] : [null, body.identity];
  const status = notModified ? 304 : body.status;
  const payload = notModified ? undefined : bytes;
  const headers: Record<string, string | number> = { etag: body.etag, 'cache-control': CACHE_CONTROL, vary: 'Accept-Encoding' };
  if (payload) {
    headers['content-type'] = body.contentType;
    if (encoding) headers['content-encoding'] = encoding;
  }
  if (!cache.direct) return reply.code(status).headers(headers).send(payload);
  reply.hijack();
  headers['content-length'] = payload?.length ?? 0;
  reply.raw.writeHead(status, { ...cache.headers, ...headers });
  reply.raw.end(payload);
  return reply;
}

/**
 * A public page or file built by `build` (the sitemap, a page's HTML) served from the cache.
 * `build` returns null when there is nothing to cache (the caller then answers itself).
 */
export async function serveCached(
  cache: PublicCache,
  req: FastifyRequest,
  reply: FastifyReply,
  options: { key: string; deps: readonly string[]; contentType: string; build: () => Promise<string | null> },
) {
  const hit = await cache.lookup(options.key);
  if (hit) return sendCached(cache, req, reply, hit);
  const fresh = cache.once(options.key, async () => {
    const snapshot = cache.snapshot(options.deps);
    const text = await options.build();
    return text === null ? null : cache.set(options.key, options.deps, snapshot, options.contentType, text);
  });
  const stale = cache.staleWhileBusy(options.key);
  if (stale) {
    void fresh.catch(() => undefined);
    return sendCached(cache, req, reply, stale);
  }
  const body = await fresh;
  return body ? sendCached(cache, req, reply, body) : null;
}
