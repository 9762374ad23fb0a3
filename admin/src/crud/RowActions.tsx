import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { type BaseRecord, useDelete } from '@refinedev/core';
import { Button, Popconfirm, Space } from 'antd';
import { Link } from 'react-router';
import type { ResourceOverride } from './overrides';
import { type AdminEntry, withId } from './registry';

/** Per-row buttons: the resource's own actions, then view or edit, then delete after confirmation. */
export function RowActions({ row, entry, override }: { row: BaseRecord; entry: AdminEntry; override?: ResourceOverride }) {
  const { mutate: remove, mutation } = useDelete();
  const id = String(row.id);
  const Extra = override?.rowActions;
  const open = entry.paths.show ?? entry.paths.edit;
  return (
    <Space size={4} wrap>
      {Extra ? <Extra row={row} entry={entry} /> : null}
      {open ? (
        <Link to={withId(open, id)}>
          <Button size="small" icon={entry.paths.show ? <EyeOutlined /> : <EditOutlined />} aria-label={entry.paths.show ? 'Voir' : 'Modifier'}>
            {entry.paths.show ? 'Voir' : 'Modifier'}
          </Button>
        </Link>
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
          <Button size="small" danger icon={<DeleteOutlined />} aria-label="Supprimer">
            Supprimer
          </Button>
        </Popconfirm>
      ) : null}
    </Space>
  );
}
