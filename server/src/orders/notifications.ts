import {
  adminPath,
  displayPhone,
  formatXOF,
  type OrderLine,
  orders,
  type OrderStatus,
  orderStatuses,
  products,
  statusMessage,
  trackingCode,
  trackingPath,
  whatsappLink,
  type WhatsAppTemplate,
  firstName,
} from '@app/shared';
import type { Kysely } from 'kysely';
import { alertOwner } from '../alerts/owner';
import { enqueueMail } from '../platform/outbox';
import { tellCustomer } from '../whatsapp/messages';
import type { Config } from '../config';
import type { Database } from '../db/schema';

// Mails and alerts about orders, written in the transaction of the order's change (platform/outbox):
// a slow or failing mail server never slows or fails the shopper, and nothing is lost.

interface PlacedOrder {
  id: string;
  number: string;
  customerName: string;
  phone: string | null;
  email: string | null;
  city: string | null;
  address: string | null;
  items: OrderLine[];
  total: number;
  trackingToken: string;
}

const lineText = (l: OrderLine) => `- ${l.quantity} × ${l.name} : ${formatXOF(l.unitPrice * l.quantity)}`;

/** A product this order brought down to its low-stock threshold or below. */
export interface LowStock {
  id: string;
  name: string;
  stock: number;
}

/**
 * `tx`: the order's transaction. `low`: the products it brought to their threshold; the owner hears
 * of a sold-out one with the order, and of each one in a stock alert of its own.
 */
/** The owner's alert for each product an order (online or at the counter) brought to its threshold. */
export async function lowStockAlerts(tx: Kysely<Database>, config: Config, number: string, low: LowStock[]) {
  for (const product of low) {
    await alertOwner(tx, config, {
      kind: 'stock',
      subject:
        product.stock === 0
          ? `Rupture de stock : ${product.name}`
          : `Stock bas : ${product.name} (${product.stock} restant${product.stock > 1 ? 's' : ''})`,
      lines: [`La commande ${number} a fait descendre le stock de « ${product.name} » à ${product.stock}.`],
      adminPath: adminPath(products, product.id),
    });
  }
}

export async function orderPlacedMails(tx: Kysely<Database>, config: Config, order: PlacedOrder, low: LowStock[] = []) {
  const tracking = `${config.publicUrl}${trackingPath(order.trackingToken)}`;
  const emptied = low.filter((p) => p.stock === 0).map((p) => p.name);
  await alertOwner(tx, config, {
    kind: 'order',
    subject: `Nouvelle commande ${order.number} – ${formatXOF(order.total)}${emptied.length ? ' – rupture de stock' : ''}`,
    lines: [
      ...(emptied.length
        ? [`Rupture de stock : cette commande a pris les dernières unités de ${emptied.map((n) => `« ${n} »`).join(', ')}.`, '']
        : []),
      `Nouvelle commande ${order.number} de ${order.customerName}${order.phone ? ` (${displayPhone(order.phone)})` : ''}.`,
      order.phone ? `WhatsApp : ${whatsappLink(order.phone)}` : 'Sans téléphone.',
      order.address ? `Livraison : ${order.address}, ${order.city ?? ''}` : 'Sans livraison.',
      '',
      ...order.items.map(lineText),
      `Total : ${formatXOF(order.total)}`,
    ],
    adminPath: adminPath(orders, order.id),
    push: {
      title: `Nouvelle commande ${order.number} – ${formatXOF(order.total)}`,
      body: `${order.customerName} · ${order.items.length} article${order.items.length > 1 ? 's' : ''}`,
    },
  });
  await lowStockAlerts(tx, config, order.number, low);
  await tellCustomer(
    tx,
    config,
    { phone: order.phone, email: order.email, orderId: order.id },
    { template: 'commande_recue', values: [firstName(order.customerName), order.number, formatXOF(order.total), tracking] },
    {
      subject: `Votre commande ${order.number} est bien reçue`,
      text: [
        statusMessage('new', order.customerName, order.number),
        '',
        ...order.items.map(lineText),
        `Total : ${formatXOF(order.total)}`,
        '',
        `Suivre votre commande : ${tracking}`,
        `Sans ce lien : numéro ${order.number}, votre téléphone et le code de suivi ${trackingCode(order.trackingToken)}.`,
      ].join('\n'),
    },
  );
}

/** The WhatsApp template of each status a customer hears of ("nouvelle" is the order received). */
const STATUS_TEMPLATES = {
  confirmed: 'commande_confirmee',
  shipped: 'commande_expediee',
  delivered: 'commande_livree',
  cancelled: 'commande_annulee',
} as const satisfies Partial<Record<OrderStatus, WhatsAppTemplate>>;

/** `tx`: the transaction of the change of status: the customer hears of it on WhatsApp or by e-mail. */
export async function statusChangedMail(
  tx: Kysely<Database>,
  config: Config,
  order: { id: string; number: string; customerName: string; phone: string | null; email: string | null; trackingToken: string },
  status: OrderStatus,
) {
  const tracking = `${config.publicUrl}${trackingPath(order.trackingToken)}`;
  const mail = {
    subject: `Commande ${order.number} : ${orderStatuses[status].toLowerCase()}`,
    text: statusMessage(status, order.customerName, order.number, tracking),
  };
  const customer = { phone: order.phone, email: order.email, orderId: order.id };
  if (status === 'new') {
    if (order.email) await enqueueMail(tx, { ...mail, to: order.email });
    return;
  }
  await tellCustomer(
    tx,
    config,
    customer,
    { template: STATUS_TEMPLATES[status], values: [firstName(order.customerName), order.number, tracking] },
    mail,
  );
}
