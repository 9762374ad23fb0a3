import { type Kysely, sql } from 'kysely';

// A phone number typed whole in a search ("01 97 12 34 56") is looked up by equality on the E.164
// column: these indexes answer it at once (a LIKE '%…%' on the raw column read every row).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
CREATE INDEX orders_phone ON orders (phone, created_at DESC);
CREATE INDEX crypto_verifications_phone ON crypto_verifications (phone);
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
DROP INDEX IF EXISTS crypto_verifications_phone;
DROP INDEX IF EXISTS orders_phone;
`.execute(db);
}
