import { type Kysely, sql } from 'kysely';

// A per-product threshold under which the dashboard lists the product as "Stock bas".
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE products ADD COLUMN low_stock_threshold integer NOT NULL DEFAULT 3 CHECK (low_stock_threshold BETWEEN 0 AND 100000)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE products DROP COLUMN IF EXISTS low_stock_threshold`.execute(db);
}
