import { type Kysely, sql } from 'kysely';

// The courier's round: an order to deliver is given to a courier of the team, who marks it
// delivered and collected (cash, or a Mobile Money reference); the cash he brings back is counted
// against what he collected (a handover). Review it; once landed it is frozen: change the schema in a new file.

const statements = `
CREATE TABLE courier_handovers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  courier_id uuid REFERENCES admins (id) ON DELETE SET NULL,
  courier_name text NOT NULL CHECK (char_length(courier_name) <= 100),
  expected numeric(12,2) NOT NULL CHECK (expected >= 0),
  received numeric(12,2) NOT NULL CHECK (received >= 0),
  difference numeric(12,2) NOT NULL,
  received_by text NOT NULL CHECK (char_length(received_by) <= 320),
  note text CHECK (char_length(note) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX courier_handovers_courier ON courier_handovers (courier_id, created_at DESC);

CREATE TABLE deliveries (
  order_id uuid PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  courier_id uuid REFERENCES admins (id) ON DELETE SET NULL,
  assigned_by text NOT NULL CHECK (char_length(assigned_by) <= 320),
  assigned_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  collected_at timestamptz,
  collected_amount numeric(12,2) CHECK (collected_amount >= 0),
  collected_method text CHECK (collected_method IN ('cash', 'mobile_money')),
  collected_reference text CHECK (char_length(collected_reference) <= 100),
  handover_id uuid REFERENCES courier_handovers (id)
);
CREATE INDEX deliveries_courier ON deliveries (courier_id, assigned_at DESC);
CREATE INDEX deliveries_handover ON deliveries (handover_id);
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS deliveries; DROP TABLE IF EXISTS courier_handovers;').execute(db);
}
