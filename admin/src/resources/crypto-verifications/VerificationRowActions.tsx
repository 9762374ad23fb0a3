import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useUpdate } from '@refinedev/core';
import { Button, Space } from 'antd';
import type { RowActionProps } from '../../crud/overrides';
import { WhatsAppButton } from '../WhatsAppButton';

/** Spec 4: complete unless completed, reject unless rejected, and the customer's WhatsApp. */
export function VerificationRowActions({ row, entry }: RowActionProps) {
  const { mutate, mutation } = useUpdate();
  const setStatus = (status: 'completed' | 'rejected') =>
    mutate({ resource: entry.name, id: String(row.id), values: { status } });
  return (
    <Space size={4} wrap>
      {row.status !== 'completed' ? (
        <Button size="small" type="primary" ghost icon={<CheckOutlined />} loading={mutation.isPending} onClick={() => setStatus('completed')}>
          Compléter
        </Button>
      ) : null}
      {row.status !== 'rejected' ? (
        <Button size="small" danger icon={<CloseOutlined />} loading={mutation.isPending} onClick={() => setStatus('rejected')}>
          Rejeter
        </Button>
      ) : null}
      {typeof row.phone === 'string' ? <WhatsAppButton phone={row.phone} /> : null}
    </Space>
  );
}
