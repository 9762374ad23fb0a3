import { type Kysely, sql } from 'kysely';

// "À rembourser": money that arrived for a cancelled order.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_payment_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_payment_status_check CHECK (payment_status IN ('pending', 'paid', 'to_refund', 'refunded'));
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
UPDATE orders SET payment_status = 'paid' WHERE payment_status = 'to_refund';
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_payment_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_payment_status_check CHECK (payment_status IN ('pending', 'paid', 'refunded'));
`.execute(db);
}
