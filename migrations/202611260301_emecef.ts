import { type Kysely, sql } from 'kysely';

// Normalized invoices (e-MECeF): a tax group on what the shop sells, the business's IFU and the
// payment types in Paramètres, the invoices the DGI normalized, and their outbox channel.

const groups = `('A', 'B', 'C', 'D', 'E', 'F')`;
const payments = `('ESPECES', 'MOBILEMONEY', 'VIREMENT', 'CARTEBANCAIRE', 'CHEQUES', 'CREDIT', 'AUTRE')`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
ALTER TABLE products ADD COLUMN tax_group text CHECK (tax_group IN ${groups});
ALTER TABLE services ADD COLUMN tax_group text CHECK (tax_group IN ${groups});
ALTER TABLE crypto_courses ADD COLUMN tax_group text CHECK (tax_group IN ${groups});
ALTER TABLE settings ADD COLUMN ifu text CHECK (char_length(ifu) <= 13);
ALTER TABLE settings ADD COLUMN invoice_operator text CHECK (char_length(invoice_operator) <= 100);
ALTER TABLE settings ADD COLUMN default_tax_group text NOT NULL DEFAULT 'B' CHECK (default_tax_group IN ${groups});
ALTER TABLE settings ADD COLUMN payment_type_cash_on_delivery text NOT NULL DEFAULT 'ESPECES' CHECK (payment_type_cash_on_delivery IN ${payments});
ALTER TABLE settings ADD COLUMN payment_type_mobile_money_on_delivery text NOT NULL DEFAULT 'MOBILEMONEY' CHECK (payment_type_mobile_money_on_delivery IN ${payments});
ALTER TABLE settings ADD COLUMN payment_type_mobile_money_online text NOT NULL DEFAULT 'MOBILEMONEY' CHECK (payment_type_mobile_money_online IN ${payments});
ALTER TABLE outbox DROP CONSTRAINT outbox_channel_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check CHECK (channel IN ('mail', 'push', 'invoice'));
ALTER TABLE order_events DROP CONSTRAINT order_events_kind_check;
ALTER TABLE order_events ADD CONSTRAINT order_events_kind_check
  CHECK (kind IN ('created', 'status', 'payment', 'note', 'edit', 'online_payment', 'invoice'));

-- One sale invoice (FV) and at most one credit note (FA) per order: the unique key is what makes
-- "exactly once" hold across retries, crashes and servers.
CREATE TABLE invoices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders (id),
  type text NOT NULL CHECK (type IN ('FV', 'FA')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'created', 'confirmed', 'failed')),
  -- The DGI's pending invoice, stored before it is confirmed.
  uid text,
  request jsonb,
  totals jsonb,
  -- Set just before the confirmation leaves: an answer lost after it is never guessed at.
  confirm_sent_at timestamptz,
  code_mecef text,
  qr_code text,
  nim text,
  counters text,
  issued_at text,
  last_error text CHECK (char_length(last_error) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (order_id, type)
);
`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
DROP TABLE IF EXISTS invoices;
DELETE FROM order_events WHERE kind = 'invoice';
ALTER TABLE order_events DROP CONSTRAINT order_events_kind_check;
ALTER TABLE order_events ADD CONSTRAINT order_events_kind_check
  CHECK (kind IN ('created', 'status', 'payment', 'note', 'edit', 'online_payment'));
DELETE FROM outbox WHERE channel = 'invoice';
ALTER TABLE outbox DROP CONSTRAINT outbox_channel_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check CHECK (channel IN ('mail', 'push'));
ALTER TABLE settings DROP COLUMN IF EXISTS payment_type_mobile_money_online;
ALTER TABLE settings DROP COLUMN IF EXISTS payment_type_mobile_money_on_delivery;
ALTER TABLE settings DROP COLUMN IF EXISTS payment_type_cash_on_delivery;
ALTER TABLE settings DROP COLUMN IF EXISTS default_tax_group;
ALTER TABLE settings DROP COLUMN IF EXISTS invoice_operator;
ALTER TABLE settings DROP COLUMN IF EXISTS ifu;
ALTER TABLE crypto_courses DROP COLUMN IF EXISTS tax_group;
ALTER TABLE services DROP COLUMN IF EXISTS tax_group;
ALTER TABLE products DROP COLUMN IF EXISTS tax_group;
`,
    )
    .execute(db);
}
