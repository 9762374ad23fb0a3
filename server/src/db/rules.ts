import { type AnyResource, resources } from '@app/shared';
import { type Kysely, sql } from 'kysely';
import { snakeCase, tableName } from './columns';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- run by the migrator, on any schema
type AnyDb = Kysely<any>;

// The shop's rules that live in the database (its functions and triggers' functions), in force as
// written here. Each start compares them with the database's and replaces any that differ, under
// an advisory lock (servers starting together replace each once), then recomputes what the changed
// rules had summed up. Change a rule here, never in a migration: migrations create the tables and
// triggers that call these functions, and stay frozen. Whitespace does not count as a change.

export interface DatabaseRule {
  name: string;
  /** What follows `CREATE OR REPLACE FUNCTION` up to the body: arguments, result, language. */
  signature: string;
  body: string;
  /** What the rule's results are stored in, computed again when the rule changes. */
  recompute: ReadonlyArray<keyof typeof RECOMPUTE>;
}

/** Stored results, each computed again from the orders by the rules in force. */
const RECOMPUTE = {
  customers: `SELECT refresh_customers(ARRAY(SELECT DISTINCT phone FROM orders))`,
  salesFacts: `DELETE FROM sales_facts; DELETE FROM sales_months; SELECT apply_sales_facts('{}', ARRAY(SELECT o FROM orders o)); SELECT apply_return_facts(ARRAY(SELECT r FROM returns r))`,
  salesMonths: `DELETE FROM sales_months; SELECT apply_sales_months('{}', ARRAY(SELECT f FROM sales_facts f))`,
};

export const DATABASE_RULES: readonly DatabaseRule[] = [
  {
    // A sale: an order delivered or paid, neither cancelled nor refunded. One rule for what a customer
    // spent and for the sales charts (inlined by the planner: it costs nothing in a query).
    name: 'order_is_sale',
    signature: 'order_is_sale(status text, payment_status text) RETURNS boolean LANGUAGE sql IMMUTABLE',
    body: `
  SELECT status <> 'cancelled' AND payment_status NOT IN ('to_refund', 'refunded') AND (status = 'delivered' OR payment_status = 'paid')
`,
    recompute: ['customers', 'salesFacts'],
  },
  {
    // The customers of these phones, computed again from their orders (the phone index finds them).
    // Each row is first made to exist and locked, in phone order: a transaction writing an order of
    // the same phone waits for this one, then (a new statement, a new snapshot) counts its order too.
    // Consent is the latest choice: the latest order's box, a withdrawal the owner recorded after it,
    // or the customer's switch in Mon espace after both.
    // A sale at the counter without a phone has no customer.
    name: 'refresh_customers',
    signature: 'refresh_customers(phones text[]) RETURNS void LANGUAGE plpgsql',
    body: `
BEGIN
  INSERT INTO customers (phone, name, names, orders_count, total_spent, first_order_at, last_order_at, marketing_consent)
  SELECT p, '', '', 0, 0, now(), now(), false FROM unnest(phones) AS p WHERE p IS NOT NULL ORDER BY p
  ON CONFLICT (phone) DO NOTHING;
  PERFORM 1 FROM customers WHERE phone = ANY (phones) ORDER BY phone FOR UPDATE;
  -- A number corrected on its only order leaves no customer behind.
  DELETE FROM customers c WHERE c.phone = ANY (phones) AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.phone = c.phone);
  UPDATE customers c
  SET name = s.name, names = s.names, email = s.email, city = s.city, orders_count = s.orders_count,
      total_spent = s.total_spent, first_order_at = s.first_order_at, last_order_at = s.last_order_at,
      marketing_consent = CASE WHEN c.offers_opt_in_at > s.last_order_at AND (c.contact_withdrawn_at IS NULL OR c.offers_opt_in_at > c.contact_withdrawn_at) THEN true
        ELSE s.consent AND (c.contact_withdrawn_at IS NULL OR s.last_order_at > c.contact_withdrawn_at) END,
      updated_at = now()
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
           (array_agg(o.marketing_consent ORDER BY o.created_at DESC, o.id DESC))[1] AS consent
    FROM orders o
    WHERE o.phone = ANY (phones)
    GROUP BY o.phone
  ) s
  WHERE c.phone = s.phone
    AND (c.name, c.names, c.email, c.city, c.orders_count, c.total_spent, c.first_order_at, c.last_order_at, c.marketing_consent)
        IS DISTINCT FROM
        (s.name, s.names, s.email, s.city, s.orders_count::integer, s.total_spent, s.first_order_at, s.last_order_at, CASE WHEN c.offers_opt_in_at > s.last_order_at AND (c.contact_withdrawn_at IS NULL OR c.offers_opt_in_at > c.contact_withdrawn_at) THEN true
        ELSE s.consent AND (c.contact_withdrawn_at IS NULL OR s.last_order_at > c.contact_withdrawn_at) END);
END
`,
    recompute: ['customers'],
  },
  {
    // What these orders add to the sales facts: +1 for each row of "added", -1 for each of "removed".
    // A sold line's cost is its product's when it was sold (line_costs); its revenue counts in
    // "costed" only then, so the margin (costed less cost) is never taken on a line of unknown cost.
    name: 'order_facts',
    signature: `order_facts(removed orders[], added orders[])
RETURNS TABLE (day date, fact text, label text, orders bigint, sales bigint, quantity bigint, revenue numeric, cost numeric, costed numeric)
LANGUAGE sql STABLE`,
    body: `
  WITH changes AS (
    SELECT -1 AS sign, o.* FROM unnest(removed) AS o
    UNION ALL
    SELECT 1, o.* FROM unnest(added) AS o
  ), dated AS (
    SELECT sign, (created_at AT TIME ZONE 'Africa/Porto-Novo')::date AS day, status, payment_method, channel, total, items, line_costs,
           order_is_sale(status, payment_status) AS sale
    FROM changes
  ), lines AS (
    SELECT sign, day, channel, l->>'type' AS type, l->>'id' AS id, l->>'name' AS name, (l->>'quantity')::int AS quantity,
           (l->>'unitPrice')::numeric * (l->>'quantity')::int - coalesce((l->>'discount')::numeric, 0) AS revenue,
           CASE WHEN l->>'type' = 'product' THEN (line_costs->>(l->>'id'))::numeric * (l->>'quantity')::int END AS cost
    FROM dated, jsonb_array_elements(items) AS l WHERE sale
  ), facts AS (
    SELECT day, 'total' AS fact, '' AS label, sum(sign) AS orders, sum(sign) FILTER (WHERE sale) AS sales, 0 AS quantity,
           coalesce(sum(sign * total) FILTER (WHERE sale), 0) AS revenue, 0 AS cost, 0 AS costed
    FROM dated GROUP BY day
    UNION ALL
    SELECT day, 'status:' || status, '', sum(sign), 0, 0, 0, 0, 0 FROM dated GROUP BY day, status
    UNION ALL
    SELECT day, 'payment:' || payment_method, '', 0, sum(sign), 0, sum(sign * total), 0, 0 FROM dated WHERE sale GROUP BY day, payment_method
    UNION ALL
    SELECT day, 'channel:' || channel, '', 0, sum(sign), 0, sum(sign * total), 0, 0 FROM dated WHERE sale GROUP BY day, channel
    UNION ALL
    SELECT day, 'item:' || type || ':' || id, max(name), 0, 0, sum(sign * quantity), sum(sign * revenue),
           coalesce(sum(sign * cost), 0), coalesce(sum(sign * revenue) FILTER (WHERE cost IS NOT NULL), 0)
    FROM lines GROUP BY day, type, id
    UNION ALL
    SELECT day, 'total', '', 0, 0, 0, 0, coalesce(sum(sign * cost), 0), coalesce(sum(sign * revenue) FILTER (WHERE cost IS NOT NULL), 0)
    FROM lines GROUP BY day
    UNION ALL
    SELECT day, 'channel:' || channel, '', 0, 0, 0, 0, coalesce(sum(sign * cost), 0),
           coalesce(sum(sign * revenue) FILTER (WHERE cost IS NOT NULL), 0)
    FROM lines GROUP BY day, channel
  )
  SELECT day, fact, max(label), sum(orders), sum(sales), sum(quantity), sum(revenue), sum(cost), sum(costed) FROM facts GROUP BY day, fact
`,
    recompute: ['salesFacts'],
  },
  {
    // Adds them, in key order (two writers lock the rows they share in the same order).
    name: 'apply_sales_facts',
    signature: 'apply_sales_facts(removed orders[], added orders[]) RETURNS void LANGUAGE sql',
    body: `
  INSERT INTO sales_facts AS f (day, fact, label, orders, sales, quantity, revenue, cost, costed)
  SELECT day, fact, label, orders, coalesce(sales, 0), quantity, revenue, cost, costed FROM order_facts(removed, added)
  WHERE orders <> 0 OR coalesce(sales, 0) <> 0 OR quantity <> 0 OR revenue <> 0 OR cost <> 0 OR costed <> 0
  ORDER BY day, fact
  ON CONFLICT (day, fact) DO UPDATE
  SET orders = f.orders + excluded.orders, sales = f.sales + excluded.sales, quantity = f.quantity + excluded.quantity,
      revenue = f.revenue + excluded.revenue, cost = f.cost + excluded.cost, costed = f.costed + excluded.costed,
      label = CASE WHEN excluded.label <> '' THEN excluded.label ELSE f.label END
`,
    recompute: ['salesFacts'],
  },
  {
    // Once per statement on orders, with the rows it wrote (a bulk import refreshes each phone and day
    // once): whatever code path writes an order, its customer and the sales follow in its transaction.
    name: 'orders_summaries',
    signature: 'orders_summaries() RETURNS trigger LANGUAGE plpgsql',
    body: `
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
`,
    recompute: ['customers', 'salesFacts'],
  },
  {
    // What returns take off the sales facts, on the day each was made (counter/returns.ts): the
    // revenue (net sales), the articles' quantity, revenue and cost (they come back), the order's
    // channel and payment method; and the returns themselves apart (fact 'returns': how many, how much).
    name: 'return_facts',
    signature: `return_facts(added returns[])
RETURNS TABLE (day date, fact text, label text, orders bigint, sales bigint, quantity bigint, revenue numeric, cost numeric, costed numeric)
LANGUAGE sql STABLE`,
    body: `
  WITH r AS (
    SELECT (r.created_at AT TIME ZONE 'Africa/Porto-Novo')::date AS day, r.amount, r.lines, o.channel, o.payment_method, o.line_costs
    FROM unnest(added) AS r JOIN orders o ON o.id = r.sale
  ), lines AS (
    SELECT day, channel, l->>'type' AS type, l->>'id' AS id, l->>'name' AS name, (l->>'quantity')::int AS quantity,
           (l->>'refund')::numeric AS refund,
           CASE WHEN l->>'type' = 'product' THEN (line_costs->>(l->>'id'))::numeric * (l->>'quantity')::int END AS cost
    FROM r, jsonb_array_elements(lines) AS l
  ), facts AS (
    SELECT day, 'returns' AS fact, '' AS label, 0::bigint AS orders, count(*) AS sales, 0::bigint AS quantity, sum(amount) AS revenue,
           0::numeric AS cost, 0::numeric AS costed
    FROM r GROUP BY day
    UNION ALL
    SELECT day, 'total', '', 0, 0, 0, -sum(amount), 0, 0 FROM r GROUP BY day
    UNION ALL
    SELECT day, 'channel:' || channel, '', 0, 0, 0, -sum(amount), 0, 0 FROM r GROUP BY day, channel
    UNION ALL
    SELECT day, 'payment:' || payment_method, '', 0, 0, 0, -sum(amount), 0, 0 FROM r GROUP BY day, payment_method
    UNION ALL
    SELECT day, 'item:' || type || ':' || id, max(name), 0, 0, -sum(quantity), -sum(refund), -coalesce(sum(cost), 0),
           -coalesce(sum(refund) FILTER (WHERE cost IS NOT NULL), 0)
    FROM lines GROUP BY day, type, id
    UNION ALL
    SELECT day, 'total', '', 0, 0, 0, 0, -coalesce(sum(cost), 0), -coalesce(sum(refund) FILTER (WHERE cost IS NOT NULL), 0)
    FROM lines GROUP BY day
    UNION ALL
    SELECT day, 'channel:' || channel, '', 0, 0, 0, 0, -coalesce(sum(cost), 0), -coalesce(sum(refund) FILTER (WHERE cost IS NOT NULL), 0)
    FROM lines GROUP BY day, channel
  )
  SELECT day, fact, max(label), sum(orders)::bigint, sum(sales)::bigint, sum(quantity)::bigint, sum(revenue), sum(cost), sum(costed)
  FROM facts GROUP BY day, fact
`,
    recompute: ['salesFacts'],
  },
  {
    name: 'apply_return_facts',
    signature: 'apply_return_facts(added returns[]) RETURNS void LANGUAGE sql',
    body: `
  INSERT INTO sales_facts AS f (day, fact, label, orders, sales, quantity, revenue, cost, costed)
  SELECT day, fact, label, orders, sales, quantity, revenue, cost, costed FROM return_facts(added)
  WHERE orders <> 0 OR sales <> 0 OR quantity <> 0 OR revenue <> 0 OR cost <> 0 OR costed <> 0
  ORDER BY day, fact
  ON CONFLICT (day, fact) DO UPDATE
  SET orders = f.orders + excluded.orders, sales = f.sales + excluded.sales, quantity = f.quantity + excluded.quantity,
      revenue = f.revenue + excluded.revenue, cost = f.cost + excluded.cost, costed = f.costed + excluded.costed,
      label = CASE WHEN f.label <> '' THEN f.label ELSE excluded.label END
`,
    recompute: ['salesFacts'],
  },
  {
    // The facts summed by month (sales_months), as sales_facts rows are written: what a year's
    // figures read (sales/figures.ts). Called by the triggers of migrations/202611300350_sales_months.ts.
    name: 'apply_sales_months',
    signature: 'apply_sales_months(removed sales_facts[], added sales_facts[]) RETURNS void LANGUAGE sql',
    body: `
  INSERT INTO sales_months AS m (month, fact, label, orders, sales, quantity, revenue, cost, costed)
  SELECT date_trunc('month', day)::date, fact, coalesce(max(label) FILTER (WHERE sign = 1), ''), sum(sign * orders), sum(sign * sales),
         sum(sign * quantity), sum(sign * revenue), sum(sign * cost), sum(sign * costed)
  FROM (SELECT -1 AS sign, f.* FROM unnest(removed) AS f UNION ALL SELECT 1, f.* FROM unnest(added) AS f) AS changes
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (month, fact) DO UPDATE
  SET orders = m.orders + excluded.orders, sales = m.sales + excluded.sales, quantity = m.quantity + excluded.quantity,
      revenue = m.revenue + excluded.revenue, cost = m.cost + excluded.cost, costed = m.costed + excluded.costed,
      label = CASE WHEN excluded.label <> '' THEN excluded.label ELSE m.label END
`,
    recompute: ['salesMonths'],
  },
  {
    // The article's id in an item fact ('item:product:<uuid>'), as a uuid to join its table by its
    // key; null for one that is not a uuid (inlined by the planner, like order_is_sale).
    name: 'item_uuid',
    signature: 'item_uuid(fact text) RETURNS uuid LANGUAGE sql IMMUTABLE',
    body: `
  SELECT CASE WHEN split_part(fact, ':', 3) ~ '^[0-9a-fA-F-]{36}$' THEN split_part(fact, ':', 3)::uuid END
`,
    recompute: [],
  },
  {
    // A session moved to another day is reminded again the day before its new date.
    name: 'course_sessions_moved',
    signature: 'course_sessions_moved() RETURNS trigger LANGUAGE plpgsql',
    body: `
BEGIN
  NEW.reminded_at := NULL;
  RETURN NEW;
END
`,
    recompute: [],
  },
];

/**
 * Rules no longer in force, dropped with the next change of rules (their name, then their arguments):
 * a rule whose result changed shape takes a new name, since CREATE OR REPLACE cannot change it.
 */
export const RETIRED_RULES: readonly string[] = ['sales_facts_of(orders[], orders[])'];

const same = (a: string, b: string) => a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

/**
 * Puts the rules of `rules` in force: each function whose body differs from the database's (or that
 * is missing) is replaced, then what they summed up is computed again. Returns the names replaced.
 */
export async function applyDatabaseRules(db: AnyDb, rules: readonly DatabaseRule[] = DATABASE_RULES): Promise<string[]> {
  const retired = RETIRED_RULES.map((r) => r.slice(0, r.indexOf('(')));
  const names = [...rules.map((rule) => rule.name), ...retired];
  const current = async (q: AnyDb) => {
    const { rows } = await sql<{ proname: string; prosrc: string }>`
      SELECT p.proname, p.prosrc FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = current_schema() AND p.proname = ANY (${names})`.execute(q);
    return new Map(rows.map((row) => [row.proname, row.prosrc]));
  };
  const changed = (found: Map<string, string>) => rules.filter((rule) => !same(found.get(rule.name) ?? '', rule.body));
  const left = (found: Map<string, string>) => RETIRED_RULES.filter((_, i) => found.has(retired[i]!));
  // The usual start: every rule already in force, none retired still there, and no lock taken.
  const found = await current(db);
  if (!changed(found).length && !left(found).length) return [];
  return db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('boutique:database_rules'))`.execute(tx);
    const now = await current(tx);
    const replace = changed(now);
    for (const rule of replace) {
      await sql.raw(`CREATE OR REPLACE FUNCTION ${rule.signature} AS $fn$${rule.body}$fn$`).execute(tx);
    }
    // Once the rules that called them are replaced.
    for (const old of left(now)) await sql.raw(`DROP FUNCTION IF EXISTS ${old}`).execute(tx);
    for (const key of new Set(replace.flatMap((rule) => rule.recompute))) await sql.raw(RECOMPUTE[key]).execute(tx);
    return replace.map((rule) => rule.name);
  });
}

/** The CHECK an enum column gets: its declared values, and nothing else in it. */
const ENUM_CHECK = /^CHECK \(\((\w+) = ANY \(ARRAY\[(.*)\]\)\)\)( NOT VALID)?$/;
const valuesOf = (list: string) => [...list.matchAll(/'((?:[^']|'')*)'::text/g)].map((m) => m[1]!.replaceAll("''", "'"));

/**
 * Each enum field's CHECK lists exactly its declared values (the outbox's channels, an order's
 * statuses): a value added to a declaration is allowed from the next start, with no migration to
 * write. A constraint that says more than a list of values is left alone (the drift test shows it).
 * The new CHECK is NOT VALID: rows written before a value was withdrawn stay. Returns the columns changed.
 */
export async function applyEnumChecks(db: AnyDb, registry: readonly AnyResource[] = resources): Promise<string[]> {
  const wanted = registry.flatMap((resource) =>
    Object.entries(resource.fields)
      .filter(([, field]) => field.kind === 'enum' && field.options)
      .map(([key, field]) => ({ table: tableName(resource), column: snakeCase(key), values: Object.keys(field.options!) })),
  );
  const differing = async (q: AnyDb) => {
    const { rows } = await sql<{ table: string; name: string; def: string; columns: string[] }>`
      SELECT c.conrelid::regclass::text AS "table", c.conname AS "name", pg_get_constraintdef(c.oid) AS "def",
             ARRAY(SELECT a.attname::text FROM pg_attribute a WHERE a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)) AS "columns"
      FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE n.nspname = current_schema() AND c.contype = 'c'
        -- A constraint another server is replacing right now has no definition yet: it looks again under the lock.
        AND pg_get_constraintdef(c.oid) IS NOT NULL`.execute(q);
    return wanted.flatMap((want) => {
      const onColumn = rows.filter((r) => r.table === want.table && r.columns.length === 1 && r.columns[0] === want.column);
      const plain = onColumn.filter((r) => ENUM_CHECK.exec(r.def)?.[1] === want.column);
      // Something else guards this column (a hand-written CHECK): not ours to replace.
      if (!plain.length && onColumn.some((r) => r.def.includes('ANY (ARRAY['))) return [];
      const same = plain.some(
        (r) => [...valuesOf(ENUM_CHECK.exec(r.def)![2]!)].sort().join('\u0000') === [...want.values].sort().join('\u0000'),
      );
      return same ? [] : [{ ...want, replace: plain.map((r) => r.name) }];
    });
  };
  if (!(await differing(db)).length) return [];
  return db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('boutique:database_rules'))`.execute(tx);
    const changes = await differing(tx);
    for (const change of changes) {
      for (const name of change.replace) await sql`ALTER TABLE ${sql.table(change.table)} DROP CONSTRAINT ${sql.ref(name)}`.execute(tx);
      const list = sql.join(change.values.map((v) => sql.lit(v)));
      const name = `${change.table}_${change.column}_check`;
      await sql`ALTER TABLE ${sql.table(change.table)} ADD CONSTRAINT ${sql.ref(name)} CHECK (${sql.ref(change.column)} IN (${list})) NOT VALID`.execute(
        tx,
      );
    }
    return changes.map((change) => `${change.table}.${change.column}`);
  });
}
