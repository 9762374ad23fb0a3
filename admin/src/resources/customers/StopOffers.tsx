import { useNotification } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { Button, Popconfirm, Typography } from 'antd';
import { trpc } from '../../providers/trpc';
import { shopDate } from '../../providers/shop-day';

/**
 * "Ne plus lui envoyer d'offres": a customer who asks, by message or on the phone, is left out of
 * the WhatsApp export until an order of theirs ticks the box again (consent is theirs to give back).
 */
export function StopOffers({
  customer,
  onDone,
}: {
  customer: { id: string; name: string; contactWithdrawnAt: string | null; marketingConsent: boolean };
  onDone: () => void;
}) {
  const { open } = useNotification();
  const stop = useMutation({
    mutationFn: () => trpc.customers.stopOffers.mutate({ id: customer.id }),
    onSuccess: () => {
      open?.({ type: 'success', message: `${customer.name} ne recevra plus d’offres.` });
      onDone();
    },
    onError: (error) => open?.({ type: 'error', message: 'Impossible d’enregistrer la demande', description: error.message }),
  });
  if (customer.contactWithdrawnAt && !customer.marketingConsent) {
    return (
      <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }}>
        Ne veut plus d’offres depuis le {shopDate(customer.contactWithdrawnAt)} : absent de l’export WhatsApp, jusqu’à une commande où il
        coche la case.
      </Typography.Paragraph>
    );
  }
  return (
    <Popconfirm
      title="Ne plus lui envoyer d’offres ?"
      description="Il sort de l’export WhatsApp, abonné à la newsletter ou non. Il pourra les accepter de nouveau à une prochaine commande."
      okText="Confirmer"
      cancelText="Annuler"
      okButtonProps={{ loading: stop.isPending }}
      onConfirm={() => stop.mutate()}
    >
      <Button style={{ marginTop: 12 }}>Ne plus lui envoyer d’offres</Button>
    </Popconfirm>
  );
}
