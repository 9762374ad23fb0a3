import { type Kysely, sql } from 'kysely';

// Written by `npm run migration:new settings maxCounterDiscountPercent` from the resource's declaration. Review it; once landed it is frozen:
// change the schema in a new file.

const statements = `
ALTER TABLE settings ADD COLUMN max_counter_discount_percent integer NOT NULL DEFAULT 10 CHECK (max_counter_discount_percent >= 0 AND max_counter_discount_percent <= 100);
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('ALTER TABLE settings DROP COLUMN IF EXISTS max_counter_discount_percent;').execute(db);
}
