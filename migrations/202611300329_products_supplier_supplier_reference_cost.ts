import { type Kysely, sql } from 'kysely';

// Written by `npm run migration:new products supplier supplierReference cost` from the resource's declaration. Review it; once landed it is frozen:
// change the schema in a new file.

const statements = `
ALTER TABLE products ADD COLUMN supplier uuid REFERENCES suppliers (id);
CREATE INDEX products_supplier ON products (supplier);
ALTER TABLE products ADD COLUMN supplier_reference text CHECK (char_length(supplier_reference) <= 60);
ALTER TABLE products ADD COLUMN cost numeric(12,2) CHECK (cost >= 0);
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      'ALTER TABLE products DROP COLUMN IF EXISTS supplier; ALTER TABLE products DROP COLUMN IF EXISTS supplier_reference; ALTER TABLE products DROP COLUMN IF EXISTS cost;',
    )
    .execute(db);
}
