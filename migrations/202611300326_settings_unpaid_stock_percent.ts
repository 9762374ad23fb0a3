import { type Kysely, sql } from 'kysely';

// Written by `npm run migration:new settings unpaidStockPercent` from the resource's declaration. Review it; once landed it is frozen:
// change the schema in a new file.

const statements = `
ALTER TABLE settings ADD COLUMN unpaid_stock_percent integer NOT NULL DEFAULT 50 CHECK (unpaid_stock_percent >= 1 AND unpaid_stock_percent <= 100);
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('ALTER TABLE settings DROP COLUMN IF EXISTS unpaid_stock_percent;').execute(db);
}
