import { type Kysely, sql } from 'kysely';

// A product's condition, told to shoppers, catalogue feeds and search engines.
// Written by `npm run migration:new products condition` from the resource's declaration. Review it; once landed it is frozen:
// change the schema in a new file.

const statements = `
ALTER TABLE products ADD COLUMN condition text NOT NULL DEFAULT 'new' CHECK (condition IN ('new', 'refurbished', 'used'));
-- A product the owner already calls refurbished is no longer declared new to catalogues.
UPDATE products SET condition = 'refurbished' WHERE name ~* 'reconditionn';
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('ALTER TABLE products DROP COLUMN IF EXISTS condition;').execute(db);
}
