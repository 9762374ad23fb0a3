import { onlinePaymentStatuses } from '@app/shared';
import { formatXOF } from '@app/shared/format';
import { Card, Table } from 'antd';
import { StatusTag } from '../../fields/StatusTag';
import type { useOrderActions } from './useOrderActions';
import { shopDateTime } from '../../providers/shop-day';

type Status = keyof typeof onlinePaymentStatuses;
/** The order's Mobile Money transactions (FedaPay): number, reference, amount and outcome; shown when there are some. */
export function OnlinePayments({ actions }: { actions: ReturnType<typeof useOrderActions> }) {
  const rows = actions.payments.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Card title="Paiements Mobile Money (FedaPay)">
      <Table dataSource={rows} rowKey="id" pagination={false} size="small" scroll={{ x: 'max-content' }}>
        <Table.Column title="Date" dataIndex="createdAt" render={(v: string) => shopDateTime(v)} />
        <Table.Column title="Transaction" dataIndex="providerId" render={(v: string | null) => (v ? `n° ${v}` : '—')} />
        <Table.Column title="Référence" dataIndex="reference" render={(v: string | null) => v ?? '—'} />
        <Table.Column title="Montant" dataIndex="amount" render={(v: string) => formatXOF(Number(v))} />
        <Table.Column title="État" dataIndex="status" render={(v: Status) => <StatusTag value={v} label={onlinePaymentStatuses[v]} />} />
        <Table.Column title="Détail" dataIndex="detail" render={(v: string | null) => v ?? ''} />
      </Table>
    </Card>
  );
}
