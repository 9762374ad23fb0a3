import { type Kysely, sql } from 'kysely';

// The dashboard's sales, summed by Benin day as orders are written (the same statement trigger
// pattern as the customers): a year of charts reads a few thousand rows, not 100,000 orders and
// their lines. One row per day and fact: 'total' (orders placed, sales, revenue), 'status:<status>'
// (orders placed that stand there now), 'payment:<method>' and 'item:<type>:<id>' (sales only).
// A write adds what it changed (its new rows, less its old ones): an edit that moves no figure
// touches nothing. Frozen once landed: change it in a new file.

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
CREATE TABLE sales_facts (
  day date NOT NULL,
  fact text NOT NULL,
  label text NOT NULL DEFAULT '',
  orders integer NOT NULL DEFAULT 0,
  sales integer NOT NULL DEFAULT 0,
  quantity integer NOT NULL DEFAULT 0,
  revenue numeric(14,2) NOT NULL DEFAULT 0,
  PRIMARY KEY (day, fact)
);

-- What these orders add to the facts: +1 for each row of "added", -1 for each of "removed".
CREATE FUNCTION sales_facts_of(removed orders[], added orders[])
RETURNS TABLE (day date, fact text, label text, orders bigint, sales bigint, quantity bigint, revenue numeric)
LANGUAGE sql STABLE AS $fn$
  WITH changes AS (
    SELECT -1 AS sign, o.* FROM unnest(removed) AS o
    UNION ALL
    SELECT 1, o.* FROM unnest(added) AS o
  ), dated AS (
    SELECT sign, (created_at AT TIME ZONE 'Africa/Porto-Novo')::date AS day, status, payment_method, total, items,
           order_is_sale(status, payment_status) AS sale
    FROM changes
  )
  SELECT day, 'total', '', sum(sign), sum(sign) FILTER (WHERE sale), 0, coalesce(sum(sign * total) FILTER (WHERE sale), 0)
  FROM dated GROUP BY day
  UNION ALL
  SELECT day, 'status:' || status, '', sum(sign), 0, 0, 0 FROM dated GROUP BY day, status
  UNION ALL
  SELECT day, 'payment:' || payment_method, '', 0, sum(sign), 0, sum(sign * total) FROM dated WHERE sale GROUP BY day, payment_method
  UNION ALL
  SELECT day, 'item:' || (l->>'type') || ':' || (l->>'id'), max(l->>'name'), 0, 0, sum(sign * (l->>'quantity')::int),
         sum(sign * ((l->>'unitPrice')::numeric * (l->>'quantity')::int - coalesce((l->>'discount')::numeric, 0)))
  FROM dated, jsonb_array_elements(items) AS l WHERE sale GROUP BY day, l->>'type', l->>'id'
$fn$;

-- Adds them, in key order (two writers lock the rows they share in the same order).
CREATE FUNCTION apply_sales_facts(removed orders[], added orders[]) RETURNS void LANGUAGE sql AS $fn$
  INSERT INTO sales_facts AS f (day, fact, label, orders, sales, quantity, revenue)
  SELECT day, fact, label, orders, coalesce(sales, 0), quantity, revenue FROM sales_facts_of(removed, added)
  WHERE orders <> 0 OR coalesce(sales, 0) <> 0 OR quantity <> 0 OR revenue <> 0
  ORDER BY day, fact
  ON CONFLICT (day, fact) DO UPDATE
  SET orders = f.orders + excluded.orders, sales = f.sales + excluded.sales, quantity = f.quantity + excluded.quantity,
      revenue = f.revenue + excluded.revenue, label = CASE WHEN excluded.label <> '' THEN excluded.label ELSE f.label END
$fn$;

CREATE FUNCTION orders_sales_facts() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM apply_sales_facts('{}', ARRAY(SELECT o::orders FROM new_rows o));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM apply_sales_facts(ARRAY(SELECT o::orders FROM old_rows o), ARRAY(SELECT o::orders FROM new_rows o));
  ELSE
    PERFORM apply_sales_facts(ARRAY(SELECT o::orders FROM old_rows o), '{}');
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER orders_sales_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_sales_facts();
CREATE TRIGGER orders_sales_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_sales_facts();
CREATE TRIGGER orders_sales_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_sales_facts();

SELECT apply_sales_facts('{}', ARRAY(SELECT o FROM orders o));
`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
DROP TRIGGER IF EXISTS orders_sales_insert ON orders;
DROP TRIGGER IF EXISTS orders_sales_update ON orders;
DROP TRIGGER IF EXISTS orders_sales_delete ON orders;
DROP FUNCTION IF EXISTS orders_sales_facts();
DROP FUNCTION IF EXISTS apply_sales_facts(orders[], orders[]);
DROP FUNCTION IF EXISTS sales_facts_of(orders[], orders[]);
DROP TABLE IF EXISTS sales_facts;
`,
    )
    .execute(db);
}
