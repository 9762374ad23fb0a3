import { type Kysely, sql } from 'kysely';

// WhatsApp (Cloud API): one conversation per phone (its 24-hour window, its STOP, its preference
// for e-mail), every message in and out with the status Meta last reported, and each webhook body
// received once (by its digest: a replay changes nothing). The owner's alerts may also go to a
// WhatsApp number (Paramètres). Review it; once landed it is frozen: change the schema in a new file.

const statements = `
CREATE TABLE whatsapp_contacts (
  phone text PRIMARY KEY CHECK (phone ~ '^\\+[0-9]{6,15}$'),
  name text NOT NULL DEFAULT '' CHECK (char_length(name) <= 100),
  last_inbound_at timestamptz,
  last_message_at timestamptz NOT NULL DEFAULT now(),
  last_text text NOT NULL DEFAULT '' CHECK (char_length(last_text) <= 200),
  unread integer NOT NULL DEFAULT 0 CHECK (unread >= 0),
  stopped_at timestamptz,
  prefers_email boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX whatsapp_contacts_recent ON whatsapp_contacts (last_message_at DESC);

CREATE TABLE whatsapp_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  phone text NOT NULL CHECK (char_length(phone) <= 20),
  direction text NOT NULL CHECK (direction IN ('in', 'out')),
  wamid text UNIQUE CHECK (char_length(wamid) <= 200),
  outbox_id uuid UNIQUE,
  order_id uuid REFERENCES orders (id) ON DELETE SET NULL,
  template text CHECK (char_length(template) <= 100),
  body text NOT NULL CHECK (char_length(body) <= 5000),
  status text NOT NULL CHECK (status IN ('accepted', 'sent', 'delivered', 'read', 'failed', 'received')),
  error text CHECK (char_length(error) <= 1000),
  author text CHECK (char_length(author) <= 320),
  created_at timestamptz NOT NULL DEFAULT now(),
  status_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX whatsapp_messages_phone ON whatsapp_messages (phone, created_at);
CREATE INDEX whatsapp_messages_order ON whatsapp_messages (order_id) WHERE order_id IS NOT NULL;

CREATE TABLE whatsapp_webhooks (
  digest text PRIMARY KEY,
  body jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX whatsapp_webhooks_received ON whatsapp_webhooks (received_at);

ALTER TABLE settings ADD COLUMN alert_whatsapp text CHECK (char_length(alert_whatsapp) <= 30);
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      'ALTER TABLE settings DROP COLUMN IF EXISTS alert_whatsapp; DROP TABLE IF EXISTS whatsapp_webhooks; DROP TABLE IF EXISTS whatsapp_messages; DROP TABLE IF EXISTS whatsapp_contacts;',
    )
    .execute(db);
}
