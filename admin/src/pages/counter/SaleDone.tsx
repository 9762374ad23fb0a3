import { formatXOF } from '@app/shared/format';
import { App, Button, Result, Typography } from 'antd';
import { useState } from 'react';
import { toHttpError } from '../../providers/errors';
import { trpc } from '../../providers/trpc';
import { WhatsAppButton } from '../../resources/WhatsAppButton';
import { LinkButton } from '../../crud/LinkButton';
import { recordPath } from '../../crud/places';
import type { Outcome, Sold } from './queue';

/** This browser prints over Bluetooth (Chrome on Android and on a desk; not iOS). */
const BLUETOOTH = typeof navigator !== 'undefined' && 'bluetooth' in navigator;

/**
 * A sale recorded (or kept on the phone until the network comes back): the change to give back,
 * large, and the ticket: PDF, A4 invoice, the Bluetooth printer, WhatsApp to a buyer who gave a phone.
 */
export function SaleDone({ sold, onNext }: { sold: Outcome; onNext: () => void }) {
  const { notification } = App.useApp();
  const [printing, setPrinting] = useState(false);
  if (BLUETOOTH) void import('./printer');

  /** Prints the ticket on the Bluetooth printer (its code loaded with this screen, so the tap still counts as one). */
  async function print(sale: Sold) {
    setPrinting(true);
    try {
      const { printTicket } = await import('./printer');
      await printTicket(() => trpc.orders.ticket.query({ id: sale.order.id }), { pulse: Number(sale.order.cashAmount ?? 0) > 0 });
    } catch (error) {
      notification.error({ message: 'Impression impossible', description: toHttpError(error).message });
    } finally {
      setPrinting(false);
    }
  }

  const change = 'sent' in sold ? sold.sent.change : sold.queued.change;
  return (
    <Result
      status={'sent' in sold ? 'success' : 'info'}
      title={'sent' in sold ? `Vente ${sold.sent.order.number} enregistrée` : 'Vente gardée sur ce téléphone'}
      subTitle={
        <>
          {'queued' in sold ? (
            <Typography.Paragraph>Pas de réseau : elle est en attente d’envoi et partira dès son retour.</Typography.Paragraph>
          ) : null}
          {/* What the cashier reads out while handing the change back: large. */}
          <Typography.Title level={3} data-testid="change" style={{ margin: '8px 0 0' }}>
            {change > 0
              ? `Monnaie à rendre : ${formatXOF(change)}`
              : `Total encaissé : ${formatXOF('sent' in sold ? sold.sent.order.total : sold.queued.total)}`}
          </Typography.Title>
        </>
      }
      extra={[
        <Button key="next" type="primary" size="large" onClick={onNext} autoFocus>
          Nouvelle vente
        </Button>,
        ...('sent' in sold
          ? [
              // The roll ticket for the counter's printer (the normalized invoice's elements once issued).
              <Button key="ticket" size="large" href={`/suivi/${sold.sent.order.trackingToken}/ticket.pdf`} target="_blank">
                Ticket (PDF)
              </Button>,
              <Button key="receipt" size="large" href={`/suivi/${sold.sent.order.trackingToken}/recu.pdf`} target="_blank">
                Facture A4
              </Button>,
              // The sale's screen: its history, and a return when the customer comes back.
              <LinkButton key="order" size="large" to={recordPath('orders', sold.sent.order.id)}>
                Voir la vente
              </LinkButton>,
              // Straight to the shop's Bluetooth thermal printer where the browser allows it (Chrome; not iOS).
              ...(BLUETOOTH
                ? [
                    <Button key="print" size="large" loading={printing} onClick={() => void print(sold.sent)}>
                      Imprimer (Bluetooth)
                    </Button>,
                  ]
                : []),
              // A buyer who gave a phone gets the ticket's link in a WhatsApp message, with its invoice once issued.
              ...(sold.sent.order.phone
                ? [
                    <WhatsAppButton
                      key="whatsapp"
                      size="middle"
                      phone={sold.sent.order.phone}
                      label="Envoyer le ticket"
                      message={`Merci pour votre achat ! Votre ticket ${sold.sent.order.number} : ${window.location.origin}/suivi/${sold.sent.order.trackingToken}/ticket.pdf`}
                    />,
                  ]
                : []),
            ]
          : []),
      ]}
    />
  );
}
