import { PlusOutlined } from '@ant-design/icons';
import { emptyMessage } from '@app/shared/resources';
import { getDefaultSortOrder, useTable } from '@refinedev/antd';
import type { BaseRecord } from '@refinedev/core';
import { Button, Space, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { columnLabel, renderCell } from '../fields/columns';
import type { ResourceOverride } from './overrides';
import type { AdminEntry } from './registry';
import { RowActions } from './RowActions';
import { SearchBar, type SearchValues, toFilters } from './SearchBar';

/** The list screen of any resource: search, filters, server-side pages and sorting, row actions. */
export default function ResourceList({ entry, override }: { entry: AdminEntry; override?: ResourceOverride }) {
  const { resource } = entry;
  const { tableProps, searchFormProps, sorters, filters } = useTable<BaseRecord, never, SearchValues>({
    resource: entry.name,
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: resource.list.defaultSort.field, order: resource.list.defaultSort.order }] },
    filters: { defaultBehavior: 'replace' },
    onSearch: (values) => toFilters(resource, values),
  });
  const loading = Boolean(typeof tableProps.loading === 'object' ? tableProps.loading.spinning : tableProps.loading);
  const Toolbar = override?.toolbar;

  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {resource.label.plural}
        </Typography.Title>
        <Space wrap>
          {Toolbar ? <Toolbar entry={entry} filters={filters} /> : null}
          {entry.paths.create ? (
            <Link to={entry.paths.create}>
              <Button type="primary" icon={<PlusOutlined />}>
                Ajouter
              </Button>
            </Link>
          ) : null}
        </Space>
      </Space>
      <SearchBar resource={resource} formProps={searchFormProps} />
      <Table
        {...tableProps}
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={{ spinning: loading, tip: 'Chargement...' }}
        locale={{ emptyText: loading ? 'Chargement...' : emptyMessage(resource) }}
        pagination={
          tableProps.pagination && {
            ...tableProps.pagination,
            showSizeChanger: false,
            showTotal: (total) => `${total} au total`,
          }
        }
      >
        {resource.list.columns.map((key) => (
          <Table.Column<BaseRecord>
            key={key}
            dataIndex={key}
            title={columnLabel(resource, key)}
            sorter={resource.list.sortable.includes(key as never)}
            defaultSortOrder={getDefaultSortOrder(key, sorters)}
            render={(value: unknown) => renderCell(resource.fields[key], value)}
          />
        ))}
        <Table.Column<BaseRecord>
          key="actions"
          title="Actions"
          // Room for two buttons a line: the row's own actions wrap instead of running off the edge.
          width={240}
          render={(_, row) => <RowActions row={row} entry={entry} override={override} />}
        />
      </Table>
    </div>
  );
}
