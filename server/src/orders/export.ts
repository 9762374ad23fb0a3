import { itemTypes, orderStatuses, paymentMethods, paymentStatuses, toCsv } from '@app/shared';
import { formatPhone } from '@app/shared/phone';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

// French Excel reads "1234,50": no thousands separator, a decimal comma.
const amount = (n: unknown) => Number(n).toFixed(2).replace('.', ',');
const label = <M extends Record<string, string>>(map: M, key: unknown) => map[String(key) as keyof M] ?? String(key);

/** Orders placed between two dates (inclusive, Benin time) as CSV for French Excel (BOM, ';'). */
export async function ordersCsv(db: Kysely<Database>, from: string, to: string): Promise<{ csv: string; count: number }> {
  const rows = await db
    .selectFrom('orders')
    .selectAll('orders')
    .select((eb) =>
      (['FV', 'FA'] as const).map((type) =>
        eb
          .selectFrom('invoices')
          .select('codeMecef')
          .whereRef('invoices.orderId', '=', 'orders.id')
          .where('invoices.type', '=', type)
          .where('invoices.status', '=', 'confirmed')
          .as(type === 'FV' ? 'saleCode' : 'creditCode'),
      ),
    )
    .where(sql<boolean>`(created_at AT TIME ZONE 'Africa/Porto-Novo')::date BETWEEN ${from}::date AND ${to}::date`)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  const header = [
    'Numéro',
    'Date',
    'Client',
    'Téléphone',
    'E-mail',
    'Ville',
    'Adresse',
    'Articles',
    'Sous-total',
    'Livraison',
    'Total',
    'Mode de paiement',
    'Paiement',
    'Référence',
    'Statut',
    'Facture normalisée (code MECeF/DGI)',
    'Facture d’avoir (code MECeF/DGI)',
  ];
  const lines = rows.map((o) => [
    o.number,
    new Date(o.createdAt).toLocaleString('fr-FR', { timeZone: 'Africa/Porto-Novo' }),
    o.customerName,
    formatPhone(o.phone),
    o.email ?? '',
    o.city ?? '',
    o.address ?? '',
    o.items.map((l) => `${l.quantity} × ${l.name} (${label(itemTypes, l.type)})`).join(' | '),
    amount(o.subtotal),
    amount(o.deliveryCost),
    amount(o.total),
    label(paymentMethods, o.paymentMethod),
    label(paymentStatuses, o.paymentStatus),
    o.paymentReference ?? '',
    label(orderStatuses, o.status),
    o.saleCode ?? '',
    o.creditCode ?? '',
  ]);
  return { csv: toCsv(header, lines), count: rows.length };
}
