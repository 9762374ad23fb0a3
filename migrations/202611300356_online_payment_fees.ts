import { type Kysely, sql } from 'kysely';

// Issue 60: what FedaPay kept of an online payment, as its transaction says once approved
// (server/src/books/mobile-money.ts reconciles the month with it). Frozen once landed.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE online_payments ADD COLUMN fees numeric(12,2) CHECK (fees >= 0)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE online_payments DROP COLUMN IF EXISTS fees`.execute(db);
}
