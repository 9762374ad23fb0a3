import fs from 'node:fs';
import { ensureFirstAdmin } from './auth/admins';
import { pidFile } from './db/backup';
import { loadConfig } from './config';
import { createDb } from './db/index';
import { migrateToLatest } from './db/migrate';
import { buildApp } from './http/app';
import { seedIfEmpty } from './seed/seed';

const config = loadConfig();
const db = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });

await migrateToLatest(db);
await seedIfEmpty(db, { demo: config.seedDemo });
await ensureFirstAdmin(db, config);

const app = await buildApp({ db, config });
// PGlite is one process's: the pid tells `npm run backup` that the directory is in use.
if (!config.databaseUrl) {
  fs.writeFileSync(pidFile(config.dataDir), String(process.pid));
  process.on('exit', () => fs.rmSync(pidFile(config.dataDir), { force: true }));
}
await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Boutique : ${config.publicUrl}/ · Administration : ${config.publicUrl}/admin · Base : ${config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.dataDir})`}`,
);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} reçu : arrêt en cours`);
    // Requests in flight get 10 s to finish; a stuck client does not keep the process alive.
    setTimeout(() => process.exit(1), 10_000).unref();
    // Stop accepting requests, let the ones in flight finish, then close the database.
    await app.close();
    await db.destroy();
    process.exit(0);
  });
}
