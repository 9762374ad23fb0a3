import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../server/src/db/index';
import { migrateToLatest } from '../../server/src/db/migrate';
import { applyDatabaseRules } from '../../server/src/db/rules';
import { startTestApp, type TestApp } from '../support/app';

// The rules the database applies (who is a customer, what is a sale) are in force as
// server/src/db/rules.ts writes them: a start replaces one that differs and computes again what it
// had summed up, once, whatever the number of servers starting.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
});
afterAll(() => app?.close());

const figures = async () => ({
  customers: (
    await sql<{ phone: string; total: string }>`SELECT phone, total_spent::text AS total FROM customers ORDER BY phone`.execute(app.db)
  ).rows,
  revenue: (
    await sql<{ revenue: string }>`SELECT coalesce(sum(revenue), 0)::text AS revenue FROM sales_facts WHERE fact = 'total'`.execute(app.db)
  ).rows[0]!.revenue,
});

/** The database as an older release left it: a sale was never counted, and the figures say so. */
async function olderRule() {
  await sql`CREATE OR REPLACE FUNCTION order_is_sale(status text, payment_status text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $fn$ SELECT false $fn$`.execute(
    app.db,
  );
  await sql`SELECT refresh_customers(ARRAY(SELECT DISTINCT phone FROM orders))`.execute(app.db);
  await sql`DELETE FROM sales_facts`.execute(app.db);
  await sql`SELECT apply_sales_facts('{}', ARRAY(SELECT o FROM orders o))`.execute(app.db);
}

describe('the rules in the database', () => {
  it('are in force on a migrated shop, and a start changes nothing then', async () => {
    expect(await applyDatabaseRules(app.db)).toEqual([]);
  });

  it('replace an older rule at the next start and compute its figures again', async () => {
    const before = await figures();
    expect(Number(before.revenue)).toBeGreaterThan(0);
    expect(before.customers.some((c) => Number(c.total) > 0)).toBe(true);
    await olderRule();
    expect((await figures()).revenue).toBe('0.00');
    await migrateToLatest(app.db);
    expect(await figures()).toEqual(before);
    expect(await applyDatabaseRules(app.db)).toEqual([]);
  });

  it('drop a rule retired since (a shop the last release migrated still has it), once the rules calling it are replaced', async () => {
    const exists = async () =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_proc WHERE proname = 'sales_facts_of'`.execute(app.db)).rows[0]!.n;
    expect(await exists()).toBe(0);
    await sql`CREATE FUNCTION sales_facts_of(removed orders[], added orders[]) RETURNS void LANGUAGE sql AS $fn$ SELECT $fn$`.execute(
      app.db,
    );
    const before = await figures();
    expect(await applyDatabaseRules(app.db)).toEqual([]);
    expect(await exists()).toBe(0);
    expect(await figures()).toEqual(before);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('are replaced once when two servers start together', async () => {
    const other = createDb({ databaseUrl: app.databaseUrl! });
    try {
      await olderRule();
      const replaced = await Promise.all([applyDatabaseRules(app.db), applyDatabaseRules(other)]);
      expect(replaced.flat()).toEqual(['order_is_sale']);
    } finally {
      await other.destroy();
    }
  });
});
