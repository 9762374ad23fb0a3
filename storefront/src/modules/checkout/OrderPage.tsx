import { displayPhone, trackingCode, whatsappLink } from '@app/shared/format';
import { useParams } from 'react-router';
import { trackingPath } from '../tracking/path';
import { needsShipping, paymentMethodLabel } from '@app/shared/labels';
import { useSettings } from '../../lib/settings';
import { ChatIcon } from '../layout/icons';
import { card, primaryButton, secondaryButton, whatsappButton } from '../ui/buttons';
import { Page } from '../ui/Page';
import { PageHeader } from '../ui/PageHeader';
import { OrderSummary } from './OrderItems';
import { useRecalledOrder } from './orderStore';
import { orderMessage } from './whatsappMessage';

export function OrderPage() {
  const { number = '' } = useParams();
  const settings = useSettings();
  const order = useRecalledOrder(number);
  if (order === undefined) {
    return (
      <Page narrow>
        <PageHeader title={`Commande ${number}`} />
        <p role="status" className="py-8 text-center text-slate-500">
          Chargement de votre commande...
        </p>
      </Page>
    );
  }
  if (!order) {
    return (
      <Page narrow>
        <PageHeader
          title="Commande introuvable"
          intro="Le récapitulatif de cette commande ne s'affiche que dans l'onglet où elle a été passée. Vous pouvez la suivre partout avec son numéro, votre téléphone et son code de suivi, ou avec le lien de l'e-mail de confirmation."
        />
        <div className="flex flex-wrap gap-3">
          <a href={`/suivi?numero=${encodeURIComponent(number)}`} className={primaryButton}>
            Suivre ma commande
          </a>
          <a href="/contact" className={secondaryButton}>
            Nous contacter
          </a>
        </div>
      </Page>
    );
  }
  const shipped = needsShipping(order.items);
  return (
    <Page narrow>
      <PageHeader
        title="Merci pour votre commande !"
        intro={
          <>
            Votre commande <strong data-testid="order-number">{order.number}</strong> est enregistrée. Nous vous appelons au{' '}
            {displayPhone(order.phone ?? '')}{' '}
            {shipped ? 'pour confirmer la livraison.' : 'pour confirmer votre commande et convenir de la suite.'} Code de suivi :{' '}
            <strong data-testid="tracking-code">{trackingCode(order.trackingToken)}</strong> (avec le numéro et votre téléphone, il retrouve
            la commande sans son lien).
          </>
        }
      />
      <section className={`${card} space-y-4 p-4`} aria-label="Récapitulatif">
        <OrderSummary order={order} extra={{ term: 'Paiement', value: paymentMethodLabel(order.paymentMethod, shipped) }} />
      </section>
      <div className="mt-6 flex flex-wrap gap-3">
        {settings?.whatsapp && (
          <a
            href={whatsappLink(settings.whatsapp, orderMessage(order))}
            target="_blank"
            rel="noopener noreferrer"
            className={whatsappButton}
          >
            <ChatIcon /> Envoyer ma commande sur WhatsApp
          </a>
        )}
        <a href={trackingPath(order.trackingToken)} className={secondaryButton}>
          Suivre ma commande
        </a>
        <a href="/products" className={secondaryButton}>
          Continuer mes achats
        </a>
      </div>
    </Page>
  );
}
