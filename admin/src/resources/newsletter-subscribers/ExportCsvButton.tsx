import { DownloadOutlined } from '@ant-design/icons';
import { useNotification } from '@refinedev/core';
import { Button } from 'antd';
import { useState } from 'react';
import type { ToolbarProps } from '../../crud/overrides';
import { downloadExport } from '../../providers/download';
import { SEARCH_FILTER } from '../../providers/data-provider';

/** Downloads every subscriber matching the current search, written by the server a page at a time. */
export function ExportCsvButton({ filters }: ToolbarProps) {
  const { open } = useNotification();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const search = filters.find((f) => 'field' in f && f.field === SEARCH_FILTER)?.value;
      const count = await downloadExport('/api/exports/newsletter.csv', search ? { search: String(search) } : {});
      open?.({ type: 'success', message: `${count} abonné${count > 1 ? 's' : ''} exporté${count > 1 ? 's' : ''}` });
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
