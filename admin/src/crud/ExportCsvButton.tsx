import { DownloadOutlined } from '@ant-design/icons';
import { useNotification } from '@refinedev/core';
import { Button } from 'antd';
import { type ComponentType, useState } from 'react';
import { EVERYONE, type Roles } from '@app/shared/team';
import type { ToolbarProps } from './overrides';
import { useMay } from './useMay';
import { downloadExport } from '../providers/download';
import { SEARCH_FILTER } from '../providers/data-provider';

/**
 * A list's "Exporter en CSV": every row matching its current search, written by the server a page
 * at a time (server/src/http/export-route.ts), then "N … exporté(s)".
 */
export function csvExportButton(
  path: string,
  counted: (n: number) => string,
  label = 'Exporter en CSV',
  /** Who may download it, when fewer than those who read the list (the server refuses the others). */
  roles: Roles = EVERYONE,
): ComponentType<ToolbarProps> {
  return function ExportCsvButton({ filters }: ToolbarProps) {
    const allowed = useMay(roles);
    const search = filters.find((f) => 'field' in f && f.field === SEARCH_FILTER)?.value;
    if (!allowed) return null;
    return <CsvButton path={path} params={search ? { search: String(search) } : {}} counted={counted} label={label} />;
  };
}

/** Downloads one export (`path` with `params`), then says how many rows it held, or why it failed. */
export function CsvButton({
  path,
  params,
  counted,
  label = 'Exporter en CSV',
}: {
  path: string;
  params: Record<string, string>;
  counted: (n: number) => string;
  label?: string;
}) {
  const { open } = useNotification();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      open?.({ type: 'success', message: counted(await downloadExport(path, params)) });
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
}
