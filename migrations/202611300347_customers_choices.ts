import { type Kysely, sql } from 'kysely';

// Written from `npm run migration:new customers erasureRequestedAt` (and offersOptInAt). Frozen once landed.
// Issue 59: a customer's erasure asked from Mon espace, done once no order of theirs is on its way
// (customers/privacy.ts); and their switch of the WhatsApp offers there, which the rule
// refresh_customers (db/rules.ts) weighs against their orders' boxes and the owner's withdrawals.

const statements = `
ALTER TABLE customers ADD COLUMN erasure_requested_at timestamptz;
ALTER TABLE customers ADD COLUMN offers_opt_in_at timestamptz;
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw('ALTER TABLE customers DROP COLUMN IF EXISTS offers_opt_in_at; ALTER TABLE customers DROP COLUMN IF EXISTS erasure_requested_at;')
    .execute(db);
}
