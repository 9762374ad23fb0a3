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
  return [...problems, ...(await constraintDrift(db, registry))];
}

/**
 * The keys, checks and indexes the declarations imply, against the database's: a foreign key per
 * reference (and none undeclared), an enum's CHECK listing exactly its values, a text's length
 * bound, a unique slug, an index per reference and an accent-insensitive one per searched field.
 */
async function constraintDrift(db: Kysely<Database>, registry: readonly AnyResource[]): Promise<string[]> {
  const { rows: constraints } = await sql<{ table: string; type: string; def: string; columns: string[]; target: string | null }>`
    SELECT c.conrelid::regclass::text AS "table", c.contype AS "type", pg_get_constraintdef(c.oid) AS "def",
           ARRAY(SELECT a.attname::text FROM pg_attribute a WHERE a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)) AS "columns",
           CASE WHEN c.contype = 'f' THEN c.confrelid::regclass::text END AS "target"
    FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = 'public'`.execute(db);
  const { rows: indexes } = await sql<{ table: string; def: string }>`
    SELECT tablename AS "table", indexdef AS "def" FROM pg_indexes WHERE schemaname = 'public'`.execute(db);
  const problems: string[] = [];
  for (const resource of registry) {
    const table = tableName(resource);
    const on = (column: string, type: string) =>
      constraints.filter((c) => c.table === table && c.type === type && c.columns.includes(column));
    const indexed = (pattern: RegExp) => indexes.some((i) => i.table === table && pattern.test(i.def));
    for (const [key, field] of Object.entries(resource.fields)) {
      const column = snakeCase(key);
      const keys = on(column, 'f');
      if (field.references) {
        const target = snakeCase(field.references);
        if (!keys.some((k) => k.target === target)) problems.push(`${table}.${column}: no foreign key to ${target}`);
        if (!indexed(new RegExp(`\\(${column}[,)]`))) problems.push(`${table}.${column}: no index for its foreign key`);
      } else for (const k of keys) problems.push(`${table}.${column}: foreign key to ${k.target}, not a declared reference`);
      const checks = on(column, 'c').map((c) => c.def);
      if (field.kind === 'enum' && field.options) {
        const listed = checks.map((def) => [...def.matchAll(/'((?:[^']|'')*)'::text/g)].map((m) => m[1]!.replaceAll("''", "'")));
        const want = Object.keys(field.options).sort().join(', ');
        if (!listed.some((values) => [...values].sort().join(', ') === want))
          problems.push(
            `${table}.${column}: the database’s CHECK allows ${listed.map((v) => v.sort().join(', ')).join(' | ') || 'anything'}, declared ${want}`,
          );
      }
      if (COLUMN_TYPES[field.kind].ddl === 'text' && field.kind !== 'slug' && field.max !== undefined) {
        const bounds = checks.flatMap((def) =>
          [...def.matchAll(/char_length\((\w+)\) <= (\d+)/g)].filter((m) => m[1] === column).map((m) => Number(m[2])),
        );
        // The first tables (202611220001_initial.ts) left lengths to the API's rules: a bound stated in
        // the database must be the declared one; none is tolerated.
        if (bounds.length && !bounds.includes(field.max))
          problems.push(`${table}.${column}: length bound ${bounds.join(', ')} in the database, ${field.max} declared`);
      }
      // A unique value: a UNIQUE constraint, or a unique index on the column or an expression of it (upper(code)).
      if (field.unique && !on(column, 'u').length && !indexed(new RegExp(`UNIQUE INDEX .*\\((\\w+\\()*${column}\\)`)))
        problems.push(`${table}.${column}: declared unique, not unique in the database`);
    }
    for (const key of resource.singleton ? [] : resource.list.search) {
      if (!indexed(new RegExp(`gin \\(f_unaccent\\(lower\\(${snakeCase(key)}\\)\\) gin_trgm_ops\\)`)))
        problems.push(`${table}.${snakeCase(key)}: searched, without its accent-insensitive index`);
    }
  }
  return problems;
}
