import { orderEventKinds, orderStatuses, paymentStatuses } from '@app/shared';
import { Button, Card, Input, Space, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { useOrderActions } from './useOrderActions';

const valueLabel = (kind: string, value: string | null) =>
  value === null ? '—' : kind === 'status' || kind === 'created' ? (orderStatuses[value as keyof typeof orderStatuses] ?? value) : kind === 'payment' ? (paymentStatuses[value as keyof typeof paymentStatuses] ?? value) : value;

/** Every change of the order, oldest first, and the owner's internal notes. */
export function OrderTimeline({ actions }: { actions: ReturnType<typeof useOrderActions> }) {
  const [note, setNote] = useState('');
  const events = actions.history.data ?? [];
  return (
    <Card title="Historique et notes internes">
      <Timeline
        items={events.map((e) => ({
          color: e.kind === 'note' ? 'gray' : e.kind === 'payment' ? 'green' : 'blue',
          children: (
            <div>
              <Typography.Text strong>{orderEventKinds[e.kind]}</Typography.Text>
              {e.kind === 'note' ? null : e.kind === 'created' ? null : (
                <span>
                  {' '}
                  : {e.kind === 'edit' ? `${e.note ?? ''} ` : ''}
                  {valueLabel(e.kind, e.fromValue)} → {valueLabel(e.kind, e.toValue)}
                </span>
              )}
              {e.kind !== 'edit' && e.note ? <div style={{ whiteSpace: 'pre-wrap' }}>{e.note}</div> : null}
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {dayjs(e.createdAt).format('DD/MM/YYYY HH:mm')} · {e.actor}
              </Typography.Text>
            </div>
          ),
        }))}
      />
      <Space.Compact style={{ width: '100%' }} className="no-print">
        <Input.TextArea aria-label="Note interne" placeholder="Note interne (visible par vous seul)" value={note} onChange={(e) => setNote(e.target.value)} autoSize maxLength={2000} />
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
