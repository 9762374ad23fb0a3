import '../env-file';
import { loadConfig } from '../config';
import { createDb } from './index';
import { migrateToLatest } from './migrate';

const config = loadConfig();
const db = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Migrations appliquées : ${applied.join(', ')}` : 'Base de données à jour.');
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
} finally {
  await db.destroy();
}
