import { type Kysely, sql } from 'kysely';

// A customer's PDF (receipt, normalized invoice, credit note), rendered once per version of its
// content and kept, so fetching it again costs a read, not a render. Any app server serves it.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
CREATE TABLE rendered_documents (
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('FV', 'FA')),
  version text NOT NULL,
  pdf bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (order_id, kind)
);
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS rendered_documents`.execute(db);
}
