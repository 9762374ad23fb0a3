import { DownloadOutlined } from '@ant-design/icons';
import { useNotification } from '@refinedev/core';
import { Button } from 'antd';
import { type ComponentType, useState } from 'react';
import type { ToolbarProps } from './overrides';
import { downloadExport } from '../providers/download';
import { SEARCH_FILTER } from '../providers/data-provider';

/**
 * A list's "Exporter en CSV": every row matching its current search, written by the server a page
 * at a time (server/src/http/export-route.ts), then "N … exporté(s)".
 */
export function csvExportButton(path: string, counted: (n: number) => string, label = 'Exporter en CSV'): ComponentType<ToolbarProps> {
  return function ExportCsvButton({ filters }: ToolbarProps) {
    const { open } = useNotification();
    const [busy, setBusy] = useState(false);
    const run = async () => {
      setBusy(true);
      try {
        const search = filters.find((f) => 'field' in f && f.field === SEARCH_FILTER)?.value;
        const count = await downloadExport(path, search ? { search: String(search) } : {});
        open?.({ type: 'success', message: counted(count) });
      } catch (error) {
        open?.({ type: 'error', message: "Erreur lors de l'export", description: (error as Error).message });
      } finally {
        setBusy(false);
      }
    };
    return (
      <Button icon={<DownloadOutlined />} loading={busy} onClick={run}>
        {label}
      </Button>
    );
  };
}
