import { type Kysely, sql } from 'kysely';

// Paying online (Mobile Money through FedaPay): a third payment method, and one row per provider
// transaction. At most one transaction per order is being prepared or awaiting payment at a time
// (the partial unique index), so a second click can never open a second one.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
ALTER TABLE orders DROP CONSTRAINT orders_payment_method_check;
ALTER TABLE orders ADD CONSTRAINT orders_payment_method_check
  CHECK (payment_method IN ('cash_on_delivery', 'mobile_money_on_delivery', 'mobile_money_online'));

ALTER TABLE order_events DROP CONSTRAINT order_events_kind_check;
ALTER TABLE order_events ADD CONSTRAINT order_events_kind_check
  CHECK (kind IN ('created', 'status', 'payment', 'note', 'edit', 'online_payment'));

CREATE TABLE online_payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('fedapay')),
  -- The provider's transaction id and reference, known once it answered.
  provider_id text,
  reference text CHECK (char_length(reference) <= 200),
  amount numeric(12,2) NOT NULL CHECK (amount > 0),
  currency text NOT NULL DEFAULT 'XOF',
  -- The provider's own currency id for that transaction (FedaPay answers currency_id, not the ISO code).
  provider_currency text,
  status text NOT NULL DEFAULT 'creating'
    CHECK (status IN ('creating', 'pending', 'approved', 'declined', 'canceled', 'expired', 'failed', 'mismatch')),
  payment_url text CHECK (payment_url ~* '^https?://'),
  detail text CHECK (char_length(detail) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  checked_at timestamptz,
  UNIQUE (provider, provider_id)
);
CREATE INDEX online_payments_order ON online_payments (order_id, created_at);
CREATE UNIQUE INDEX online_payments_one_open ON online_payments (order_id) WHERE status IN ('creating', 'pending');
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
DROP TABLE IF EXISTS online_payments;
DELETE FROM order_events WHERE kind = 'online_payment';
ALTER TABLE order_events DROP CONSTRAINT order_events_kind_check;
ALTER TABLE order_events ADD CONSTRAINT order_events_kind_check CHECK (kind IN ('created', 'status', 'payment', 'note', 'edit'));
UPDATE orders SET payment_method = 'mobile_money_on_delivery' WHERE payment_method = 'mobile_money_online';
ALTER TABLE orders DROP CONSTRAINT orders_payment_method_check;
ALTER TABLE orders ADD CONSTRAINT orders_payment_method_check CHECK (payment_method IN ('cash_on_delivery', 'mobile_money_on_delivery'));
`.execute(db);
}
