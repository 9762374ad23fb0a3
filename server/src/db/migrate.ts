import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';

// Compiled (server/dist/bin/main.js), the migrations sit beside it as JavaScript.
const compiled = import.meta.url.endsWith('.js');
export const migrationFolder = fileURLToPath(new URL(compiled ? '../migrations' : '../../../migrations', import.meta.url));

/** Reads migrations/*.ts; imported from here so that tsx and Vitest both load TypeScript. */
const folderProvider: MigrationProvider = {
  async getMigrations() {
    const files = (await fs.readdir(migrationFolder)).filter((f) => /^\d{12}_[\w-]+\.(ts|js)$/.test(f)).sort();
    const entries = await Promise.all(
      files.map(
        async (file) =>
          [file.replace(/\.(ts|js)$/, ''), (await import(pathToFileURL(path.join(migrationFolder, file)).href)) as Migration] as const,
      ),
    );
    return Object.fromEntries(entries);
  },
};

/** Applies every pending migration; throws with the failing migration's name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> by design
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const { error, results } = await new Migrator({ db, provider: folderProvider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The migrations not yet applied to this database, by name, and how many there are in all. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function pendingMigrations(db: Kysely<any>): Promise<{ pending: string[]; total: number }> {
  const all = await new Migrator({ db, provider: folderProvider }).getMigrations();
  return { pending: all.filter((m) => !m.executedAt).map((m) => m.name), total: all.length };
}
