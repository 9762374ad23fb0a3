import { loadConfig } from '../config';
import { createDb } from './index';
import { migrateToLatest } from './migrate';

const config = loadConfig();
const db = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Migrations appliquées : ${applied.join(', ')}` : 'Base de données à jour.');
} finally {
  await db.destroy();
}
