import {
  dateTime,
  normalizeOrderNumber,
  normalizeTrackingCode,
  ORDER_NUMBER_HINT,
  TRACKING_CODE_HINT,
  trackingCode,
} from '@app/shared/format';
import { PHONE_EXAMPLE } from '@app/shared/phone';
import {
  needsShipping,
  onlinePaymentStatuses,
  orderEventKinds,
  orderStatuses,
  paymentMethodLabel,
  paymentStatuses,
} from '@app/shared/labels';
import { NO_SCRIPT_FORMS } from '@app/shared/ssr';
import { skipToken, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { RouterOutputs } from '../../lib/trpc';
import { OrderSummary } from '../checkout/OrderItems';
import { OrderReturns } from './ReturnRequest';
import { PaymentPanel } from '../payments/PaymentPanel';
import { card, primaryButton, secondaryButton } from '../ui/buttons';
import { TextField } from '../ui/Field';
import { collect, phoneError } from '../ui/validate';
import { Page } from '../ui/Page';
import { PageHeader } from '../ui/PageHeader';
import { labelOf } from '../../lib/labels';
import { api } from '../../lib/queries';

type Tracked = RouterOutputs['orders']['track'];
type Lookup = { token: string } | { number: string; phone: string; code: string };
const valueLabels = { payment: paymentStatuses, online_payment: onlinePaymentStatuses } as const;

/** /suivi: find an order by number and phone. /suivi/:token: the private link from the confirmation. */
export function TrackingPage() {
  const { token } = useParams();
  const [asked, setAsked] = useState<Lookup | null>(token ? { token } : null);
  const order = useQuery(api.orders.track.queryOptions(asked ?? skipToken, { retry: false }));
  return (
    <Page narrow>
      <PageHeader
        title="Suivre ma commande"
        intro={
          token
            ? undefined
            : 'Saisissez le numéro de votre commande (CMD-…, ou seulement ses chiffres), le téléphone donné et le code de suivi.'
        }
      />
      {!token && <LookupForm busy={order.isFetching} onSubmit={setAsked} />}
      {!token && (
        <p className="mt-4 text-sm text-slate-700">
          Toutes vos commandes au même endroit, sans numéro ni code :{' '}
          <a href="/mon-espace" className="font-semibold text-blue-800 underline">
            ouvrez Mon espace
          </a>
          .
        </p>
      )}
      {order.isFetching && <p className="mt-4 text-slate-600">Chargement...</p>}
      {order.error && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-red-800">
          {order.error.message}
        </p>
      )}
      {order.data && <TrackedOrder order={order.data} />}
    </Page>
  );
}

function LookupForm({ busy, onSubmit }: { busy: boolean; onSubmit: (lookup: Lookup) => void }) {
  // From the confirmation page opened elsewhere: /suivi?numero=CMD-000123.
  const [params] = useSearchParams();
  const [number, setNumber] = useState(params.get('numero') ?? '');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState(params.get('code') ?? '');
  const [errors, setErrors] = useState<{ number?: string; phone?: string; code?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The same rules as the server's (shared): any reasonable order number, Benin's 10 digits, six hex characters.
    const normalized = normalizeOrderNumber(number);
    const typedCode = normalizeTrackingCode(code);
    const found = collect({
      number: normalized ? undefined : ORDER_NUMBER_HINT,
      phone: phoneError(phone),
      code: typedCode ? undefined : TRACKING_CODE_HINT,
    });
    setErrors(found);
    if (normalized && typedCode && !found.phone) {
      setNumber(normalized);
      setCode(typedCode);
      onSubmit({ number: normalized, phone, code: typedCode });
    }
  };
  return (
    <form method="post" action={NO_SCRIPT_FORMS.tracking} onSubmit={submit} noValidate className={`${card} space-y-4 p-4`}>
      <TextField
        label="Numéro de commande"
        name="number"
        value={number}
        onChange={(e) => setNumber(e.target.value)}
        placeholder="CMD-000123"
        hint="Il figure dans la confirmation de commande et dans l’e-mail reçu."
        error={errors.number}
        required
        autoComplete="off"
      />
      <TextField
        label="Téléphone"
        name="phone"
        type="tel"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        placeholder={PHONE_EXAMPLE}
        hint="Celui donné à la commande."
        error={errors.phone}
        required
        autoComplete="tel"
      />
      <TextField
        label="Code de suivi"
        name="code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        placeholder="7F3A9C"
        hint="6 caractères, sur la confirmation de commande, l’e-mail reçu et le reçu."
        error={errors.code}
        required
        autoComplete="off"
        autoCapitalize="characters"
      />
      <button type="submit" className={primaryButton} disabled={busy}>
        {busy ? 'Recherche...' : 'Voir ma commande'}
      </button>
    </form>
  );
}

function TrackedOrder({ order }: { order: Tracked }) {
  const sale = order.invoices.find((i) => i.type === 'FV');
  const credit = order.invoices.find((i) => i.type === 'FA');
  return (
    <div className="mt-6 space-y-4" data-testid="tracked-order">
      <section className={`${card} p-4`} aria-label="État de la commande">
        <h2 className="text-lg font-bold text-slate-900">Commande {order.number}</h2>
        <p className="text-sm text-slate-600">Code de suivi : {trackingCode(order.trackingToken)}</p>
        <p className="mt-1 text-slate-700">
          Statut : <strong>{labelOf(orderStatuses, order.status)}</strong> · Paiement : {labelOf(paymentStatuses, order.paymentStatus)} (
          {paymentMethodLabel(order.paymentMethod, needsShipping(order.items))})
          {order.paymentReference && order.paymentStatus !== 'pending' && <> · Réf. {order.paymentReference}</>}
        </p>
        <ol className="mt-3 space-y-2 border-l-2 border-blue-200 pl-4 text-sm">
          {order.timeline.map((event, i) => (
            <li key={i}>
              <span className="font-medium">
                {event.kind === 'created'
                  ? orderEventKinds.created
                  : `${labelOf(orderEventKinds, event.kind)} : ${labelOf(event.kind in valueLabels ? valueLabels[event.kind as keyof typeof valueLabels] : orderStatuses, event.toValue)}`}
              </span>
              <span className="block text-slate-600">{dateTime(event.createdAt)}</span>
            </li>
          ))}
        </ol>
      </section>
      <PaymentPanel token={order.trackingToken} known={order.paymentStatus} />
      {order.sessionLinks.length > 0 && (
        <section className={`${card} space-y-2 p-4`} aria-label="Vos formations en ligne">
          <h2 className="text-lg font-semibold text-slate-900">Vos formations en ligne</h2>
          {order.sessionLinks.map((s) => (
            <p key={s.name} className="text-sm">
              {s.name} :{' '}
              {s.link ? (
                <a href={s.link} target="_blank" rel="noopener noreferrer" className="font-semibold break-all text-blue-800 underline">
                  {s.link}
                </a>
              ) : (
                <span className="font-semibold">le lien vous sera donné ici dès votre paiement reçu.</span>
              )}
            </p>
          ))}
          <p className="text-sm text-slate-600">Le lien vous est aussi rappelé la veille, si vous avez donné votre e-mail.</p>
        </section>
      )}
      <section className={`${card} space-y-3 p-4`} aria-label="Articles">
        <OrderSummary order={order} />
        <a href={`/suivi/${order.trackingToken}/recu.pdf`} className={secondaryButton} target="_blank" rel="noopener">
          {sale ? 'Télécharger la facture normalisée (PDF)' : 'Télécharger le reçu (PDF)'}
        </a>
        {sale && <p className="text-sm text-slate-600">Code MECeF/DGI : {sale.codeMecef}</p>}
        {credit && (
          <a href={`/suivi/${order.trackingToken}/avoir.pdf`} className={secondaryButton} target="_blank" rel="noopener">
            Télécharger la facture d’avoir (PDF)
          </a>
        )}
      </section>
      <OrderReturns order={order} />
    </div>
  );
}
