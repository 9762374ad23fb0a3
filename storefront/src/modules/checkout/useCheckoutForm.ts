import { orderItems } from '@app/shared/cart';
import { useMutation } from '@tanstack/react-query';
import { ONLINE_PAYMENT_METHOD, type WEB_PAYMENT_METHODS } from '@app/shared/labels';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../ui/toast';
import { apiFailure } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useCart } from '../cart/useCart';
import { goToPayment } from '../payments/usePayments';
import { trackingPath } from '../tracking/path';
import { collect, emailError, phoneError, required } from '../ui/validate';
import { useForm } from '../ui/useForm';
import { checkoutKey, rememberOrder } from './orderStore';
import { keepPromoCode } from '../../lib/promoLink';

const initial = { customerName: '', phone: '', email: '', city: '', address: '', note: '', paymentMethod: 'cash_on_delivery' };
export type CheckoutValues = typeof initial;

type Method = (typeof WEB_PAYMENT_METHODS)[number];

/** One message at a time: a second click updates the toast instead of stacking another. */
const CHECKOUT_TOAST = 'checkout-error';
const showOne = (message: string) => toast.errorOnce(CHECKOUT_TOAST, message);

/** After the errors render, the cursor goes to the first field to fix (or the delivery choice). */
function focusFirstInvalid() {
  requestAnimationFrame(() => {
    const field =
      document.querySelector<HTMLElement>('form [aria-invalid="true"]') ??
      document.querySelector<HTMLElement>('form input[name="delivery"]');
    field?.focus();
  });
}

/**
 * `shipping`: the cart holds something to deliver (a product), so address and delivery option are asked.
 * `methods`: the ways this cart may be paid; a choice no longer offered falls back to the first.
 */
export function useCheckoutForm(
  needsDelivery: boolean,
  shipping: boolean,
  methods: Method[],
  honeypot: () => string | undefined,
  refreshStock: () => unknown,
  promo: { code: string | null; refuse: (message: string) => void },
  /** What the signed-in customer spends of their own: loyalty points, francs of credit (0: none). */
  spend: { loyaltyPoints: number; useCredit: number } = { loyaltyPoints: 0, useCredit: 0 },
) {
  const form = useForm<CheckoutValues, 'delivery'>(initial);
  /** The box "offres par WhatsApp": unticked until the shopper ticks it. */
  const [marketingConsent, setMarketingConsent] = useState(false);
  /** The box "suivi par e-mail plutôt que WhatsApp", offered when the shop sends on WhatsApp and an e-mail is typed. */
  const [byEmail, setByEmail] = useState(false);
  const method: Method = methods.includes(form.values.paymentMethod as Method) ? (form.values.paymentMethod as Method) : methods[0]!;
  /** The order is placed: the page says where the shopper goes next, never "panier vide". */
  const [leaving, setLeaving] = useState<'confirmation' | 'payment' | null>(null);
  const { cart, clear } = useCart();
  const navigate = useNavigate();
  // A second click can land before React re-renders the disabled button; the key makes it harmless
  // on the server, and this flag saves the request.
  const sending = useRef(false);

  const place = useMutation({
    mutationFn: () => {
      const v = form.values;
      return trpc.orders.place.mutate({
        customerName: v.customerName.trim(),
        phone: v.phone.trim(),
        email: v.email.trim() || undefined,
        city: shipping ? v.city.trim() : undefined,
        address: shipping ? v.address.trim() : undefined,
        note: v.note.trim() || undefined,
        paymentMethod: method,
        items: orderItems(cart.items),
        deliveryOptionId: shipping ? (cart.delivery?.id ?? null) : null,
        promoCode: promo.code,
        ...(spend.loyaltyPoints ? { loyaltyPoints: spend.loyaltyPoints } : {}),
        ...(spend.useCredit ? { useCredit: spend.useCredit } : {}),
        marketingConsent,
        ...(v.email.trim() ? { updatesByEmail: byEmail } : {}),
        idempotencyKey: checkoutKey(),
        website: honeypot(),
      });
    },
    onSuccess: (order) => {
      toast.dismiss(); // no earlier error left over the confirmation
      rememberOrder(order);
      if (order.promoCode) keepPromoCode(null); // used: a shared link's code is not applied again
      if (order.paymentMethod !== ONLINE_PAYMENT_METHOD) {
        setLeaving('confirmation');
        clear();
        navigate(`/order/${order.number}`, { replace: true });
        return;
      }
      // Placed: now to FedaPay's page. If it cannot open, the order's page offers to retry.
      setLeaving('payment');
      clear();
      goToPayment(order.trackingToken).catch((error: unknown) => {
        toast.error(apiFailure(error).message);
        navigate(trackingPath(order.trackingToken), { replace: true });
      });
    },
    onError: (error) => {
      const failure = apiFailure(error);
      const { promoCode: refusedCode, ...fieldErrors } = failure.fieldErrors;
      form.setErrors(fieldErrors);
      if (refusedCode) promo.refuse(refusedCode);
      showOne(failure.message);
      focusFirstInvalid();
      // Refused for lack of stock: read it again, so the short lines are marked with what is left.
      void refreshStock();
    },
    onSettled: () => {
      sending.current = false;
    },
  });

  const submit = () => {
    if (sending.current) return;
    const v = form.values;
    const errors = collect({
      customerName: required(v.customerName, 'Indiquez votre nom.'),
      phone: phoneError(v.phone),
      email: emailError(v.email, true),
      city: shipping ? required(v.city, 'Indiquez votre ville.') : undefined,
      address: shipping ? required(v.address, 'Indiquez votre adresse de livraison.') : undefined,
      delivery: shipping && needsDelivery && !cart.delivery ? 'Choisissez une option de livraison.' : undefined,
    });
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) {
      showOne(Object.keys(errors).length === 1 ? Object.values(errors)[0]! : 'Vérifiez les champs signalés en rouge.');
      focusFirstInvalid();
      return;
    }
    sending.current = true;
    place.mutate();
  };
  return {
    form,
    method,
    submit,
    pending: place.isPending,
    leaving,
    consent: [marketingConsent, setMarketingConsent] as const,
    byEmail: [byEmail, setByEmail] as const,
  };
}
