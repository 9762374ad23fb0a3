import { type Kysely, sql } from 'kysely';

// Services and online courses are not shipped: an order of only such items has no address.
// An order with a product still needs one.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
ALTER TABLE orders
  ALTER COLUMN city DROP NOT NULL,
  ALTER COLUMN address DROP NOT NULL,
  ADD CONSTRAINT orders_address_when_shipped
    CHECK (NOT (items @> '[{"type": "product"}]'::jsonb) OR (city IS NOT NULL AND address IS NOT NULL));
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_address_when_shipped;
UPDATE orders SET city = coalesce(city, ''), address = coalesce(address, '');
ALTER TABLE orders ALTER COLUMN city SET NOT NULL, ALTER COLUMN address SET NOT NULL;
`.execute(db);
}
