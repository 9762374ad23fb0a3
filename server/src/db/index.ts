import fs from 'node:fs';
import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
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
}

export function createDb(options: DbOptions): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: createPool(options) }), plugins: [new CamelCasePlugin()] });
}

function createPool({ databaseUrl, dataDir }: DbOptions) {
  if (databaseUrl) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          parsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle connection dropped by the server (restart, failover) must not crash the process:
    // the pool replaces it, and the next query that fails answers its caller.
    pool.on('error', (err) => console.error(`PostgreSQL : connexion inactive perdue (${err.message})`));
    return pool;
  }
  const dir = dataDir ?? './data';
  if (!dir.startsWith('memory://')) fs.mkdirSync(path.join(dir, 'pglite'), { recursive: true });
  const pglite = new PGlite(dir.startsWith('memory://') ? dir : path.join(dir, 'pglite'), {
    extensions: { pg_trgm },
    parsers: {
      [pgliteTypes.NUMERIC]: parsers[NUMERIC]!,
      [pgliteTypes.DATE]: parsers[DATE]!,
      [pgliteTypes.TIMESTAMPTZ]: parsers[TIMESTAMPTZ]!,
    },
  });
  return pglitePool(pglite);
}
