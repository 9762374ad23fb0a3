// The order process, shared by the server (which enforces it) and the admin (which offers only
// the allowed moves). Kept free of zod so screens can import it cheaply.
import type { orderStatuses, paymentStatuses } from '../resources/labels';

export type OrderStatus = keyof typeof orderStatuses;
export type PaymentStatus = keyof typeof paymentStatuses;

/**
 * nouvelle → confirmée → expédiée → livrée; annulée from any state before livrée.
 * A cancelled order comes back only through the explicit "reopen" action (stock taken again).
 */
export const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  new: ['confirmed', 'cancelled'],
  confirmed: ['shipped', 'cancelled'],
  shipped: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
};

/**
 * À encaisser ⇄ payée (a mistake can be undone), payée → remboursée. À rembourser: money that
 * arrived for a cancelled order (a late Mobile Money payment); the owner refunds it, or keeps it
 * when the order is reopened.
 */
export const NEXT_PAYMENT_STATUSES: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ['paid'],
  paid: ['pending', 'refunded'],
  to_refund: ['refunded', 'paid'],
  refunded: [],
};

export const canMove = (from: OrderStatus, to: OrderStatus) => NEXT_STATUSES[from].includes(to);

/**
 * Moves that give money back or undo a payment: a refund (or its promise), a payment taken back to
 * « à encaisser », cancelling an order already paid. Only the roles of `AREAS.refunds` make them
 * (the server refuses the others; the admin does not offer them).
 */
export const reversesMoney = (
  order: { status: OrderStatus; paymentStatus: PaymentStatus },
  move: { to: OrderStatus | PaymentStatus; payment: boolean },
) =>
  move.payment
    ? move.to === 'refunded' || move.to === 'to_refund' || (order.paymentStatus === 'paid' && move.to === 'pending')
    : move.to === 'cancelled' && order.paymentStatus === 'paid';

/** What the owner sends the customer on WhatsApp (and by e-mail) at each status. */
export const STATUS_MESSAGES: Record<OrderStatus, string> = {
  new: 'nous avons bien reçu votre commande {number}. Nous vous appelons très vite pour la confirmer.',
  confirmed: 'votre commande {number} est confirmée. Nous préparons vos articles.',
  shipped: 'votre commande {number} est en route. Le livreur vous appellera avant de passer.',
  delivered: 'votre commande {number} est livrée. Merci pour votre confiance !',
  cancelled: 'votre commande {number} est annulée. Contactez-nous pour toute question.',
};

export function statusMessage(status: OrderStatus, customerName: string, number: string, trackingUrl?: string) {
  const text = `Bonjour ${customerName}, ${STATUS_MESSAGES[status].replace('{number}', number)}`;
  return trackingUrl ? `${text}\nSuivi : ${trackingUrl}` : text;
}

/** The path of an order's private tracking page. */
export const trackingPath = (token: string) => `/suivi/${token}`;
