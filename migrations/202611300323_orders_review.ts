import { type Kysely, sql } from 'kysely';

// Written by `npm run migration:new orders review` from the resource's declaration. Review it; once landed it is frozen:
// change the schema in a new file.

const statements = `
ALTER TABLE orders ADD COLUMN review text CHECK (char_length(review) <= 1000);
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('ALTER TABLE orders DROP COLUMN IF EXISTS review;').execute(db);
}
