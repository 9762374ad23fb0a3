import fs from 'node:fs';
import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { pglitePool } from './pglite-pool';

// Same value shapes from both engines: money as a number, dates as yyyy-mm-dd, timestamps as ISO strings.
const NUMERIC = 1700;
const DATE = 1082;
const TIMESTAMPTZ = 1184;
const parsers: Record<number, (value: string) => unknown> = {
  [NUMERIC]: (v) => Number(v),
  [DATE]: (v) => v,
  [TIMESTAMPTZ]: (v) => new Date(v).toISOString(),
};

export interface DbOptions {
  databaseUrl?: string;
  /** PGlite data directory, or 'memory://' */
  dataDir?: string;
  /** A PGlite instance the caller opened with `openPGlite` (and may dump, as the tests' template). */
  pglite?: PGlite;
}

/**
 * How long, in ms, the query that has waited longest for a connection has waited so far (0: none
 * waits). A time, not a count: each write wakes the outbox's lanes, whose few quick claims queue
 * together on PGlite's one connection for a few milliseconds; that is not a database too busy to
 * answer (a count of 5 made it one, and the next reader after each write got the page before it).
 */
const waitOf = new WeakMap<Kysely<Database>, () => number>();
export const longestWait = (db: Kysely<Database>) => waitOf.get(db)?.() ?? 0;

/** Connections of this server's pool handed out and not yet given back, and asks waiting for one. */
const useOf = new WeakMap<Kysely<Database>, () => { inUse: number; waiting: number }>();
export const connectionsOf = (db: Kysely<Database>) => useOf.get(db)?.() ?? { inUse: 0, waiting: 0 };

export function createDb(options: DbOptions): Kysely<Database> {
  const pool = createPool(options);
  // Each connection asked for, from the ask until it is handed out; a Map keeps the order of
  // asking, so its first entry is the one waiting longest.
  const asked = new Map<object, number>();
  let inUse = 0;
  const connect = pool.connect.bind(pool);
  pool.connect = () => {
    const ask = {};
    asked.set(ask, performance.now());
    return connect()
      .then((client) => {
        // Counted until given back (the pool gives each checkout its own release).
        inUse++;
        const release = client.release.bind(client);
        let released = false;
        client.release = () => {
          if (!released) inUse--;
          released = true;
          release();
        };
        return client;
      })
      .finally(() => asked.delete(ask));
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
  waitOf.set(db, () => {
    for (const at of asked.values()) return performance.now() - at;
    return 0;
  });
  useOf.set(db, () => ({ inUse, waiting: asked.size }));
  return db;
}

/** Connections each server opens to PostgreSQL at most (PGlite has one). */
export const POOL_SIZE = 10;

function createPool({ databaseUrl, dataDir, pglite }: DbOptions) {
  if (databaseUrl) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: POOL_SIZE,
      // A request waits at most this long for a connection when PostgreSQL is away, then fails alone.
      connectionTimeoutMillis: 5_000,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          parsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // A connection dropped by the server (restart, failover, pg_terminate_backend) emits 'error' on its
    // client, idle or busy; without a listener that event kills the process. The query in flight fails
    // for its own request only, and the pool discards the broken client and opens a new one.
    pool.on('error', (err) => console.error(`PostgreSQL : connexion inactive perdue (${err.message})`));
    pool.on('connect', (client) => {
      client.on('error', (err) => console.error(`PostgreSQL : connexion perdue pendant une requête (${err.message})`));
    });
    return pool;
  }
  return pglitePool(pglite ?? openPGlite(dataDir));
}

/** The embedded engine with the extensions and value parsers the app needs; `loadDataDir` starts from a dump. */
export function openPGlite(dataDir = './data', loadDataDir?: Blob) {
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
  return new PGlite(dataDir.startsWith('memory://') ? dataDir : path.join(dataDir, 'pglite'), {
    extensions: { pg_trgm, unaccent },
    loadDataDir,
    parsers: {
      [pgliteTypes.NUMERIC]: parsers[NUMERIC]!,
      [pgliteTypes.DATE]: parsers[DATE]!,
      [pgliteTypes.TIMESTAMPTZ]: parsers[TIMESTAMPTZ]!,
    },
  });
}
