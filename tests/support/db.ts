import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb } from '../../server/src/db/index';
import { migrateToLatest } from '../../server/src/db/migrate';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default,
 * or a new database on the PostgreSQL server of TEST_DATABASE_URL.
 */
export async function createTestDb() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const db = createDb({ dataDir: 'memory://' });
    await migrateToLatest(db);
    return { db, engine: 'pglite' as const, url: undefined, drop: () => db.destroy() };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
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
