import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { verificationStatuses } from '@app/shared';
import { useUpdate } from '@refinedev/core';
import { Button, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import type { RowActionProps } from '../../crud/overrides';
import { WhatsAppButton } from '../WhatsAppButton';

/** Spec 4: complete unless completed, reject unless rejected (each confirmed first), and the customer's WhatsApp. */
export function VerificationRowActions({ row, entry, block = false }: RowActionProps) {
  const { mutate, mutation } = useUpdate();
  const size = block ? 'middle' : 'small';
  const action = (status: 'completed' | 'rejected', label: string, button: { icon: ReactNode; danger?: boolean; primary?: boolean }) =>
    row.status === status ? null : (
      <Popconfirm
        title={`${label} cette demande ?`}
        description={`${String(row.name ?? '')} : le statut passe à « ${verificationStatuses[status]} ».`}
        okText={label}
        cancelText="Annuler"
        okButtonProps={{ danger: button.danger ?? false, loading: mutation.isPending }}
        onConfirm={() => mutate({ resource: entry.name, id: String(row.id), values: { status } })}
      >
        <Button
          size={size}
          block={block}
          type={button.primary ? 'primary' : 'default'}
          ghost={button.primary}
          danger={button.danger}
          icon={button.icon}
          loading={mutation.isPending}
        >
          {label}
        </Button>
      </Popconfirm>
    );
  return (
    <Space size={block ? 8 : 4} wrap direction={block ? 'vertical' : 'horizontal'} style={block ? { width: '100%' } : undefined}>
      {action('completed', 'Compléter', { icon: <CheckOutlined />, primary: true })}
      {action('rejected', 'Rejeter', { icon: <CloseOutlined />, danger: true })}
      {typeof row.phone === 'string' ? <WhatsAppButton phone={row.phone} size={size} block={block} /> : null}
    </Space>
  );
}
