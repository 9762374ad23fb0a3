import { adminPath, formatXOF, type OrderLine, orders, type OrderStatus, orderStatuses, statusMessage, trackingPath } from '@app/shared';
import type { Kysely } from 'kysely';
import { alertOwner } from '../platform/alerts';
import { sendMail } from '../platform/mail';
import type { Config } from '../config';
import type { Database } from '../db/schema';

// Mails about orders and requests. They are sent after the answer (ctx.afterResponse), so a slow
// or failing mail server never slows or fails the shopper; failures are logged for the owner.

interface PlacedOrder {
  id: string;
  number: string;
  customerName: string;
  phone: string;
  email: string | null;
  city: string | null;
  address: string | null;
  items: OrderLine[];
  total: number;
  trackingToken: string;
}

const lineText = (l: OrderLine) => `- ${l.quantity} × ${l.name} : ${formatXOF(l.unitPrice * l.quantity)}`;

/** `emptied`: the products this order sold out (the owner hears of it with the order). */
export async function orderPlacedMails(db: Kysely<Database>, config: Config, order: PlacedOrder, emptied: string[] = []) {
  const tracking = `${config.publicUrl}${trackingPath(order.trackingToken)}`;
  await alertOwner(db, config, {
    subject: `Nouvelle commande ${order.number} – ${formatXOF(order.total)}${emptied.length ? ' – rupture de stock' : ''}`,
    lines: [
      ...(emptied.length
        ? [`Rupture de stock : cette commande a pris les dernières unités de ${emptied.map((n) => `« ${n} »`).join(', ')}.`, '']
        : []),
      `Nouvelle commande ${order.number} de ${order.customerName} (${order.phone}).`,
      order.address ? `Livraison : ${order.address}, ${order.city ?? ''}` : 'Sans livraison.',
      '',
      ...order.items.map(lineText),
      `Total : ${formatXOF(order.total)}`,
    ],
    adminPath: adminPath(orders, order.id),
  });
  if (order.email) {
    await sendMail(config, {
      to: order.email,
      subject: `Votre commande ${order.number} est bien reçue`,
      text: [
        statusMessage('new', order.customerName, order.number),
        '',
        ...order.items.map(lineText),
        `Total : ${formatXOF(order.total)}`,
        '',
        `Suivre votre commande : ${tracking}`,
      ].join('\n'),
    });
  }
}

export async function statusChangedMail(
  config: Config,
  order: { number: string; customerName: string; email: string | null; trackingToken: string },
  status: OrderStatus,
) {
  if (!order.email) return;
  await sendMail(config, {
    to: order.email,
    subject: `Commande ${order.number} : ${orderStatuses[status].toLowerCase()}`,
    text: statusMessage(status, order.customerName, order.number, `${config.publicUrl}${trackingPath(order.trackingToken)}`),
  });
}
