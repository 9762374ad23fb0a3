import { type Kysely, sql } from 'kysely';

// Written by `npm run migration:new returnRequests` from the resource's declaration. Review it; once landed it is frozen:
// change the schema in a new file.
// Reviewed (issue 57): one open request (to answer, or accepted and awaiting the articles) per
// order at a time; the pending ones counted for the menu's badge; the customer's photo, re-encoded
// small (media/process.ts), kept apart from the record and read by the team only.

const statements = `
CREATE TABLE return_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  number text NOT NULL CHECK (char_length(number) <= 40),
  sale uuid NOT NULL REFERENCES orders (id),
  lines jsonb NOT NULL,
  reason text NOT NULL CHECK (reason IN ('defective', 'not_suitable', 'order_error', 'other')),
  note text CHECK (char_length(note) <= 1000),
  photo text CHECK (char_length(photo) <= 64),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'refused', 'done')),
  answer text CHECK (char_length(answer) <= 1000),
  decided_by text CHECK (char_length(decided_by) <= 320),
  return_ref uuid REFERENCES returns (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX return_requests_created_at ON return_requests (created_at DESC, id);
CREATE INDEX return_requests_sale ON return_requests (sale);
CREATE INDEX return_requests_return_ref ON return_requests (return_ref);
CREATE INDEX return_requests_number_search ON return_requests USING gin (f_unaccent(lower(number)) gin_trgm_ops);
CREATE INDEX return_requests_note_search ON return_requests USING gin (f_unaccent(lower(note)) gin_trgm_ops);
CREATE UNIQUE INDEX return_requests_open ON return_requests (sale) WHERE status IN ('pending', 'accepted');
CREATE INDEX return_requests_pending ON return_requests (created_at) WHERE status = 'pending';
CREATE TABLE return_photos (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  bytes bytea NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS return_requests; DROP TABLE IF EXISTS return_photos;').execute(db);
}
