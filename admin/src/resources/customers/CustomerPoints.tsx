import { formatXOF } from '@app/shared/format';
import { loyaltyKinds } from '@app/shared/resources';
import { useQuery } from '@tanstack/react-query';
import { Card, List, Typography } from 'antd';
import { shopDateTime } from '../../providers/shop-day';
import { trpc } from '../../providers/trpc';

/** A customer's loyalty points (server/src/customers/loyalty.ts): the balance and how it moved, when the shop has a programme. */
export function CustomerPoints({ id }: { id: string }) {
  const account = useQuery({ queryKey: ['customers', 'loyalty', id], queryFn: () => trpc.customers.loyalty.query({ id }) });
  const data = account.data;
  if (!data?.on && !data?.history.length) return null;
  return (
    <Card title={`Points fidélité : ${data.balance}`} size="small" data-testid="customer-points">
      <Typography.Paragraph type="secondary">
        Soit {formatXOF(Math.max(0, data.balance) * data.value)} de remise · {data.rate} point(s) par 1 000 F, un point vaut{' '}
        {formatXOF(data.value)} (Paramètres).
      </Typography.Paragraph>
      <List
        size="small"
        dataSource={data.history}
        locale={{ emptyText: 'Aucun mouvement' }}
        renderItem={(h, i) => (
          <List.Item key={i} extra={<strong>{h.points > 0 ? `+${h.points}` : h.points}</strong>}>
            {shopDateTime(h.createdAt)} · {loyaltyKinds[h.kind]} {h.returnNumber ?? h.orderNumber ?? ''}
          </List.Item>
        )}
      />
    </Card>
  );
}
