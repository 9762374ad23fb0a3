import {
  invoiceTypes,
  onlinePaymentStatuses,
  orderEventKinds,
  orderStatuses,
  paymentStatuses,
  WHATSAPP_TEMPLATES,
  type WhatsAppTemplate,
  whatsappStatuses,
} from '@app/shared';
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

type OrderEvent = NonNullable<ReturnType<typeof useOrderActions>['history']['data']>[number];

const eventItem = (e: OrderEvent) => ({
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
});

/** Every change of the order and its WhatsApp messages, oldest first, and the owner's internal notes. */
export function OrderTimeline({ actions }: { actions: ReturnType<typeof useOrderActions> }) {
  const [note, setNote] = useState('');
  const events = actions.history.data ?? [];
  // Each WhatsApp message at its time, with what Meta last said of it.
  const messages = (actions.whatsapp.data ?? []).map((m) => ({
    at: m.createdAt,
    item: {
      color: m.status === 'failed' ? 'red' : m.status === 'read' ? 'green' : 'blue',
      children: (
        <div>
          <Typography.Text strong>WhatsApp</Typography.Text>
          <span>
            {' '}
            : {m.template ? (WHATSAPP_TEMPLATES[m.template as WhatsAppTemplate]?.label ?? m.template) : 'Réponse'} ·{' '}
            {whatsappStatuses[m.status]}
          </span>
          {m.error ? <div style={{ color: '#a8071a' }}>{m.error}</div> : null}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {shopDateTime(m.createdAt)}
            {m.status !== 'accepted' ? ` · ${whatsappStatuses[m.status].toLowerCase()} ${shopDateTime(m.statusAt)}` : ''}
          </Typography.Text>
        </div>
      ),
    },
  }));
  return (
    <Card title="Historique et notes internes">
      <Timeline
        items={[...events.map((e) => ({ at: e.createdAt, item: eventItem(e) })), ...messages]
          .sort((a, b) => a.at.localeCompare(b.at))
          .map((entry) => entry.item)}
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
