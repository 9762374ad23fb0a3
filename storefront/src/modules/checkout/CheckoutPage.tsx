import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { formatXOF } from '@app/shared/format';
import { api } from '../../lib/queries';
import { signedInHere } from '../account/signedIn';
import { pageRoutes } from '../../app/routes';
import { useOnline } from '../../lib/online';
import { shortLines } from '@app/shared/cart';
import { needsShipping, ONLINE_PAYMENT_METHOD, paymentMethodLabel, paymentMethodsFor } from '@app/shared/labels';
import { CartTotals } from '../cart/CartTotals';
import { DeliveryChoice } from '../cart/DeliveryChoice';
import { StockNote } from '../cart/StockNote';
import { useCart } from '../cart/useCart';
import { useCartStock } from '../cart/useCartStock';
import { CartPending } from '../cart/CartPending';
import { useDeliveryOptions } from '../delivery/useDeliveryOptions';
import { card, primaryButton } from '../ui/buttons';
import { CheckBox, TextArea, TextField } from '../ui/Field';
import { Page } from '../ui/Page';
import { PageHeader } from '../ui/PageHeader';
import { OrderItems } from './OrderItems';
import { useCheckoutForm } from './useCheckoutForm';
import { useHoneypot } from '../ui/useHoneypot';
import { useOnlinePayment, useWhatsAppUpdates } from '../payments/usePayments';
import { PromoCodeField, usePromoCode } from './PromoCode';

/** At checkout, the online method says what happens (the shopper pays now), the others when. */
const choiceLabel = (method: string, shipping: boolean) =>
  method === ONLINE_PAYMENT_METHOD ? 'Payer maintenant par Mobile Money (MTN, Moov)' : paymentMethodLabel(method, shipping);

function intro(shipping: boolean, online: boolean) {
  if (shipping) {
    return online
      ? 'Payez à la livraison, ou tout de suite par Mobile Money. Nous vous appelons pour confirmer la commande.'
      : 'Vous payez à la livraison. Nous vous appelons pour confirmer la commande.';
  }
  return online
    ? 'Rien à livrer : vous payez en ligne par Mobile Money (MTN, Moov), puis nous vous contactons.'
    : 'Rien à livrer : nous vous appelons pour confirmer la commande et convenir du paiement.';
}

/** The confirmation's code, fetched while the shopper fills the form: it opens at once after ordering. */
const preloadConfirmation = () =>
  void pageRoutes
    .find((route) => route.path === '/order/:number')
    ?.page()
    .catch(() => undefined);

/** The customer signed in to « Mon espace » on this browser, asked only when this browser signed in. */
function useSpace() {
  return useQuery({ ...api.account.me.queryOptions(), enabled: signedInHere(), retry: false }).data ?? null;
}

/**
 * A customer signed in to « Mon espace » finds their name, phone, e-mail and last address filled in
 * (what they already typed stays); a stranger's checkout asks nothing more of the network.
 */
function usePrefill(space: ReturnType<typeof useSpace>, setValues: ReturnType<typeof useCheckoutForm>['form']['setValues']) {
  useEffect(() => {
    if (!space) return;
    const last = space.addresses[0];
    setValues((v) => ({
      ...v,
      customerName: v.customerName || space.name,
      phone: v.phone || space.phone,
      email: v.email || (space.email ?? ''),
      city: v.city || (last?.city ?? ''),
      address: v.address || (last?.address ?? ''),
    }));
  }, [space, setValues]);
}

export function CheckoutPage() {
  useEffect(preloadConfirmation, []);
  const connected = useOnline();
  const { cart, ready } = useCart();
  const options = useDeliveryOptions().data?.rows;
  const honeypot = useHoneypot();
  const shipping = needsShipping(cart.items);
  const stock = useCartStock();
  const online = useOnlinePayment();
  const methods = paymentMethodsFor(cart.items, online);
  const promo = usePromoCode(cart.items);
  const whatsappUpdates = useWhatsAppUpdates();
  const space = useSpace();
  const [pointsOn, setPointsOn] = useState(false);
  const [creditOn, setCreditOn] = useState(false);
  const goods = cart.items.reduce((sum, i) => sum + i.price * i.quantity, 0) - (promo.applied?.discount ?? 0);
  const loyalty = space?.loyalty.on ? space.loyalty : null;
  // The points this cart can take (the server caps them again at what is left to pay for the goods).
  const usable = loyalty ? Math.max(0, Math.min(loyalty.balance, Math.floor(goods / loyalty.value))) : 0;
  const spent = pointsOn ? usable : 0;
  // The credit pays what is left, delivery included (the server checks and caps it again).
  const due = goods - spent * (loyalty?.value ?? 0) + (shipping ? (cart.delivery?.price ?? 0) : 0);
  const credit = space && creditOn ? Math.min(space.credit, due) : 0;
  const { form, method, submit, pending, leaving, consent, byEmail } = useCheckoutForm(
    Boolean(options && options.length > 0),
    shipping,
    methods,
    honeypot.value,
    stock.refetch,
    { code: promo.applied?.code ?? null, refuse: promo.refuse },
    { loyaltyPoints: spent, useCredit: credit },
  );
  usePrefill(space, form.setValues);
  const short = shortLines(cart).length > 0;
  const { bind } = form;
  if (leaving) {
    return (
      <Page narrow>
        <PageHeader title={leaving === 'payment' ? 'Paiement Mobile Money' : 'Commande enregistrée'} />
        <p role="status" className="mb-4">
          {leaving === 'payment'
            ? 'Commande enregistrée. Redirection vers la page de paiement sécurisée FedaPay…'
            : 'Commande enregistrée. Ouverture de la confirmation…'}
        </p>
      </Page>
    );
  }
  if (!ready) return <CartPending title="Commander" />;
  if (cart.items.length === 0) {
    return (
      <Page narrow>
        <PageHeader title="Commander" />
        <p className="mb-4">Votre panier est vide.</p>
        <a href="/products" className={primaryButton}>
          Découvrir nos produits
        </a>
      </Page>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  return (
    <Page>
      <PageHeader title="Commander" intro={intro(shipping, online)} />
      <form method="post" onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_380px]">
        <section className={`${card} relative space-y-4 p-4`} aria-labelledby="coords">
          {honeypot.field}
          <h2 id="coords" className="text-lg font-semibold">
            Vos coordonnées
          </h2>
          <TextField label="Nom complet" required autoComplete="name" {...bind('customerName')} />
          <TextField
            label="Téléphone"
            required
            type="tel"
            autoComplete="tel"
            placeholder="+229 01 97 00 00 00"
            hint="Numéro béninois ou international."
            {...bind('phone')}
          />
          <TextField label="E-mail" type="email" autoComplete="email" {...bind('email')} />
          {shipping && (
            <>
              <TextField label="Ville" required autoComplete="address-level2" placeholder="Cotonou" {...bind('city')} />
              <TextArea
                label="Adresse"
                required
                rows={2}
                autoComplete="street-address"
                placeholder="Quartier, rue, repère..."
                {...bind('address')}
              />
            </>
          )}
          <TextArea
            label="Note"
            rows={2}
            placeholder={shipping ? 'Horaires, instructions pour le livreur...' : 'Vos disponibilités, une question...'}
            {...bind('note')}
          />
          {whatsappUpdates && form.values.email.trim() && (
            <CheckBox name="updatesByEmail" checked={byEmail[0]} onChange={byEmail[1]}>
              Recevoir le suivi de ma commande par e-mail plutôt que sur WhatsApp.
            </CheckBox>
          )}
          <CheckBox name="marketingConsent" checked={consent[0]} onChange={consent[1]}>
            Je souhaite recevoir les offres et nouveautés de la boutique par WhatsApp. Vous pourrez changer d’avis à chaque commande.
          </CheckBox>
          <fieldset>
            <legend className="mb-2 text-sm font-semibold text-slate-800">Mode de paiement</legend>
            {methods.map((value) => (
              <div key={value} className="mb-2 rounded-lg border border-slate-300 bg-white">
                <label className="flex min-h-11 cursor-pointer items-center gap-3 px-3">
                  <input
                    type="radio"
                    name="paymentMethod"
                    value={value}
                    className="size-4 shrink-0"
                    checked={method === value}
                    onChange={bind('paymentMethod').onChange}
                    aria-describedby={value === ONLINE_PAYMENT_METHOD ? 'online-payment-hint' : undefined}
                  />
                  {choiceLabel(value, shipping)}
                </label>
                {value === ONLINE_PAYMENT_METHOD && (
                  <p id="online-payment-hint" className="px-3 pb-2 pl-10 text-sm text-slate-600">
                    Vous validez le paiement sur votre mobile, sur la page sécurisée de FedaPay.
                  </p>
                )}
              </div>
            ))}
          </fieldset>
        </section>
        <aside className={`${card} space-y-5 self-start p-4`}>
          <h2 className="text-lg font-semibold">Votre commande</h2>
          <OrderItems
            lines={cart.items.map((i) => ({
              key: `${i.type}:${i.id}`,
              name: i.session ? `${i.name} (${i.session})` : i.name,
              quantity: i.quantity,
              unitPrice: i.price,
              note: <StockNote item={i} />,
            }))}
          />
          {short && (
            <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              Le stock a baissé depuis votre ajout :{' '}
              <a href="/cart" className="font-semibold underline">
                ajustez votre panier
              </a>{' '}
              avant de confirmer.
            </p>
          )}
          {shipping ? (
            <DeliveryChoice error={form.errors.delivery} />
          ) : (
            <p className="text-sm text-slate-600">Aucune livraison : services et formations.</p>
          )}
          <PromoCodeField promo={promo} />
          {loyalty && usable > 0 && (
            <CheckBox name="loyaltyPoints" checked={pointsOn} onChange={setPointsOn}>
              Utiliser {usable} de mes {loyalty.balance} points fidélité : −{formatXOF(usable * loyalty.value)}
            </CheckBox>
          )}
          {space && space.credit > 0 && (
            <CheckBox name="useCredit" checked={creditOn} onChange={setCreditOn}>
              Utiliser mon avoir de {formatXOF(space.credit)}
            </CheckBox>
          )}
          <CartTotals
            withDelivery={shipping}
            promo={promo.applied}
            points={spent > 0 && loyalty ? { points: spent, discount: spent * loyalty.value } : null}
            credit={credit}
          />
          {!connected && (
            <p role="alert" className="mb-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              Vous êtes hors ligne : la commande a besoin d’une connexion. Vos informations restent saisies ; commandez dès le retour du
              réseau.
            </p>
          )}
          <button type="submit" disabled={pending || short || !connected} className={`${primaryButton} w-full`}>
            {pending ? 'Envoi en cours...' : method === ONLINE_PAYMENT_METHOD ? 'Commander et payer' : 'Confirmer la commande'}
          </button>
          <p className="text-xs text-slate-500">Les prix sont vérifiés au moment de la commande.</p>
        </aside>
      </form>
    </Page>
  );
}
