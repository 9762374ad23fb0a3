import { type Kysely, sql } from 'kysely';

// Written by `npm run migration:new purchaseOrders` from the resource's declaration. Review it; once landed it is frozen:
// change the schema in a new file.
// Reviewed: numbered BC-00001… by a sequence, as orders are.

const statements = `
CREATE SEQUENCE purchase_order_number_seq;
CREATE TABLE purchase_orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  number text NOT NULL UNIQUE DEFAULT ('BC-' || lpad(nextval('purchase_order_number_seq')::text, 5, '0')) CHECK (char_length(number) <= 200),
  supplier uuid NOT NULL REFERENCES suppliers (id),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'sent', 'partial', 'received', 'cancelled')),
  lines jsonb NOT NULL DEFAULT '[]',
  total numeric(12,2) NOT NULL DEFAULT 0 CHECK (total >= 0),
  note text CHECK (char_length(note) <= 1000),
  receipts jsonb NOT NULL DEFAULT '[]',
  sent_at timestamptz,
  received_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX purchase_orders_created_at ON purchase_orders (created_at DESC, id);
CREATE INDEX purchase_orders_supplier ON purchase_orders (supplier);
CREATE INDEX purchase_orders_number_search ON purchase_orders USING gin (f_unaccent(lower(number)) gin_trgm_ops);
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS purchase_orders; DROP SEQUENCE IF EXISTS purchase_order_number_seq').execute(db);
}
