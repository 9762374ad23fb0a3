import { type Kysely, sql } from 'kysely';

// The shop's rules against stock hoarding, set by the owner in Paramètres.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
ALTER TABLE settings ADD COLUMN max_quantity_per_line integer NOT NULL DEFAULT 10 CHECK (max_quantity_per_line BETWEEN 1 AND 10000);
ALTER TABLE settings ADD COLUMN max_unconfirmed_total numeric(12,2) NOT NULL DEFAULT 500000 CHECK (max_unconfirmed_total >= 0);
ALTER TABLE settings ADD COLUMN max_open_orders_per_phone integer NOT NULL DEFAULT 3 CHECK (max_open_orders_per_phone BETWEEN 1 AND 100);
ALTER TABLE settings ADD COLUMN hold_hours integer NOT NULL DEFAULT 48 CHECK (hold_hours BETWEEN 1 AND 720);
CREATE INDEX orders_open_by_phone ON orders (phone) WHERE status = 'new' AND payment_status = 'pending';
CREATE INDEX orders_open_by_age ON orders (created_at) WHERE status = 'new' AND payment_status = 'pending';
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
DROP INDEX IF EXISTS orders_open_by_age;
DROP INDEX IF EXISTS orders_open_by_phone;
ALTER TABLE settings DROP COLUMN IF EXISTS hold_hours;
ALTER TABLE settings DROP COLUMN IF EXISTS max_open_orders_per_phone;
ALTER TABLE settings DROP COLUMN IF EXISTS max_unconfirmed_total;
ALTER TABLE settings DROP COLUMN IF EXISTS max_quantity_per_line;
`.execute(db);
}
