import { type Kysely, sql } from 'kysely';

// The year's figures without reading a year of days (issue 58): sales_months sums sales_facts by
// month, kept by a trigger on sales_facts in the transaction of each order or return written. The
// summing is apply_sales_months, a rule of server/src/db/rules.ts put in force (and the table filled
// from sales_facts) at the next start; these triggers only hand it each statement's rows.
// Frozen once landed: change it in a new file.

const statements = `
CREATE TABLE sales_months (
  month date NOT NULL,
  fact text NOT NULL,
  label text NOT NULL DEFAULT '',
  orders integer NOT NULL DEFAULT 0,
  sales integer NOT NULL DEFAULT 0,
  quantity integer NOT NULL DEFAULT 0,
  revenue numeric(14,2) NOT NULL DEFAULT 0,
  cost numeric(14,2) NOT NULL DEFAULT 0,
  costed numeric(14,2) NOT NULL DEFAULT 0,
  PRIMARY KEY (month, fact)
);
CREATE FUNCTION sales_facts_months() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM apply_sales_months('{}', ARRAY(SELECT f::sales_facts FROM new_rows f));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM apply_sales_months(ARRAY(SELECT f::sales_facts FROM old_rows f), ARRAY(SELECT f::sales_facts FROM new_rows f));
  ELSE
    PERFORM apply_sales_months(ARRAY(SELECT f::sales_facts FROM old_rows f), '{}');
  END IF;
  RETURN NULL;
END $fn$;
CREATE TRIGGER sales_facts_months_insert AFTER INSERT ON sales_facts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sales_facts_months();
CREATE TRIGGER sales_facts_months_update AFTER UPDATE ON sales_facts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sales_facts_months();
CREATE TRIGGER sales_facts_months_delete AFTER DELETE ON sales_facts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sales_facts_months();
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `DROP TRIGGER IF EXISTS sales_facts_months_insert ON sales_facts;
DROP TRIGGER IF EXISTS sales_facts_months_update ON sales_facts;
DROP TRIGGER IF EXISTS sales_facts_months_delete ON sales_facts;
DROP FUNCTION IF EXISTS sales_facts_months();
DROP FUNCTION IF EXISTS apply_sales_months(sales_facts[], sales_facts[]);
DROP TABLE IF EXISTS sales_months;`,
    )
    .execute(db);
}
