import { type Kysely, sql } from 'kysely';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

// Orders get a payment status apart from their status, a private tracking token and a
// history of every change (who, when, from, to, note).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
ALTER TABLE orders
  ADD COLUMN payment_status text NOT NULL DEFAULT 'pending' CHECK (payment_status IN ('pending', 'paid', 'refunded')),
  ADD COLUMN payment_reference text CHECK (char_length(payment_reference) <= 200),
  ADD COLUMN tracking_token text NOT NULL UNIQUE
    DEFAULT (replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''));

CREATE TABLE order_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  actor text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('created', 'status', 'payment', 'note', 'edit')),
  from_value text,
  to_value text,
  note text CHECK (char_length(note) <= 2000)
);
CREATE INDEX order_events_order ON order_events (order_id, created_at);

-- Where the owner's alerts go (new orders, verification requests, messages); unset: the admin's e-mail.
ALTER TABLE settings ADD COLUMN notification_email text CHECK (notification_email = lower(notification_email));

INSERT INTO order_events (order_id, created_at, actor, kind, to_value)
  SELECT id, created_at, 'client', 'created', 'new' FROM orders;
`.execute(db);

  // Phones are stored in E.164 from now on (+2290197123456); rows that do not parse stay as typed.
  const phoneColumns: Record<string, string[]> = { orders: ['phone'], crypto_verifications: ['phone'], settings: ['phone', 'whatsapp'] };
  for (const [table, columns] of Object.entries(phoneColumns)) {
    const { rows } = await sql<
      Record<string, string>
    >`SELECT id, ${sql.join(columns.map((c) => sql.ref(c)))} FROM ${sql.table(table)}`.execute(db);
    for (const row of rows) {
      for (const column of columns) {
        const parsed = parsePhoneNumberFromString(String(row[column] ?? '').replace(/^\s*00/, '+'), 'BJ');
        if (parsed?.isValid() && parsed.number !== row[column]) {
          await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${parsed.number} WHERE id = ${row.id}`.execute(db);
        }
      }
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
DROP TABLE IF EXISTS order_events;
ALTER TABLE settings DROP COLUMN IF EXISTS notification_email;
ALTER TABLE orders DROP COLUMN IF EXISTS tracking_token, DROP COLUMN IF EXISTS payment_reference, DROP COLUMN IF EXISTS payment_status;
`.execute(db);
}
