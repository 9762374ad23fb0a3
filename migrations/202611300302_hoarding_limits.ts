import { type Kysely, sql } from 'kysely';

// Two more of the shop's rules against hoarding, set by the owner in Paramètres: seats one order may
// take on one training session, and orders one internet address may place in an hour.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
ALTER TABLE settings ADD COLUMN max_seats_per_order integer NOT NULL DEFAULT 5 CHECK (max_seats_per_order BETWEEN 1 AND 1000);
ALTER TABLE settings ADD COLUMN max_orders_per_address_per_hour integer NOT NULL DEFAULT 20 CHECK (max_orders_per_address_per_hour BETWEEN 1 AND 10000);
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
ALTER TABLE settings DROP COLUMN IF EXISTS max_orders_per_address_per_hour;
ALTER TABLE settings DROP COLUMN IF EXISTS max_seats_per_order;
`.execute(db);
}
