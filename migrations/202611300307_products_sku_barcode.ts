import { type Kysely, sql } from 'kysely';

// Written by `npm run migration:new products sku barcode` from the resource's declaration. Review it; once landed it is frozen:
// change the schema in a new file.

const statements = `
ALTER TABLE products ADD COLUMN sku text UNIQUE CHECK (char_length(sku) <= 40 AND sku ~ '^[A-Za-z0-9][A-Za-z0-9._/-]*$');
CREATE INDEX products_sku_search ON products USING gin (f_unaccent(lower(sku)) gin_trgm_ops);
ALTER TABLE products ADD COLUMN barcode text UNIQUE CHECK (barcode ~ '^([0-9]{8}|[0-9]{12,13})$');
CREATE INDEX products_barcode_search ON products USING gin (f_unaccent(lower(barcode)) gin_trgm_ops);
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('ALTER TABLE products DROP COLUMN IF EXISTS sku; ALTER TABLE products DROP COLUMN IF EXISTS barcode;').execute(db);
}
