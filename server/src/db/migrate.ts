import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import { applyDatabaseRules, applyEnumChecks } from './rules';

// Compiled (server/dist/bin/main.js), the migrations sit beside it as JavaScript.
const compiled = import.meta.url.endsWith('.js');
export const migrationFolder = fileURLToPath(new URL(compiled ? '../migrations' : '../../../migrations', import.meta.url));

/** File names the migrator takes: yyyymmddhhmm_what.ts (or .js once compiled). */
export const migrationFile = /^(\d{12})_[\w-]+\.(ts|js)$/;

/** Reads a folder of migrations; imported from here so that tsx and Vitest both load TypeScript. */
const folderProvider = (folder: string): MigrationProvider => ({
  async getMigrations() {
    const files = (await fs.readdir(folder)).filter((f) => migrationFile.test(f)).sort();
    const entries = await Promise.all(
      files.map(
        async (file) => [file.replace(/\.(ts|js)$/, ''), (await import(pathToFileURL(path.join(folder, file)).href)) as Migration] as const,
      ),
    );
    return Object.fromEntries(entries);
  },
});

// A shop already migrated takes a new migration even when its name sorts before one it has applied
// (written on a branch, or stamped by a clock behind the last landed file): it then runs after the
// others there, in name order from empty. The scaffold names new files after the newest one
// (migration-new-cli.ts), so both orders agree for the files it writes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> by design
const migrator = (db: Kysely<any>, folder: string) =>
  new Migrator({ db, provider: folderProvider(folder), allowUnorderedMigrations: true });

/** What went wrong, in French, with what the operator can do. */
function explain(error: unknown, failed: string | undefined): string {
  const message = error instanceof Error ? error.message : String(error);
  const missing = /previously executed migration (\S+) is missing/.exec(message);
  if (missing) {
    return (
      `La base de données a reçu la migration ${missing[1]}, que cette version de la boutique ne connaît pas : ` +
      `elle a été mise à jour par une version plus récente. Redéployez cette version plus récente, ou restaurez ` +
      `la sauvegarde faite avant la mise à jour (npm run restore).`
    );
  }
  const name = failed ? `La migration ${failed} a échoué` : 'Les migrations ont échoué';
  return (
    `${name} : ${message}\n` +
    `Elle est annulée en entier (la base reste telle qu'avant elle) et la boutique ne démarre pas. ` +
    `Corrigez la cause ci-dessus (npm run doctor vérifie la configuration), puis redémarrez ; ` +
    `si la migration elle-même est en cause, revenez à la version précédente de la boutique.`
  );
}

/** Applies every pending migration; throws a French message naming the failing migration. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function migrateToLatest(db: Kysely<any>, options: { folder?: string } = {}): Promise<string[]> {
  const { error, results } = await migrator(db, options.folder ?? migrationFolder).migrateToLatest();
  if (error) throw new Error(explain(error, results?.find((r) => r.status === 'Error')?.migrationName), { cause: error });
  // The shop's rules in the database, as server/src/db/rules.ts writes them, and its enum CHECKs as
  // the declarations list them (not on a test's own folder).
  if (!options.folder) {
    await applyDatabaseRules(db);
    await applyEnumChecks(db);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The migrations not yet applied to this database, by name, and how many there are in all. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function pendingMigrations(db: Kysely<any>): Promise<{ pending: string[]; total: number }> {
  const all = await migrator(db, migrationFolder).getMigrations();
  return { pending: all.filter((m) => !m.executedAt).map((m) => m.name), total: all.length };
}
