import { DownloadOutlined } from '@ant-design/icons';
import { useDataProvider, useNotification } from '@refinedev/core';
import { Button } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { ToolbarProps } from '../../crud/overrides';
import { toCsv } from '@app/shared/format';

const PAGE = 100;

/** Downloads every subscriber matching the current search, page by page (the API caps pages at 100). */
export function ExportCsvButton({ entry, filters }: ToolbarProps) {
  const dataProvider = useDataProvider()();
  const { open } = useNotification();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const rows: Record<string, unknown>[] = [];
      for (let page = 1; ; page++) {
        const { data, total } = await dataProvider.getList({
          resource: entry.name,
          pagination: { currentPage: page, pageSize: PAGE },
          filters,
        });
        rows.push(...(data as Record<string, unknown>[]));
        if (rows.length >= (total ?? 0) || data.length < PAGE) break;
      }
      const csv = toCsv(
        ['E-mail', 'Inscrit le'],
        rows.map((r) => [String(r.email), dayjs(String(r.createdAt)).format('YYYY-MM-DD HH:mm')]),
      );
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `abonnes-newsletter-${dayjs().format('YYYY-MM-DD')}.csv`;
      link.click();
      URL.revokeObjectURL(url);
      open?.({ type: 'success', message: `${rows.length} abonné${rows.length > 1 ? 's' : ''} exporté${rows.length > 1 ? 's' : ''}` });
    } catch (error) {
      open?.({ type: 'error', message: "Erreur lors de l'export", description: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={run}>
      Exporter en CSV
    </Button>
  );
}
