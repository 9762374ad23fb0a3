import type { AnyResource } from '@app/shared';
import { type Kysely, sql } from 'kysely';
import { COLUMN_TYPES, columnNullable, snakeCase, SYSTEM_TABLE_COLUMNS, tableName } from '../../server/src/db/columns';
import type { Database } from '../../server/src/db/schema';

/**
 * Where the tables the migrations built differ from the resource declarations: a column missing
 * on either side, another type, or NULL allowed where the field is required (or the reverse).
 * A slug may be left empty in a form but is always stored (derived), so it is NOT NULL.
 */
export async function schemaDrift(db: Kysely<Database>, registry: readonly AnyResource[]): Promise<string[]> {
  const { rows } = await sql<{ table: string; column: string; type: string; nullable: 'YES' | 'NO' }>`
    SELECT table_name AS "table", column_name AS "column", data_type AS "type", is_nullable AS "nullable"
    FROM information_schema.columns WHERE table_schema = 'public'`.execute(db);
  const problems: string[] = [];
  for (const resource of registry) {
    const table = tableName(resource);
    const actual = new Map(rows.filter((r) => r.table === table).map((r) => [r.column, { type: r.type, nullable: r.nullable === 'YES' }]));
    if (actual.size === 0) {
      problems.push(`${table}: no such table`);
      continue;
    }
    const declared = new Map<string, { type: string; nullable: boolean }>(
      Object.entries(SYSTEM_TABLE_COLUMNS).map(([column, c]) => [column, { type: c.reported, nullable: c.nullable }]),
    );
    // A single-row table keeps its one row with a unique, always-true column.
    if (resource.singleton) declared.set('singleton', { type: 'boolean', nullable: false });
    for (const [key, field] of Object.entries(resource.fields)) {
      declared.set(snakeCase(key), { type: COLUMN_TYPES[field.kind].reported, nullable: columnNullable(field) });
    }
    for (const [column, want] of declared) {
      const got = actual.get(column);
      if (!got) problems.push(`${table}.${column}: declared, not in the database`);
      else {
        if (got.type !== want.type) problems.push(`${table}.${column}: ${got.type} in the database, ${want.type} declared`);
        if (got.nullable !== want.nullable)
          problems.push(
            `${table}.${column}: ${got.nullable ? 'NULL allowed' : 'NOT NULL'} in the database, ${want.nullable ? 'optional' : 'required'} declared`,
          );
      }
    }
    for (const column of actual.keys()) if (!declared.has(column)) problems.push(`${table}.${column}: in the database, not declared`);
  }
  return problems;
}
