import { type Kysely, sql } from 'kysely';

// A customer may ask the owner, by message, to receive no more offers: the owner records it
// (customers.contact_withdrawn_at) and the WhatsApp export leaves them out. Consent is the
// shopper's: only a later order with the box ticked gives it back, so the customers' consent is
// the latest order's choice unless it came before the request. refresh_customers (first written in
// 202611290101_order_summaries.ts) is the same but for that one rule. Frozen once landed.

/** The function, with the customer's request honoured (up) or as it was before (down). */
const refreshCustomers = (withRequest: boolean) => {
  const consent = withRequest ? 's.consent AND (c.contact_withdrawn_at IS NULL OR s.last_order_at > c.contact_withdrawn_at)' : 's.consent';
  return `
CREATE OR REPLACE FUNCTION refresh_customers(phones text[]) RETURNS void LANGUAGE plpgsql AS $fn$
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
      marketing_consent = ${consent},
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
        (s.name, s.names, s.email, s.city, s.orders_count::integer, s.total_spent, s.first_order_at, s.last_order_at, ${consent});
END
$fn$;
`;
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`ALTER TABLE customers ADD COLUMN contact_withdrawn_at timestamptz;\n${refreshCustomers(true)}`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`${refreshCustomers(false)}\nALTER TABLE customers DROP COLUMN IF EXISTS contact_withdrawn_at;`).execute(db);
}
