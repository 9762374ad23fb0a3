import { deliveryCost, grandTotal, subtotal } from '@app/shared/cart';
import { formatDiscount, formatXOF } from '@app/shared/format';
import { discountLine } from '@app/shared/labels';
import { useCart } from './useCart';

/**
 * Sous-total, delivery and total (spec section 9); without delivery when nothing is shipped; with
 * the promo code's discount at checkout once the server has priced it.
 */
export function CartTotals({
  withDelivery = true,
  promo,
  points,
  credit = 0,
}: {
  withDelivery?: boolean;
  promo?: { code: string; label: string; discount: number } | null;
  /** Loyalty points the customer chose to spend, and the francs they take off. */
  points?: { points: number; discount: number } | null;
  /** The customer's credit (« avoir ») paying part of the total. */
  credit?: number;
}) {
  const { cart: full } = useCart();
  const cart = withDelivery ? full : { ...full, delivery: null };
  return (
    <dl className="space-y-2 text-sm">
      <div className="flex justify-between gap-3">
        <dt>Sous-total</dt>
        <dd data-testid="subtotal">{formatXOF(subtotal(cart))}</dd>
      </div>
      {promo && (
        <div className="flex justify-between gap-3 text-emerald-800">
          <dt>{discountLine({ promoCode: promo.code, promoLabel: promo.label, discount: promo.discount })}</dt>
          <dd data-testid="discount">{formatDiscount(promo.discount)}</dd>
        </div>
      )}
      {points && (
        <div className="flex justify-between gap-3 text-emerald-800">
          <dt>{discountLine({ loyaltyPoints: points.points, discount: points.discount })}</dt>
          <dd data-testid="points-discount">{formatDiscount(points.discount)}</dd>
        </div>
      )}
      {withDelivery && (
        <div className="flex justify-between gap-3">
          <dt>Livraison{cart.delivery ? ` (${cart.delivery.name})` : ''}</dt>
          <dd data-testid="delivery-cost">{cart.delivery ? formatXOF(deliveryCost(cart)) : 'Non choisie'}</dd>
        </div>
      )}
      <div className="flex justify-between gap-3 border-t border-slate-200 pt-2 text-base font-bold text-slate-900">
        <dt>Total</dt>
        <dd data-testid="grand-total">{formatXOF(grandTotal(cart) - (promo?.discount ?? 0) - (points?.discount ?? 0))}</dd>
      </div>
      {credit > 0 && (
        <>
          <div className="flex justify-between gap-3 text-emerald-800">
            <dt>Payé par votre avoir</dt>
            <dd data-testid="credit-used">{formatDiscount(credit)}</dd>
          </div>
          <div className="flex justify-between gap-3 font-semibold text-slate-900">
            <dt>Reste à payer</dt>
            <dd data-testid="amount-due">{formatXOF(grandTotal(cart) - (promo?.discount ?? 0) - (points?.discount ?? 0) - credit)}</dd>
          </div>
        </>
      )}
    </dl>
  );
}
