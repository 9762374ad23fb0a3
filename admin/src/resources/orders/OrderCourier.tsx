import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Select, Typography } from 'antd';
import { toHttpError } from '../../providers/errors';
import { trpc } from '../../providers/trpc';
import { shopDateTime } from '../../providers/shop-day';

/** "Livreur": who delivers this order (a courier of the team), and what he recorded. For the managers. */
export function OrderCourier({ orderId, onChanged }: { orderId: string; onChanged: () => void }) {
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const couriers = useQuery({ queryKey: ['team', 'couriers'], queryFn: () => trpc.team.couriers.query() });
  const delivery = useQuery({ queryKey: ['rounds', 'ofOrder', orderId], queryFn: () => trpc.rounds.ofOrder.query({ id: orderId }) });
  const assign = async (courierId: string | null) => {
    try {
      await trpc.rounds.assign.mutate({ id: orderId, courierId });
      notification.success({ message: courierId ? 'Livraison confiée' : 'Livraison retirée de la tournée' });
      onChanged();
    } catch (error) {
      notification.error({ message: 'Livreur non enregistré', description: toHttpError(error).message });
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['rounds'] });
    }
  };
  const d = delivery.data;
  return (
    <Card size="small" title="Livreur">
      <Select
        aria-label="Livreur de la commande"
        allowClear
        loading={couriers.isPending || delivery.isPending}
        placeholder={couriers.data?.length === 0 ? 'Aucun livreur : invitez-en un dans Équipe' : 'Confier à un livreur'}
        style={{ width: '100%', maxWidth: 360 }}
        value={d?.courierId ?? undefined}
        onChange={(value?: string) => void assign(value ?? null)}
        options={couriers.data?.map((c) => ({ value: c.id, label: c.displayName }))}
      />
      {d?.deliveredAt && (
        <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }}>
          Livrée par {d.courierName ?? 'un ancien livreur'} le {shopDateTime(d.deliveredAt)}
          {d.collectedMethod && ` · encaissée (${d.collectedMethod === 'cash' ? 'espèces' : `Mobile Money ${d.collectedReference ?? ''}`})`}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
