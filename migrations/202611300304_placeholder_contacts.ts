import { type Kysely, sql } from 'kysely';

// A shop started without the demo got the demo's own phone as its placeholder, so the storefront
// could not tell "not filled yet" from the demo's sample number. Those untouched placeholders (with
// the placeholder e-mail beside them) move to the new one, which the storefront hides.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
UPDATE settings SET phone = '+2290199999999' WHERE phone = '+2290100000000' AND email = 'contact@example.com';
UPDATE settings SET whatsapp = '+2290199999999' WHERE whatsapp = '+2290100000000' AND email = 'contact@example.com';
`.execute(db);
}

export async function down(): Promise<void> {
  // Nothing to undo: the placeholder is a placeholder either way.
}
