import { displayPhone, formatDiscount, formatXOF } from '@app/shared/format';
import { discountLine, needsShipping, paymentMethodLabel } from '@app/shared/labels';
import { trackingPath } from '../tracking/path';
import type { PlacedOrder } from './orderStore';

/** The order summary the shopper sends to the shop on WhatsApp: number, lines, total, and the tracking link. */
export function orderMessage(order: PlacedOrder, origin = window.location.origin): string {
  const lines = order.items.map((item) => `- ${item.quantity} × ${item.name} : ${formatXOF(item.unitPrice * item.quantity)}`);
  return [
    `Bonjour, je viens de passer la commande ${order.number}.`,
    '',
    ...lines,
    discountLine(order) ? `${discountLine(order)} : ${formatDiscount(order.discount)}` : null,
    order.delivery ? `Livraison (${order.delivery.name}) : ${formatXOF(order.deliveryCost)}` : null,
    `Total : ${formatXOF(order.total)}`,
    `Paiement : ${paymentMethodLabel(order.paymentMethod, needsShipping(order.items))}`,
    '',
    `Nom : ${order.customerName}`,
    order.phone ? `Téléphone : ${displayPhone(order.phone)}` : null,
    order.address ? `Adresse : ${order.address}, ${order.city ?? ''}` : null,
    '',
    `Suivi : ${origin}${trackingPath(order.trackingToken)}`,
  ]
    .filter((line) => line !== null)
    .join('\n');
}
