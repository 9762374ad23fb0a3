import { type Kysely, sql } from 'kysely';

// Each sold line keeps the cost of its product at the time of sale (orders.line_costs, product id →
// unit cost), and the sales facts sum it with the revenue it is measured against (issue 56): the
// rules that fill them live in server/src/db/rules.ts, which compute the facts again at start.
// Orders placed before this keep no cost: their margin is unknown, not invented from today's costs.

const statements = `
ALTER TABLE orders ADD COLUMN line_costs jsonb;
ALTER TABLE sales_facts ADD COLUMN cost numeric(14,2) NOT NULL DEFAULT 0, ADD COLUMN costed numeric(14,2) NOT NULL DEFAULT 0;
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('ALTER TABLE sales_facts DROP COLUMN cost, DROP COLUMN costed; ALTER TABLE orders DROP COLUMN line_costs').execute(db);
}
