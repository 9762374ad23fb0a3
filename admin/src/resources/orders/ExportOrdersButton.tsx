import { DownloadOutlined } from '@ant-design/icons';
import { countOf } from '@app/shared/format';
import { App, Button, DatePicker, Form, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { downloadExport } from '../../providers/download';
import { shopToday } from '../../providers/shop-day';
import { toHttpError } from '../../providers/errors';
import { EXPORTS } from '@app/shared/resources';
import { AREAS } from '@app/shared/team';
import { useMay } from '../../crud/useMay';

/** One day picked from a one-month panel that fits a phone; typing is not offered (the keyboard would cover it). */
const dayPicker = { format: 'DD/MM/YYYY', allowClear: false, inputReadOnly: true, style: { width: '100%' } } as const;

/** Orders of a date range (the last 30 days by default) as a CSV file French Excel opens directly. */
export function ExportOrdersButton() {
  const allowed = useMay(AREAS.exports);
  const { notification } = App.useApp();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [range, setRange] = useState<[Dayjs, Dayjs]>([shopToday().subtract(30, 'day'), shopToday()]);
  const run = async () => {
    setBusy(true);
    try {
      const [from, to] = range.map((d) => d.format('YYYY-MM-DD')) as [string, string];
      const count = await downloadExport(EXPORTS.orders, { from, to });
      notification.success({ message: countOf(count, 'commande exportée', 'commandes exportées') });
      setOpen(false);
    } catch (error) {
      notification.error({ message: "Erreur lors de l'export", description: toHttpError(error).message });
    } finally {
      setBusy(false);
    }
  };
  if (!allowed) return null;
  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={() => setOpen(true)}>
        Exporter en CSV
      </Button>
      <Modal
        title="Exporter les commandes"
        open={open}
        onCancel={() => setOpen(false)}
        onOk={run}
        okText="Télécharger"
        cancelText="Annuler"
        confirmLoading={busy}
      >
        {/* Two one-month pickers rather than a range: a two-month panel is 576 px wide, wider than a phone. */}
        <Form layout="vertical" component="div">
          <Form.Item label="Du" htmlFor="export-from" style={{ marginBottom: 12 }}>
            <DatePicker
              {...dayPicker}
              id="export-from"
              value={range[0]}
              disabledDate={(day) => day.isAfter(range[1], 'day')}
              onChange={(day) => day && setRange([day, range[1]])}
            />
          </Form.Item>
          <Form.Item label="Au" htmlFor="export-to" style={{ marginBottom: 0 }}>
            <DatePicker
              {...dayPicker}
              id="export-to"
              value={range[1]}
              disabledDate={(day) => day.isBefore(range[0], 'day')}
              onChange={(day) => day && setRange([range[0], day])}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
