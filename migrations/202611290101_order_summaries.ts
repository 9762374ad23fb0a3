import { type Kysely, sql } from 'kysely';

// What the owner reads of the orders, kept by the database in the transaction of every order
// written (placed, moved, paid, corrected by the owner, whatever the code path):
// - customers: one per phone number, written by `npm run migration:new customers` from the
//   resource's declaration, then completed by hand; computed again from that phone's orders;
// - sales_facts: the sales summed by Benin day, one row per day and fact: 'total' (orders placed,
//   sales, revenue), 'status:<status>' (orders placed that stand there now), 'payment:<method>' and
//   'item:<type>:<id>' (sales only). A write adds what it changed (its new rows less its old ones):
//   an edit that moves no figure touches nothing. A year of charts reads a few thousand rows.
// An order also records whether the shopper agreed to receive offers (the box at checkout).
// Frozen once landed: change it in a new file.

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
CREATE TABLE customers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (char_length(name) <= 100),
  phone text NOT NULL,
  names text NOT NULL CHECK (char_length(names) <= 1000),
  email text,
  city text CHECK (char_length(city) <= 100),
  orders_count integer NOT NULL CHECK (orders_count >= 0),
  total_spent numeric(12,2) NOT NULL CHECK (total_spent >= 0),
  first_order_at timestamptz NOT NULL,
  last_order_at timestamptz NOT NULL,
  marketing_consent boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX customers_phone ON customers (phone);
CREATE INDEX customers_created_at ON customers (created_at DESC, id);
CREATE INDEX customers_last_order_at ON customers (last_order_at DESC, id DESC);
CREATE INDEX customers_total_spent ON customers (total_spent DESC, id DESC);
CREATE INDEX customers_phone_search ON customers USING gin (f_unaccent(lower(phone)) gin_trgm_ops);
CREATE INDEX customers_names_search ON customers USING gin (f_unaccent(lower(names)) gin_trgm_ops);

ALTER TABLE orders ADD COLUMN marketing_consent boolean NOT NULL DEFAULT false;

-- A sale: an order delivered or paid, neither cancelled nor refunded. One rule for what a customer
-- spent and for the sales charts (inlined by the planner: it costs nothing in a query).
CREATE FUNCTION order_is_sale(status text, payment_status text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $fn$
  SELECT status <> 'cancelled' AND payment_status NOT IN ('to_refund', 'refunded') AND (status = 'delivered' OR payment_status = 'paid')
$fn$;

-- The customers of these phones, computed again from their orders (the phone index finds them).
-- Each row is first made to exist and locked, in phone order: a transaction writing an order of
-- the same phone waits for this one, then (a new statement, a new snapshot) counts its order too.
CREATE FUNCTION refresh_customers(phones text[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO customers (phone, name, names, orders_count, total_spent, first_order_at, last_order_at, marketing_consent)
  SELECT p, '', '', 0, 0, now(), now(), false FROM unnest(phones) AS p ORDER BY p
  ON CONFLICT (phone) DO NOTHING;
  PERFORM 1 FROM customers WHERE phone = ANY (phones) ORDER BY phone FOR UPDATE;
  -- A number corrected on its only order leaves no customer behind.
  DELETE FROM customers c WHERE c.phone = ANY (phones) AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.phone = c.phone);
  UPDATE customers c
  SET name = s.name, names = s.names, email = s.email, city = s.city, orders_count = s.orders_count,
      total_spent = s.total_spent, first_order_at = s.first_order_at, last_order_at = s.last_order_at,
      marketing_consent = s.marketing_consent, updated_at = now()
  FROM (
    SELECT o.phone,
           (array_agg(o.customer_name ORDER BY o.created_at DESC, o.id DESC))[1] AS name,
           left(string_agg(DISTINCT o.customer_name, ', '), 1000) AS names,
           (array_agg(o.email ORDER BY o.created_at DESC, o.id DESC) FILTER (WHERE o.email IS NOT NULL))[1] AS email,
           (array_agg(o.city ORDER BY o.created_at DESC, o.id DESC) FILTER (WHERE o.city IS NOT NULL))[1] AS city,
           count(*) FILTER (WHERE o.status <> 'cancelled') AS orders_count,
           coalesce(sum(o.total) FILTER (WHERE order_is_sale(o.status, o.payment_status)), 0) AS total_spent,
           min(o.created_at) AS first_order_at,
           max(o.created_at) AS last_order_at,
           (array_agg(o.marketing_consent ORDER BY o.created_at DESC, o.id DESC))[1] AS marketing_consent
    FROM orders o
    WHERE o.phone = ANY (phones)
    GROUP BY o.phone
  ) s
  WHERE c.phone = s.phone
    AND (c.name, c.names, c.email, c.city, c.orders_count, c.total_spent, c.first_order_at, c.last_order_at, c.marketing_consent)
        IS DISTINCT FROM
        (s.name, s.names, s.email, s.city, s.orders_count::integer, s.total_spent, s.first_order_at, s.last_order_at, s.marketing_consent);
END
$fn$;

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

-- Once per statement, with the rows it wrote (a bulk import refreshes each phone and day once):
-- whatever code path writes an order, its customer and the sales follow in the same transaction.
CREATE FUNCTION orders_summaries() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_customers(ARRAY(SELECT DISTINCT phone FROM new_rows));
    PERFORM apply_sales_facts('{}', ARRAY(SELECT o::orders FROM new_rows o));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM refresh_customers(ARRAY(SELECT phone FROM old_rows UNION SELECT phone FROM new_rows));
    PERFORM apply_sales_facts(ARRAY(SELECT o::orders FROM old_rows o), ARRAY(SELECT o::orders FROM new_rows o));
  ELSE
    PERFORM refresh_customers(ARRAY(SELECT DISTINCT phone FROM old_rows));
    PERFORM apply_sales_facts(ARRAY(SELECT o::orders FROM old_rows o), '{}');
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER orders_summaries_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_summaries();
CREATE TRIGGER orders_summaries_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_summaries();
CREATE TRIGGER orders_summaries_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_summaries();

SELECT refresh_customers(ARRAY(SELECT DISTINCT phone FROM orders));
SELECT apply_sales_facts('{}', ARRAY(SELECT o FROM orders o));
`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
DROP TRIGGER IF EXISTS orders_summaries_insert ON orders;
DROP TRIGGER IF EXISTS orders_summaries_update ON orders;
DROP TRIGGER IF EXISTS orders_summaries_delete ON orders;
DROP FUNCTION IF EXISTS orders_summaries();
DROP FUNCTION IF EXISTS apply_sales_facts(orders[], orders[]);
DROP FUNCTION IF EXISTS sales_facts_of(orders[], orders[]);
DROP TABLE IF EXISTS sales_facts;
DROP FUNCTION IF EXISTS refresh_customers(text[]);
DROP FUNCTION IF EXISTS order_is_sale(text, text);
ALTER TABLE orders DROP COLUMN IF EXISTS marketing_consent;
DROP TABLE IF EXISTS customers;
`,
    )
    .execute(db);
}
