import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, openPGlite } from '../../server/src/db/index';
import { migrateToLatest } from '../../server/src/db/migrate';

/** The run's migrated template (tests/support/db-template.ts), if this process runs under Vitest with it. */
function template() {
  try {
    return inject('dbTemplate') ?? null;
  } catch {
    return null;
  }
}

/**
 * A PGlite shop in a folder (a DATA_DIR) for the tests that need one on disk: a copy of the run's
 * template when there is one (about a second), else created empty. Migrate it as usual (a no-op
 * on the template's copy, instead of 3 s of migrations).
 */
export const pgliteIn = (dataDir: string) => createDb({ pglite: openPGlite(dataDir, pgliteTemplate()) });

/** The run's template as a PGlite dump, when the run makes one. */
function pgliteTemplate() {
  const from = template();
  return from?.engine === 'pglite' && fs.existsSync(from.file) ? new Blob([fs.readFileSync(from.file)]) : undefined;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default,
 * or a new database on the PostgreSQL server of TEST_DATABASE_URL. Both are copies of the run's
 * template when there is one; migrating afterwards is then a no-op, unless a migration was added
 * since the template was made (watch mode).
 */
export async function createTestDb() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const from = template();
  if (!serverUrl) {
    const db = createDb({ pglite: openPGlite('memory://', pgliteTemplate()) });
    await migrateToLatest(db);
    return { db, engine: 'pglite' as const, url: undefined, drop: () => db.destroy() };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(from?.engine === 'postgresql' ? `CREATE DATABASE ${name} TEMPLATE ${from.name}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = createDb({ databaseUrl: url.toString() });
  await migrateToLatest(db);
  return {
    db,
    engine: 'postgresql' as const,
    url: url.toString(),
    async drop() {
      await db.destroy();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
