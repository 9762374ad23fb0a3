import { RedoOutlined } from '@ant-design/icons';
import { useInvalidate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { App, Button } from 'antd';
import type { RowActionProps } from '../../crud/overrides';
import { toHttpError } from '../../providers/errors';
import { trpc } from '../../providers/trpc';

/** "Réessayer" on a mail or notification that failed or waits for its next attempt: it leaves now. */
export function RetryButton({ row, entry, block = false }: RowActionProps) {
  const { notification } = App.useApp();
  const invalidate = useInvalidate();
  const retry = useMutation({
    mutationFn: () => trpc.outbox.retry.mutate({ id: String(row.id) }),
    onSuccess: async () => {
      notification.success({ message: 'Nouvel essai lancé.' });
      await invalidate({ resource: entry.name, invalidates: ['list', 'detail'] });
    },
    onError: (error) => notification.error({ message: toHttpError(error).message }),
  });
  if (row.status !== 'pending' && row.status !== 'failed') return null;
  return (
    <Button
      size={block ? 'middle' : 'small'}
      block={block}
      icon={<RedoOutlined />}
      loading={retry.isPending}
      onClick={() => retry.mutate()}
    >
      Réessayer
    </Button>
  );
}
