import { useUpdate } from '@refinedev/core';
import { Button } from 'antd';
import type { RowActionProps } from '../../crud/overrides';

/** Marks a contact message read or unread straight from the list. */
export function ReadToggle({ row, entry, block = false }: RowActionProps) {
  const { mutate, mutation } = useUpdate();
  const read = Boolean(row.read);
  return (
    <Button
      size={block ? 'middle' : 'small'}
      block={block}
      loading={mutation.isPending}
      onClick={() => mutate({ resource: entry.name, id: String(row.id), values: { read: !read } })}
    >
      {read ? 'Marquer non lu' : 'Marquer comme lu'}
    </Button>
  );
}
