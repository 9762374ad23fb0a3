import { LinkButton } from './LinkButton';
import { PlusOutlined } from '@ant-design/icons';
import { emptyMessage } from '@app/shared/resources';
import { getDefaultSortOrder, useTable } from '@refinedev/antd';
import type { BaseRecord } from '@refinedev/core';
import { Grid, Space, Table } from 'antd';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { columnLabel, imageKeyOf, imageOf, renderCell, Thumbnail } from '../fields/columns';
import type { ResourceOverride } from './overrides';
import type { AdminEntry } from './registry';
import { ResourceCards } from './ResourceCards';
import { RowActions } from './RowActions';
import { SearchBar, type SearchValues, toFilters } from './SearchBar';
import { PageTitle } from '../layout/PageTitle';

const PAGE_SIZE = 20;

/**
 * The list screen of any resource: search (as you type, kept in the address as ?q=), filters,
 * server-side pages and sorting, row actions. A table from 768 px up, cards below.
 */
export default function ResourceList({ entry, override }: { entry: AdminEntry; override?: ResourceOverride }) {
  const { resource } = entry;
  const [params, setParams] = useSearchParams();
  // The search in the address is read when the screen opens; typing then updates the address.
  const [q] = useState(() => params.get('q') ?? '');
  // What the address asks for now, and what this screen last wrote there: they differ when a link
  // changed it (the menu's entry for this same list, the browser's back button).
  const asked = params.get('q') ?? '';
  const written = useRef(q);
  const phone = !Grid.useBreakpoint().md;
  // A search answered after the owner has already opened a record (Enter, then a quick tap on a
  // row) must not write ?q= into the address: that navigated back to the list.
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => void (shown.current = false);
  }, []);
  const { tableProps, tableQuery, searchFormProps, sorters, filters, currentPage, setCurrentPage } = useTable<
    BaseRecord,
    never,
    SearchValues
  >({
    resource: entry.name,
    syncWithLocation: false,
    pagination: { pageSize: PAGE_SIZE },
    sorters: { initial: [{ field: resource.list.defaultSort.field, order: resource.list.defaultSort.order }] },
    filters: { defaultBehavior: 'replace', initial: q ? [{ field: 'search', operator: 'contains', value: q }] : [] },
    onSearch: (values) => {
      const text = typeof values.search === 'string' ? values.search.trim() : '';
      // Also once the address has moved on: a record opening keeps the list shown until it is ready.
      if (shown.current && window.location.pathname === `/admin${entry.paths.list}`) {
        written.current = text;
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            if (text) next.set('q', text);
            else next.delete('q');
            return next;
          },
          { replace: true },
        );
      }
      return toFilters(resource, values);
    },
  });
  // The list then follows the address: the menu opens it as it starts (no search, no filter).
  const form = searchFormProps.form;
  useEffect(() => {
    if (asked === written.current || !form) return;
    written.current = asked;
    form.resetFields();
    form.setFieldsValue({ search: asked });
    form.submit();
  }, [asked, form]);
  const loading = Boolean(typeof tableProps.loading === 'object' ? tableProps.loading.spinning : tableProps.loading);
  const Toolbar = override?.toolbar;
  const emptyText = loading ? 'Chargement...' : emptyMessage(resource);
  const thumbnail = imageKeyOf(resource);
  const total = tableProps.pagination ? Number(tableProps.pagination.total ?? 0) : 0;
  // Past the server's count cap: "plus de 10 000", and the pages stop there (a search goes further).
  const counted = (count: number) => (tableQuery.data?.more ? `Plus de ${count.toLocaleString('fr-FR')} au total` : `${count} au total`);

  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <PageTitle>{resource.label.plural}</PageTitle>
        <Space wrap>
          {Toolbar ? (
            <Suspense fallback={null}>
              <Toolbar entry={entry} filters={filters} />
            </Suspense>
          ) : null}
          {entry.paths.create ? (
            <LinkButton to={entry.paths.create} type="primary" icon={<PlusOutlined />}>
              Ajouter
            </LinkButton>
          ) : null}
        </Space>
      </Space>
      <SearchBar resource={resource} formProps={searchFormProps} initialSearch={q} />
      {phone ? (
        <ResourceCards
          entry={entry}
          override={override}
          rows={(tableProps.dataSource ?? []) as BaseRecord[]}
          loading={loading}
          emptyText={emptyText}
          page={{ current: currentPage, pageSize: PAGE_SIZE, total, onChange: setCurrentPage, said: counted(total) }}
        />
      ) : (
        <Table
          {...tableProps}
          rowKey="id"
          size="middle"
          scroll={{ x: 'max-content' }}
          loading={{ spinning: loading, tip: 'Chargement...' }}
          // In its own colour: antd's placeholder text is too pale (beside a fixed column, it is not themed).
          locale={{ emptyText: <span style={{ color: 'rgba(0, 0, 0, 0.62)' }}>{emptyText}</span> }}
          pagination={
            tableProps.pagination && {
              ...tableProps.pagination,
              showSizeChanger: false,
              showTotal: counted,
            }
          }
        >
          {thumbnail && !(resource.list.columns as readonly string[]).includes(thumbnail) ? (
            <Table.Column<BaseRecord>
              key="thumbnail"
              title={<span className="sr-only">Image</span>}
              width={56}
              render={(_, row) => {
                const image = imageOf(resource, row);
                return image ? <Thumbnail src={image} size={40} /> : null;
              }}
            />
          ) : null}
          {resource.list.columns.map((key) => (
            <Table.Column<BaseRecord>
              key={key}
              dataIndex={key}
              title={columnLabel(resource, key)}
              sorter={(resource.list.sortable as readonly string[]).includes(key)}
              defaultSortOrder={getDefaultSortOrder(key, sorters)}
              render={(value: unknown) => renderCell(resource.fields[key], value)}
            />
          ))}
          {/* A list only read (the stock ledger, the audit log) has no empty column taking its room. */}
          {entry.paths.show || entry.paths.edit || resource.operations.delete || override?.rowActions ? (
            <Table.Column<BaseRecord>
              key="actions"
              title="Actions"
              // Room for two buttons a line: the row's own actions wrap instead of running off the edge,
              // and stay in view on the right while a wide table scrolls.
              width={240}
              fixed="right"
              render={(_, row) => <RowActions row={row} entry={entry} override={override} />}
            />
          ) : null}
        </Table>
      )}
    </div>
  );
}
