import { type Kysely, sql } from 'kysely';

// An order's history is read in the order its events happened (created_at, then id). Two events
// written by one transaction had the same created_at, now() being the transaction's start: a
// payment approved by FedaPay then the order marked paid, or the demo's whole history, were shown
// in the order of their random ids ("Expédiée" before "Confirmée"). clock_timestamp() is the
// moment of each insert. Frozen once landed.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE order_events ALTER COLUMN created_at SET DEFAULT clock_timestamp()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE order_events ALTER COLUMN created_at SET DEFAULT now()`.execute(db);
}
