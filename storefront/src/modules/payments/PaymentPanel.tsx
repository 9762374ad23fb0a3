import { useEffect } from 'react';
import { card, primaryButton, secondaryButton } from '../ui/buttons';
import { usePaymentState } from './usePayments';

type Tone = 'wait' | 'ok' | 'problem';
const tones: Record<Tone, string> = {
  wait: 'border-blue-200 bg-blue-50 text-blue-900',
  ok: 'border-green-200 bg-green-50 text-green-900',
  problem: 'border-amber-300 bg-amber-50 text-amber-950',
};

/** What the shopper reads about the online payment, from the latest transaction's state. */
function message(status: string | undefined, paid: boolean): { tone: Tone; title: string; text?: string } {
  if (paid) return { tone: 'ok', title: 'Paiement reçu. Merci !', text: 'Votre paiement Mobile Money est confirmé.' };
  switch (status) {
    case 'creating':
    case 'pending':
      return {
        tone: 'wait',
        title: 'Paiement en attente de confirmation…',
        text: 'Validez la demande sur votre téléphone (code secret Mobile Money). Cette page se met à jour toute seule.',
      };
    case 'declined':
      return { tone: 'problem', title: 'Le paiement a été refusé.', text: 'Vérifiez votre solde Mobile Money, puis réessayez.' };
    case 'canceled':
    case 'expired':
      return { tone: 'problem', title: 'Le paiement n’a pas abouti.', text: 'Aucun montant n’a été prélevé. Vous pouvez réessayer.' };
    case 'failed':
      return { tone: 'problem', title: 'Le service de paiement n’a pas répondu.', text: 'Réessayez dans un instant.' };
    case 'mismatch':
      return {
        tone: 'problem',
        title: 'Paiement en cours de vérification.',
        text: 'La boutique vérifie votre paiement et vous contacte rapidement.',
      };
    default:
      return { tone: 'wait', title: 'Commande à payer par Mobile Money (MTN, Moov).' };
  }
}

/** On the order's page (the return page from FedaPay): its payment state, and what the shopper can do next. */
export function PaymentPanel({ token, known }: { token: string; known: string }) {
  const { state, pay, onDelivery, refresh } = usePaymentState(token, true);
  const data = state.data;
  // Paid while the page was open: the order's own summary above shows it too.
  const changed = data !== undefined && data.paymentStatus !== known;
  useEffect(() => {
    if (changed) void refresh();
  }, [changed, refresh]);
  if (!data || data.paymentMethod !== 'mobile_money_online') return null;
  const paid = data.paymentStatus === 'paid';
  const waiting = !paid && (data.attempt?.status === 'pending' || data.attempt?.status === 'creating');
  const { tone, title, text } = message(data.attempt?.status, paid);
  const busy = pay.isPending || onDelivery.isPending;
  return (
    <section className={`${card} mt-6 border p-4 ${tones[tone]}`} aria-label="Paiement" data-testid="payment-panel">
      <p role="status" aria-live="polite" className="font-semibold">
        {title}
      </p>
      {text && <p className="mt-1 text-sm">{text}</p>}
      {(data.canPayOnline || data.canPayOnDelivery) && (
        <div className="mt-4 flex flex-wrap gap-3">
          {data.canPayOnline && (
            <button type="button" className={primaryButton} disabled={busy} onClick={() => pay.mutate()}>
              {pay.isPending
                ? 'Redirection…'
                : waiting
                  ? 'Reprendre le paiement'
                  : data.attempt
                    ? 'Réessayer le paiement'
                    : 'Payer maintenant par Mobile Money'}
            </button>
          )}
          {data.canPayOnDelivery && !waiting && (
            <button type="button" className={secondaryButton} disabled={busy} onClick={() => onDelivery.mutate()}>
              Payer plutôt à la livraison
            </button>
          )}
        </div>
      )}
    </section>
  );
}
