// npm run migration:new <resource> [field...]: writes the migration of a resource declared in
// shared/src/resources, for review before it lands: its table (checks, keys and search indexes,
// from server/src/db/columns.ts), or, with field names, the columns those fields add to its table.
import fs from 'node:fs';
import path from 'node:path';
import { resources } from '@app/shared';
import { addColumnsSql, createTableSql, snakeCase, tableName } from './columns';
import { migrationFile, migrationFolder } from './migrate';

export function migrationSource(sqlText: string, down: string, command: string): string {
  const quoted = sqlText.replaceAll('\\', '\\\\').replaceAll('`', '\\`').replaceAll('${', '\\${');
  return `import { type Kysely, sql } from 'kysely';

// Written by \`${command}\` from the resource's declaration. Review it; once landed it is frozen:
// change the schema in a new file.

const statements = \`
${quoted}\`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('${down}').execute(db);
}
`;
}

const stamp = (at: Date) => at.toISOString().replace(/\D/g, '').slice(0, 12);

/**
 * yyyymmddhhmm, UTC: the order the migrator applies files in. Never before the newest file of the
 * folder (a minute after it), whatever the clock says: from empty, a shop applies files in name
 * order, and an existing one applies a new file after all it has, so both see it last.
 */
export function migrationStamp(now = new Date(), existing: string[] = fs.readdirSync(migrationFolder)): string {
  const newest = existing
    .map((file) => migrationFile.exec(file)?.[1])
    .filter((s): s is string => !!s)
    .sort()
    .at(-1);
  if (!newest) return stamp(now);
  const part = (from: number, to: number) => Number(newest.slice(from, to));
  const after = new Date(Date.UTC(part(0, 4), part(4, 6) - 1, part(6, 8), part(8, 10), part(10, 12) + 1));
  return stamp(after > now ? after : now);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [name, ...fields] = process.argv.slice(2);
  const resource = resources.find((r) => r.name === name);
  if (!resource) {
    console.error(`Ressource inconnue : ${name ?? '(aucune)'}. Ressources déclarées : ${resources.map((r) => r.name).join(', ')}`);
    process.exit(1);
  }
  const table = tableName(resource);
  const command = `npm run migration:new ${[name, ...fields].join(' ')}`;
  let file: string;
  try {
    const { up, down } = fields.length
      ? addColumnsSql(resource, fields)
      : { up: createTableSql(resource), down: `DROP TABLE IF EXISTS ${table}` };
    file = path.join(migrationFolder, `${migrationStamp()}_${[table, ...fields.map(snakeCase)].join('_')}.ts`);
    fs.writeFileSync(file, migrationSource(up, down, command));
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
  console.log(`Migration écrite : ${path.relative(process.cwd(), file)}`);
}
