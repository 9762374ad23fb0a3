import { type Kysely, sql } from 'kysely';

// Written from `npm run migration:new settings loyaltyRate` (and loyaltyValue, orders loyaltyPoints),
// then joined with the ledger by hand. Frozen once landed.
// Loyalty (issue 59): the owner's rate (points per 1,000 F) and a point's value; an order keeps the
// points it spent (their value is in its discount); `loyalty_points_ledger` is every point given or
// taken, by the customer's phone: earned by an order paid and delivered, spent by an order, taken
// back by a return, given back or taken back when an order is undone (customers/loyalty.ts).

const statements = `
ALTER TABLE settings ADD COLUMN loyalty_rate integer NOT NULL DEFAULT 0 CHECK (loyalty_rate >= 0 AND loyalty_rate <= 1000);
ALTER TABLE settings ADD COLUMN loyalty_value numeric(12,2) NOT NULL DEFAULT 10 CHECK (loyalty_value >= 0);
ALTER TABLE orders ADD COLUMN loyalty_points integer CHECK (loyalty_points >= 0);
CREATE TABLE loyalty_points_ledger (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  phone text NOT NULL,
  points integer NOT NULL CHECK (points <> 0),
  kind text NOT NULL CHECK (kind IN ('earn', 'spend', 'return', 'adjust')),
  order_id uuid REFERENCES orders (id),
  return_id uuid REFERENCES returns (id),
  actor text NOT NULL CHECK (char_length(actor) <= 320),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX loyalty_points_ledger_phone ON loyalty_points_ledger (phone, created_at);
CREATE INDEX loyalty_points_ledger_order ON loyalty_points_ledger (order_id);
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `DROP TABLE IF EXISTS loyalty_points_ledger;
ALTER TABLE orders DROP COLUMN IF EXISTS loyalty_points;
ALTER TABLE settings DROP COLUMN IF EXISTS loyalty_value;
ALTER TABLE settings DROP COLUMN IF EXISTS loyalty_rate;`,
    )
    .execute(db);
}
