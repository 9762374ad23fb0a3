import { type Kysely, sql } from 'kysely';

// Written by `npm run migration:new courseSessions` from the resource's declaration, then completed
// by hand: the shop reads the sessions to come in date order, and a session's participants are
// the orders whose lines name it (server/src/orders/session-reminders.ts). Frozen once landed.

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
CREATE TABLE course_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  course uuid NOT NULL REFERENCES crypto_courses (id),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz,
  online boolean NOT NULL DEFAULT false,
  place text CHECK (char_length(place) <= 200),
  link text,
  seats integer NOT NULL CHECK (seats >= 1 AND seats <= 10000),
  seats_taken integer NOT NULL DEFAULT 0 CHECK (seats_taken >= 0),
  published boolean NOT NULL DEFAULT true,
  reminded_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT course_sessions_seats_left CHECK (seats_taken <= seats)
);
CREATE INDEX course_sessions_created_at ON course_sessions (created_at DESC, id);
CREATE INDEX course_sessions_course ON course_sessions (course);
CREATE INDEX course_sessions_place_search ON course_sessions USING gin (f_unaccent(lower(place)) gin_trgm_ops);
CREATE INDEX course_sessions_starts_at ON course_sessions (starts_at, id);
CREATE INDEX orders_items_lines ON orders USING gin (items jsonb_path_ops);
-- A session moved to another day is reminded again the day before its new date.
CREATE FUNCTION course_sessions_moved() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.reminded_at := NULL;
  RETURN NEW;
END $fn$;
CREATE TRIGGER course_sessions_moved BEFORE UPDATE OF starts_at ON course_sessions
  FOR EACH ROW WHEN (NEW.starts_at IS DISTINCT FROM OLD.starts_at) EXECUTE FUNCTION course_sessions_moved();
`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw('DROP INDEX IF EXISTS orders_items_lines; DROP TABLE IF EXISTS course_sessions; DROP FUNCTION IF EXISTS course_sessions_moved')
    .execute(db);
}
