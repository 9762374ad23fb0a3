import { type Kysely, sql } from 'kysely';

// Written by `npm run migration:new orders cashAmount cashGiven` from the resource's declaration. Review it; once landed it is frozen:
// change the schema in a new file.

const statements = `
ALTER TABLE orders ADD COLUMN cash_amount numeric(12,2) CHECK (cash_amount >= 0);
ALTER TABLE orders ADD COLUMN cash_given numeric(12,2) CHECK (cash_given >= 0);
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('ALTER TABLE orders DROP COLUMN IF EXISTS cash_amount; ALTER TABLE orders DROP COLUMN IF EXISTS cash_given;').execute(db);
}
