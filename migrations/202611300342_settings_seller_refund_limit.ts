import { type Kysely, sql } from 'kysely';

// Written by `npm run migration:new settings sellerRefundLimit` from the resource's declaration. Review it; once landed it is frozen:
// change the schema in a new file.

const statements = `
ALTER TABLE settings ADD COLUMN seller_refund_limit numeric(12,2) NOT NULL DEFAULT 0 CHECK (seller_refund_limit >= 0);
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('ALTER TABLE settings DROP COLUMN IF EXISTS seller_refund_limit;').execute(db);
}
