import { displayPhone, formatXOF } from '@app/shared/format';
import { paymentMethodLabels, labelOf } from '../../lib/labels';
import type { PlacedOrder } from './orderStore';

/** The order summary the shopper sends to the shop on WhatsApp: number, lines, total. */
export function orderMessage(order: PlacedOrder): string {
  const lines = order.items.map((item) => `- ${item.quantity} × ${item.name} : ${formatXOF(item.unitPrice * item.quantity)}`);
  return [
    `Bonjour, je viens de passer la commande ${order.number}.`,
    '',
    ...lines,
    order.delivery ? `Livraison (${order.delivery.name}) : ${formatXOF(order.deliveryCost)}` : null,
    `Total : ${formatXOF(order.total)}`,
    `Paiement : ${labelOf(paymentMethodLabels, order.paymentMethod)}`,
    '',
    `Nom : ${order.customerName}`,
    `Téléphone : ${displayPhone(order.phone)}`,
    `Adresse : ${order.address}, ${order.city}`,
  ]
    .filter((line) => line !== null)
    .join('\n');
}
