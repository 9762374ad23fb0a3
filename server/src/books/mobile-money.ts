import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

// Mobile Money reconciled for a month (issue 60): each payment matched to its order — FedaPay's
// transactions (what it approved, what it kept), the references typed at the counter and by the
// couriers — and what does not match listed: an approved payment whose order is not paid or was
// cancelled, an amount that differs, an order paid online without an approved transaction, a
// Mobile Money sale without a reference or with another sale's reference, and the orders
// delivered but still to be paid.

type Db = Kysely<Database>;

export interface MoneyIssue {
  number: string;
  amount: number;
  /** What is wrong, in French. */
  problem: string;
}

/** `month`: AAAA-MM. Orders and payments by their Benin day. */
export async function mobileMoneyReconciliation(db: Db, month: string) {
  const start = sql`(${`${month}-01`}::date)::timestamp AT TIME ZONE 'Africa/Porto-Novo'`;
  const end = sql`((${`${month}-01`}::date + interval '1 month')::date)::timestamp AT TIME ZONE 'Africa/Porto-Novo'`;
  const [online, paidWithout, references, unpaid] = await Promise.all([
    // FedaPay's approved (and since refunded) transactions of the month, with their order.
    sql<{
      providerId: string;
      amount: string;
      fees: string | null;
      status: string;
      number: string;
      due: string;
      paymentStatus: string;
      orderStatus: string;
    }>`
      SELECT p.provider_id AS "providerId", p.amount, p.fees, p.status, o.number,
             o.total - coalesce(o.credit_amount, 0) AS due, o.payment_status AS "paymentStatus", o.status AS "orderStatus"
      FROM online_payments p JOIN orders o ON o.id = p.order_id
      WHERE p.status IN ('approved', 'refunded') AND p.updated_at >= ${start} AND p.updated_at < ${end}
      ORDER BY p.updated_at`.execute(db),
    // Orders marked paid online with no transaction FedaPay approved.
    sql<{ number: string; amount: string }>`
      SELECT o.number, o.total - coalesce(o.credit_amount, 0) AS amount FROM orders o
      WHERE o.payment_method = 'mobile_money_online' AND o.payment_status = 'paid' AND o.created_at >= ${start} AND o.created_at < ${end}
        AND NOT EXISTS (SELECT 1 FROM online_payments p WHERE p.order_id = o.id AND p.status = 'approved')
      ORDER BY o.created_at`.execute(db),
    // Mobile Money taken at the counter or by a courier: its part of the order, and the reference typed.
    sql<{ number: string; channel: string; amount: string; reference: string | null; shared: string }>`
      SELECT o.number, o.channel,
             CASE WHEN o.payment_method = 'cash_mobile_money' THEN o.total - coalesce(o.credit_amount, 0) - coalesce(o.cash_amount, 0)
                  ELSE o.total - coalesce(o.credit_amount, 0) END AS amount,
             nullif(trim(o.payment_reference), '') AS reference,
             count(*) OVER (PARTITION BY nullif(trim(o.payment_reference), '')) AS shared
      FROM orders o
      WHERE o.payment_method IN ('mobile_money', 'cash_mobile_money', 'mobile_money_on_delivery') AND o.payment_status = 'paid'
        AND o.created_at >= ${start} AND o.created_at < ${end}
      ORDER BY o.created_at`.execute(db),
    // Delivered, and not paid yet: money the couriers or the customers still owe.
    sql<{ number: string; amount: string; method: string }>`
      SELECT o.number, o.total - coalesce(o.credit_amount, 0) AS amount, o.payment_method AS method FROM orders o
      WHERE o.status = 'delivered' AND o.payment_status = 'pending' AND o.created_at >= ${start} AND o.created_at < ${end}
      ORDER BY o.created_at`.execute(db),
  ]);

  const issues: MoneyIssue[] = [];
  let matched = 0;
  for (const t of online.rows) {
    const amount = Number(t.amount);
    const problem =
      t.status === 'refunded'
        ? null
        : t.orderStatus === 'cancelled' || t.paymentStatus === 'to_refund'
          ? `transaction FedaPay n° ${t.providerId} approuvée pour une commande annulée : à rembourser`
          : t.paymentStatus !== 'paid'
            ? `transaction FedaPay n° ${t.providerId} approuvée, commande pas marquée payée`
            : amount !== Number(t.due)
              ? `transaction FedaPay n° ${t.providerId} de ${amount} F CFA pour ${Number(t.due)} F CFA dus`
              : null;
    if (problem) issues.push({ number: t.number, amount, problem });
    else if (t.status === 'approved') matched++;
  }
  for (const o of paidWithout.rows)
    issues.push({ number: o.number, amount: Number(o.amount), problem: 'payée en ligne, sans transaction FedaPay approuvée' });
  for (const r of references.rows) {
    if (!r.reference)
      issues.push({
        number: r.number,
        amount: Number(r.amount),
        problem: r.channel === 'counter' ? 'Mobile Money au comptoir sans référence' : 'Mobile Money à la livraison sans référence',
      });
    else if (Number(r.shared) > 1)
      issues.push({ number: r.number, amount: Number(r.amount), problem: `référence ${r.reference} saisie pour ${r.shared} ventes` });
    else matched++;
  }
  const approved = online.rows.filter((t) => t.status === 'approved');
  const sum = (rows: { amount: string }[]) => rows.reduce((t, r) => t + Number(r.amount), 0);
  return {
    month,
    online: {
      count: approved.length,
      received: sum(approved),
      /** What FedaPay kept, where its transactions said it. */
      fees: approved.reduce((t, r) => t + Number(r.fees ?? 0), 0),
      withoutFees: approved.filter((r) => r.fees === null).length,
    },
    counter: sum(references.rows.filter((r) => r.channel === 'counter')),
    delivery: sum(references.rows.filter((r) => r.channel !== 'counter')),
    matched,
    issues,
    /** Delivered and still to be paid. */
    unpaid: unpaid.rows.map((o) => ({ number: o.number, amount: Number(o.amount), method: o.method })),
  };
}
