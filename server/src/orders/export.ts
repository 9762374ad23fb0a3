import { itemTypes, orderStatuses, type OrderLine, paymentMethods, paymentStatuses, toCsv } from '@app/shared';
import { formatPhone } from '@app/shared/phone';
import { type Kysely, sql } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- resource tables are reached generically */

// French Excel reads "1234,50": no thousands separator, a decimal comma.
const amount = (n: unknown) => Number(n).toFixed(2).replace('.', ',');
const label = <M extends Record<string, string>>(map: M, key: unknown) => map[String(key) as keyof M] ?? String(key);

/** Orders placed between two dates (inclusive, Benin time) as CSV for French Excel (BOM, ';'). */
export async function ordersCsv(db: Kysely<any>, from: string, to: string): Promise<{ csv: string; count: number }> {
  const rows = await db
    .selectFrom('orders')
    .selectAll()
    .where(sql<boolean>`(created_at AT TIME ZONE 'Africa/Porto-Novo')::date BETWEEN ${from}::date AND ${to}::date`)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  const header = ['Numéro', 'Date', 'Client', 'Téléphone', 'E-mail', 'Ville', 'Adresse', 'Articles', 'Sous-total', 'Livraison', 'Total', 'Mode de paiement', 'Paiement', 'Référence', 'Statut'];
  const lines = rows.map((o) => [
    String(o.number),
    new Date(String(o.createdAt)).toLocaleString('fr-FR', { timeZone: 'Africa/Porto-Novo' }),
    String(o.customerName),
    formatPhone(String(o.phone)),
    String(o.email ?? ''),
    String(o.city ?? ''),
    String(o.address ?? ''),
    (o.items as OrderLine[]).map((l) => `${l.quantity} × ${l.name} (${label(itemTypes, l.type)})`).join(' | '),
    amount(o.subtotal),
    amount(o.deliveryCost),
    amount(o.total),
    label(paymentMethods, o.paymentMethod),
    label(paymentStatuses, o.paymentStatus),
    String(o.paymentReference ?? ''),
    label(orderStatuses, o.status),
  ]);
  return { csv: toCsv(header, lines), count: rows.length };
}
