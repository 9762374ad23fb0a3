import type { BaseRecord } from '@refinedev/core';
import { Card, Descriptions, Empty, Pagination, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { columnLabel, imageOf, renderCell, Thumbnail } from '../fields/columns';
import type { ResourceOverride } from './overrides';
import { withId } from './places';
import type { AdminEntry } from './registry';
import { RowActions } from './RowActions';

interface Props {
  entry: AdminEntry;
  override?: ResourceOverride | undefined;
  rows: readonly BaseRecord[];
  loading: boolean;
  emptyText: string;
  page: { current: number; pageSize: number; total: number; onChange: (page: number) => void; said: string };
}

/**
 * The list on a phone: one card a record, made from the same declaration as the table (title,
 * thumbnail, the list columns as label and value, the row actions full width). Tapping the card
 * opens the record.
 */
export function ResourceCards({ entry, override, rows, loading, emptyText, page }: Props) {
  const { resource } = entry;
  const navigate = useNavigate();
  const open = entry.paths.show ?? entry.paths.edit;
  const titleKey = resource.titleField;
  const columns = resource.list.columns.filter((key) => key !== titleKey);
  return (
    <Spin spinning={loading} tip="Chargement...">
      {rows.length === 0 ? (
        <Empty description={loading ? 'Chargement...' : emptyText} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }} aria-label={resource.label.plural}>
          {rows.map((row) => {
            const image = imageOf(resource, row);
            const go = open ? () => navigate(withId(open, String(row.id))) : undefined;
            return (
              <li key={String(row.id)}>
                <Card size="small" data-testid="record-card">
                  <div
                    role={go ? 'link' : undefined}
                    tabIndex={go ? 0 : undefined}
                    onClick={go}
                    onKeyDown={(e) => e.key === 'Enter' && go?.()}
                    style={{ cursor: go ? 'pointer' : undefined, display: 'flex', gap: 12 }}
                  >
                    {image ? <Thumbnail src={image} size={56} /> : null}
                    <div style={{ minWidth: 0, flex: 1 }}>
                      <strong style={{ display: 'block', overflowWrap: 'anywhere' }}>
                        {resource.fields[titleKey]?.kind === 'text'
                          ? String(row[titleKey] ?? '')
                          : renderCell(resource.fields[titleKey], row[titleKey])}
                      </strong>
                      <Descriptions column={1} size="small" colon style={{ marginTop: 4 }}>
                        {columns.map((key) => (
                          <Descriptions.Item key={key} label={columnLabel(resource, key)}>
                            {renderCell(resource.fields[key], row[key])}
                          </Descriptions.Item>
                        ))}
                      </Descriptions>
                    </div>
                  </div>
                  <div style={{ marginTop: 8 }}>
                    <RowActions row={row} entry={entry} override={override} block />
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      {page.total > page.pageSize ? (
        <Pagination
          style={{ marginTop: 16, textAlign: 'center' }}
          simple
          current={page.current}
          pageSize={page.pageSize}
          total={page.total}
          onChange={page.onChange}
          showSizeChanger={false}
        />
      ) : null}
      <p style={{ marginTop: 8, color: 'rgba(0,0,0,0.65)' }}>{page.said}</p>
    </Spin>
  );
}
