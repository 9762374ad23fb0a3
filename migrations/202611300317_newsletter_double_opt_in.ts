import { type Kysely, sql } from 'kysely';

// Double opt-in (`npm run migration:new newsletterSubscribers confirmedAt unsubscribedAt`, then by
// hand): a subscription counts once confirmed from its mail; one-click unsubscribe keeps the date.
// The addresses already on the list subscribed before confirmation existed: they count as confirmed
// on the day they subscribed. Review it; once landed it is frozen: change the schema in a new file.

const statements = `
ALTER TABLE newsletter_subscribers ADD COLUMN confirmed_at timestamptz;
ALTER TABLE newsletter_subscribers ADD COLUMN unsubscribed_at timestamptz;
UPDATE newsletter_subscribers SET confirmed_at = created_at;
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      'ALTER TABLE newsletter_subscribers DROP COLUMN IF EXISTS confirmed_at; ALTER TABLE newsletter_subscribers DROP COLUMN IF EXISTS unsubscribed_at;',
    )
    .execute(db);
}
