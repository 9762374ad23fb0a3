import { type Kysely, sql } from 'kysely';

// Written by `npm run migration:new products brand` from the resource's declaration. Review it; once landed it is frozen:
// change the schema in a new file.

const statements = `
ALTER TABLE products ADD COLUMN brand text CHECK (char_length(brand) <= 70);
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('ALTER TABLE products DROP COLUMN IF EXISTS brand;').execute(db);
}
