import { LinkButton } from './LinkButton';
import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { type BaseRecord, useDelete } from '@refinedev/core';
import { Button, Popconfirm, Space } from 'antd';
import { Suspense } from 'react';
import type { ResourceOverride } from './overrides';
import { withId } from './places';
import type { AdminEntry } from './registry';

/** Per-row buttons: the resource's own actions, then view or edit, then delete after confirmation. */
export function RowActions({
  row,
  entry,
  override,
  block = false,
}: {
  row: BaseRecord;
  entry: AdminEntry;
  override?: ResourceOverride | undefined;
  block?: boolean;
}) {
  const { mutate: remove, mutation } = useDelete();
  const id = String(row.id);
  const Extra = override?.rowActions;
  const open = entry.paths.show ?? entry.paths.edit;
  // On a phone's card: one full-width button a line, big enough for a thumb.
  const size = block ? 'middle' : 'small';
  return (
    <Space size={block ? 8 : 4} wrap direction={block ? 'vertical' : 'horizontal'} style={block ? { width: '100%' } : undefined}>
      {Extra ? (
        <Suspense fallback={null}>
          <Extra row={row} entry={entry} block={block} />
        </Suspense>
      ) : null}
      {open ? (
        <LinkButton
          to={withId(open, id)}
          size={size}
          block={block}
          icon={entry.paths.show ? <EyeOutlined /> : <EditOutlined />}
          aria-label={entry.paths.show ? 'Voir' : 'Modifier'}
        >
          {entry.paths.show ? 'Voir' : 'Modifier'}
        </LinkButton>
      ) : null}
      {entry.resource.operations.delete ? (
        <Popconfirm
          title="Supprimer cet élément ?"
          description="Cette action est définitive."
          okText="Supprimer"
          cancelText="Annuler"
          okButtonProps={{ danger: true, loading: mutation.isPending }}
          onConfirm={() => remove({ resource: entry.name, id })}
        >
          <Button size={size} block={block} danger icon={<DeleteOutlined />} aria-label="Supprimer">
            Supprimer
          </Button>
        </Popconfirm>
      ) : null}
    </Space>
  );
}
