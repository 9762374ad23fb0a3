import { type Kysely, sql } from 'kysely';

// A letter to 50,000 subscribers without freezing the shop (issue 58), and an outbox that does not
// grow forever:
// - newsletter_sendings: a letter being queued, a batch at a time (newsletter/letters.ts): the last
//   subscriber queued (by id) and how many so far, its end; then what became of its mails once the
//   outbox rows that told it are purged (sent, failed), so its figures outlive them;
// - the audience read in id order from an index of the subscribers a letter goes to;
// - a letter's rows counted by status through an index of the rows that carry a letter's id
//   (before: a scan of the whole outbox);
// - the journal d'audit filtered by its author, newest first, from an index;
// - Paramètres: how long sent messages stay in the "Envois", and the activity log.
// Frozen once landed: change it in a new file.

const statements = `
CREATE TABLE newsletter_sendings (
  newsletter_id uuid PRIMARY KEY REFERENCES newsletters (id) ON DELETE CASCADE,
  through uuid,
  queued integer NOT NULL DEFAULT 0 CHECK (queued >= 0),
  queued_at timestamptz,
  sent integer NOT NULL DEFAULT 0 CHECK (sent >= 0),
  failed integer NOT NULL DEFAULT 0 CHECK (failed >= 0)
);
CREATE INDEX newsletter_subscribers_audience ON newsletter_subscribers (id) WHERE confirmed_at IS NOT NULL AND unsubscribed_at IS NULL;
CREATE INDEX outbox_letter ON outbox ((payload->>'newsletterId'), status) WHERE (payload->>'newsletterId') IS NOT NULL;
CREATE INDEX outbox_settled ON outbox (updated_at) WHERE status IN ('sent', 'cancelled');
CREATE INDEX audit_log_actor ON audit_log (actor, created_at DESC, id);
ALTER TABLE settings ADD COLUMN outbox_keep_days integer NOT NULL DEFAULT 90 CHECK (outbox_keep_days >= 7 AND outbox_keep_days <= 3650);
ALTER TABLE settings ADD COLUMN audit_keep_days integer NOT NULL DEFAULT 365 CHECK (audit_keep_days >= 90 AND audit_keep_days <= 3650);
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `ALTER TABLE settings DROP COLUMN IF EXISTS audit_keep_days;
ALTER TABLE settings DROP COLUMN IF EXISTS outbox_keep_days;
DROP INDEX IF EXISTS audit_log_actor;
DROP INDEX IF EXISTS outbox_settled;
DROP INDEX IF EXISTS outbox_letter;
DROP INDEX IF EXISTS newsletter_subscribers_audience;
DROP TABLE IF EXISTS newsletter_sendings;`,
    )
    .execute(db);
}
