import { type AnyResource, type FieldKind, type FieldMeta, kebabCase, SLUG_MAX_LENGTH } from '@app/shared';

/**
 * How each field kind of a resource declaration is stored: the column type in a migration, and
 * the name PostgreSQL reports for it (information_schema), which the schema-drift test compares.
 */
export const COLUMN_TYPES: Record<FieldKind, { ddl: string; reported: string }> = {
  text: { ddl: 'text', reported: 'text' },
  longText: { ddl: 'text', reported: 'text' },
  html: { ddl: 'text', reported: 'text' },
  slug: { ddl: 'text', reported: 'text' },
  url: { ddl: 'text', reported: 'text' },
  image: { ddl: 'text', reported: 'text' },
  email: { ddl: 'text', reported: 'text' },
  phone: { ddl: 'text', reported: 'text' },
  barcode: { ddl: 'text', reported: 'text' },
  enum: { ddl: 'text', reported: 'text' },
  money: { ddl: 'numeric(12,2)', reported: 'numeric' },
  integer: { ddl: 'integer', reported: 'integer' },
  rating: { ddl: 'smallint', reported: 'smallint' },
  boolean: { ddl: 'boolean', reported: 'boolean' },
  date: { ddl: 'date', reported: 'date' },
  datetime: { ddl: 'timestamptz', reported: 'timestamp with time zone' },
  stringList: { ddl: 'jsonb', reported: 'jsonb' },
  imageList: { ddl: 'jsonb', reported: 'jsonb' },
  json: { ddl: 'jsonb', reported: 'jsonb' },
  reference: { ddl: 'uuid', reported: 'uuid' },
};

/** Columns every table has besides its fields. */
export const SYSTEM_TABLE_COLUMNS = {
  id: { reported: 'uuid', nullable: false },
  created_at: { reported: 'timestamp with time zone', nullable: false },
  updated_at: { reported: 'timestamp with time zone', nullable: false },
} as const;

export const snakeCase = (name: string) => kebabCase(name).replaceAll('-', '_');
export const tableName = (resource: Pick<AnyResource, 'name'>) => snakeCase(resource.name);

/** NULL allowed: an optional field, except a slug, which is derived when left empty and always stored. */
export const columnNullable = (field: FieldMeta) => field.optional && field.kind !== 'slug';

const literal = (value: unknown) =>
  typeof value === 'string' ? `'${value.replaceAll("'", "''")}'` : typeof value === 'object' ? `'${JSON.stringify(value)}'` : String(value);

function columnSql(key: string, field: FieldMeta): string {
  const col = snakeCase(key);
  const parts = [col, COLUMN_TYPES[field.kind].ddl];
  if (!columnNullable(field)) parts.push('NOT NULL');
  if (field.unique) parts.push('UNIQUE');
  // A referenced record cannot be deleted while this one points at it (the API says so in French).
  // Unless it only points at it (detachOnDelete): the link is then dropped with the record.
  if (field.references) parts.push(`REFERENCES ${snakeCase(field.references)} (id)${field.detachOnDelete ? ' ON DELETE SET NULL' : ''}`);
  const plainDefault = field.hasDefault && typeof field.default !== 'function';
  if (plainDefault) parts.push(`DEFAULT ${literal(field.default)}`);
  else if (field.kind === 'stringList' || field.kind === 'imageList') parts.push(`DEFAULT '[]'`);
  const checks: string[] = [];
  if (field.kind === 'slug') checks.push(`${col} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length(${col}) <= ${SLUG_MAX_LENGTH}`);
  else if (COLUMN_TYPES[field.kind].ddl === 'text' && field.max !== undefined) checks.push(`char_length(${col}) <= ${field.max}`);
  if (field.pattern) checks.push(`${col} ~ ${literal(field.pattern.source)}`);
  if (field.kind === 'barcode') checks.push(`${col} ~ '^([0-9]{8}|[0-9]{12,13})$'`);
  if (field.kind === 'enum' && field.options) checks.push(`${col} IN (${Object.keys(field.options).map(literal).join(', ')})`);
  if (['money', 'integer', 'rating'].includes(field.kind)) {
    if (field.min !== undefined) checks.push(`${col} >= ${field.min}`);
    if (field.max !== undefined) checks.push(`${col} <= ${field.max}`);
  }
  if (field.kind === 'stringList' || field.kind === 'imageList') checks.push(`jsonb_typeof(${col}) = 'array'`);
  if (checks.length) parts.push(`CHECK (${checks.join(' AND ')})`);
  return parts.join(' ');
}

/**
 * The migration a new resource needs, from its declaration alone: the table with its types,
 * NULLs, defaults and checks (the last line behind the zod rules), the index the admin's default
 * list order uses, and the accent-insensitive search indexes of its searchable fields.
 */
export function createTableSql(resource: AnyResource): string {
  const table = tableName(resource);
  const columns = [
    'id uuid PRIMARY KEY DEFAULT gen_random_uuid()',
    ...(resource.singleton ? ['singleton boolean NOT NULL DEFAULT true UNIQUE CHECK (singleton)'] : []),
    ...Object.entries(resource.fields).map(([key, field]) => columnSql(key, field)),
    'created_at timestamptz NOT NULL DEFAULT now()',
    'updated_at timestamptz NOT NULL DEFAULT now()',
  ];
  const indexes = [
    `CREATE INDEX ${table}_created_at ON ${table} (created_at DESC, id);`,
    ...Object.entries(resource.fields)
      .filter(([, field]) => field.kind === 'reference')
      .map(([key]) => `CREATE INDEX ${table}_${snakeCase(key)} ON ${table} (${snakeCase(key)});`),
    ...resource.list.search.map(
      (key) => `CREATE INDEX ${table}_${snakeCase(key)}_search ON ${table} USING gin (f_unaccent(lower(${snakeCase(key)})) gin_trgm_ops);`,
    ),
  ];
  return `CREATE TABLE ${table} (\n  ${columns.join(',\n  ')}\n);\n${indexes.join('\n')}\n`;
}

/**
 * The migration that adds declared fields to an existing table: their columns (a reference with its
 * foreign key and index), and the search index of a searched one. `down` drops them.
 */
export function addColumnsSql(resource: AnyResource, keys: readonly string[]): { up: string; down: string } {
  const table = tableName(resource);
  const up: string[] = [];
  for (const key of keys) {
    const field = resource.fields[key];
    if (!field) throw new Error(`${resource.name} n’a pas de champ « ${key} » : ajoutez-le à sa déclaration d’abord.`);
    const column = snakeCase(key);
    up.push(`ALTER TABLE ${table} ADD COLUMN ${columnSql(key, field)};`);
    if (field.kind === 'reference') up.push(`CREATE INDEX ${table}_${column} ON ${table} (${column});`);
    if (resource.list.search.includes(key) && !resource.singleton)
      up.push(`CREATE INDEX ${table}_${column}_search ON ${table} USING gin (f_unaccent(lower(${column})) gin_trgm_ops);`);
  }
  const down = keys.map((key) => `ALTER TABLE ${table} DROP COLUMN IF EXISTS ${snakeCase(key)};`);
  return { up: `${up.join('\n')}\n`, down: down.join(' ') };
}
