import { type Kysely, sql } from 'kysely';

// Written by `npm run migration:new orders channel` from the resource's declaration. Review it; once landed it is frozen:
// change the schema in a new file.

const statements = `
ALTER TABLE orders ADD COLUMN channel text NOT NULL DEFAULT 'web' CHECK (channel IN ('web', 'counter'));
CREATE INDEX orders_channel ON orders (channel, created_at DESC) WHERE channel <> 'web';
-- Added by hand: a sale at the counter may have no customer; an online order keeps its phone (the
-- API requires it, and the orders' declared check).
ALTER TABLE orders ALTER COLUMN phone DROP NOT NULL;
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('ALTER TABLE orders DROP COLUMN IF EXISTS channel; DROP INDEX IF EXISTS orders_channel;').execute(db);
}
