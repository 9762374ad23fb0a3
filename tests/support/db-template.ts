import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb, openPGlite } from '../../server/src/db/index';
import { migrateToLatest } from '../../server/src/db/migrate';
import { hashPassword } from '../../server/src/auth/password';
import { ADMIN } from './owner';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated database each test file copies instead of migrating its own (tests/support/db.ts). */
    dbTemplate: { engine: 'pglite'; file: string } | { engine: 'postgresql'; name: string } | null;
    /** The test owner's password hash (tests/support/app.ts), made once per run rather than per app. */
    ownerHash: string;
  }
}

/**
 * Vitest global setup: migrate one database per run, which every test file then clones (a PGlite
 * dump loaded in memory, or PostgreSQL's CREATE DATABASE … TEMPLATE). Opening an empty PGlite
 * cluster and migrating it took about 4 s per file; loading the dump takes under 1 s.
 */
export default async function setup(project: TestProject) {
  // bcrypt at the shop's cost takes a quarter of a second: once here, instead of in each of the
  // run's hundred-odd apps.
  project.provide('ownerHash', await hashPassword(ADMIN.password));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const pglite = openPGlite('memory://');
    const db = createDb({ pglite });
    await migrateToLatest(db);
    const dump = await pglite.dumpDataDir('none');
    const file = path.resolve(`.tmp/db-template-${process.pid}.tar`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await db.destroy();
    project.provide('dbTemplate', { engine: 'pglite', file });
    return () => fs.rmSync(file, { force: true });
  }
  const name = `test_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = createDb({ databaseUrl: url.toString() });
  await migrateToLatest(db);
  await db.destroy();
  project.provide('dbTemplate', { engine: 'postgresql', name });
  return async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
}
