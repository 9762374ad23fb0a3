import { invoiceTypes, onlinePaymentStatuses, orderEventKinds, orderStatuses, paymentStatuses } from '@app/shared';
import { Button, Card, Input, Space, Timeline, Typography } from 'antd';
import { useState } from 'react';
import type { useOrderActions } from './useOrderActions';
import { shopDateTime } from '../../providers/shop-day';

const VALUE_LABELS: Record<string, Record<string, string>> = {
  status: orderStatuses,
  created: orderStatuses,
  payment: paymentStatuses,
  online_payment: onlinePaymentStatuses,
  invoice: invoiceTypes,
};
const valueLabel = (kind: string, value: string | null) => (value === null ? '—' : (VALUE_LABELS[kind]?.[value] ?? value));
const PROBLEMS = new Set(['mismatch', 'declined', 'failed']);
const colorOf = (kind: string, value: string | null) =>
  kind === 'note' ? 'gray' : kind === 'payment' || value === 'approved' ? 'green' : PROBLEMS.has(value ?? '') ? 'red' : 'blue';

/** Every change of the order, oldest first, and the owner's internal notes. */
export function OrderTimeline({ actions }: { actions: ReturnType<typeof useOrderActions> }) {
  const [note, setNote] = useState('');
  const events = actions.history.data ?? [];
  return (
    <Card title="Historique et notes internes">
      <Timeline
        items={events.map((e) => ({
          color: colorOf(e.kind, e.toValue),
          children: (
            <div>
              <Typography.Text strong>{orderEventKinds[e.kind]}</Typography.Text>
              {e.kind === 'note' || e.kind === 'created' ? null : e.kind === 'online_payment' || e.kind === 'invoice' ? (
                <span> : {valueLabel(e.kind, e.toValue)}</span>
              ) : (
                <span>
                  {' '}
                  : {e.kind === 'edit' ? `${e.note ?? ''} ` : ''}
                  {valueLabel(e.kind, e.fromValue)} → {valueLabel(e.kind, e.toValue)}
                </span>
              )}
              {e.kind !== 'edit' && e.note ? <div style={{ whiteSpace: 'pre-wrap' }}>{e.note}</div> : null}
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {shopDateTime(e.createdAt)} · {e.actor}
              </Typography.Text>
            </div>
          ),
        }))}
      />
      <Space.Compact style={{ width: '100%' }} className="no-print">
        <Input.TextArea
          aria-label="Note interne"
          placeholder="Note interne (visible par vous seul)"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          autoSize
          maxLength={2000}
        />
        <Button
          disabled={!note.trim() || actions.addNote.isPending}
          onClick={() => actions.addNote.mutate({ note }, { onSuccess: () => setNote('') })}
        >
          Ajouter
        </Button>
      </Space.Compact>
    </Card>
  );
}
