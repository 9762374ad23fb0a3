import { BarcodeOutlined } from '@ant-design/icons';
import { EXPORTS } from '@app/shared/resources';
import { Button } from 'antd';
import type { ToolbarProps } from '../../crud/overrides';
import { SEARCH_FILTER } from '../../providers/data-provider';

/** "Étiquettes" above the products: a sheet of barcode labels for those the list shows (its search), to print. */
export function LabelsButton({ filters }: ToolbarProps) {
  const search = filters.find((f) => 'field' in f && f.field === SEARCH_FILTER)?.value;
  const href = `${EXPORTS.labels}${search ? `?${new URLSearchParams({ search: String(search) })}` : ''}`;
  return (
    <Button icon={<BarcodeOutlined />} href={href} target="_blank">
      Étiquettes code-barres
    </Button>
  );
}
