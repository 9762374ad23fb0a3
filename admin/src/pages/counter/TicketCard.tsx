import { formatXOF, sessionLabel } from '@app/shared/format';
import { Button, Card, Empty, InputNumber, Popover, Space, Typography } from 'antd';
import { Rows } from '../../layout/Rows';
import type { CounterItem } from './store';

export type Session = NonNullable<CounterItem['sessions']>[number];
/** A line of the ticket: an article, and for a training the session its seats are booked on. */
export type Line = { product: CounterItem; quantity: number; session?: Session; discount?: number };
export const lineKey = (l: { product: { id: string }; session?: { id: string } | undefined }) => `${l.product.id}:${l.session?.id ?? ''}`;

/**
 * The ticket: its lines (+ and −, a line's own discount), the whole ticket's discount within the
 * owner's limit (`percent` of the subtotal), and the total.
 */
export function TicketCard({
  lines,
  setLines,
  percent,
  discount,
  setDiscount,
  limit,
  off,
  total,
}: {
  lines: Line[];
  setLines: (change: (current: Line[]) => Line[]) => void;
  percent: number;
  discount: number | null;
  setDiscount: (value: number | null) => void;
  limit: number;
  off: number;
  total: number;
}) {
  const quantity = (key: string, delta: number) =>
    setLines((current) =>
      current.map((l) => (lineKey(l) === key ? { ...l, quantity: l.quantity + delta } : l)).filter((l) => l.quantity > 0),
    );
  return (
    <Card size="small" title="Ticket">
      {lines.length ? (
        <Rows
          rows={lines.map((l) => ({
            key: lineKey(l),
            title: l.product.name,
            description: `${l.session ? `${sessionLabel(l.session)} · ` : ''}${l.quantity} × ${formatXOF(l.product.price)}${l.discount ? ` − ${formatXOF(l.discount)}` : ''}`,
            actions: [
              <Button key="minus" onClick={() => quantity(lineKey(l), -1)} aria-label={`Un ${l.product.name} de moins`}>
                −
              </Button>,
              <Button key="plus" onClick={() => quantity(lineKey(l), 1)} aria-label={`Un ${l.product.name} de plus`}>
                +
              </Button>,
              ...(percent > 0
                ? [
                    // A discount on this line only (a damaged box, a display model), counted in the same limit.
                    <Popover
                      key="discount"
                      trigger="click"
                      content={
                        <InputNumber
                          autoFocus
                          min={0}
                          max={l.product.price * l.quantity}
                          step={100}
                          precision={0}
                          addonAfter="F CFA"
                          aria-label={`Remise sur ${l.product.name}`}
                          value={l.discount ?? null}
                          onChange={(value) =>
                            setLines((current) => current.map((c) => (lineKey(c) === lineKey(l) ? { ...c, discount: value ?? 0 } : c)))
                          }
                        />
                      }
                    >
                      <Button aria-label={`Remise sur la ligne ${l.product.name}`}>%</Button>
                    </Popover>,
                  ]
                : []),
            ],
          }))}
        />
      ) : (
        <Empty description="Scannez ou cherchez un article" />
      )}
      {percent > 0 && lines.length ? (
        <Space style={{ marginTop: 12, width: '100%', justifyContent: 'flex-end' }} wrap>
          <InputNumber
            min={0}
            max={limit}
            step={100}
            precision={0}
            addonBefore="Remise"
            addonAfter="F CFA"
            aria-label="Remise"
            value={discount}
            onChange={(value) => setDiscount(value)}
            style={{ maxWidth: 260 }}
          />
          <Typography.Text type={off > limit ? 'danger' : 'secondary'}>{`${formatXOF(limit)} au maximum (${percent} %)`}</Typography.Text>
        </Space>
      ) : null}
      <Typography.Title level={4} style={{ textAlign: 'right', margin: '12px 0 0' }} data-testid="total">
        Total : {formatXOF(total)}
      </Typography.Title>
    </Card>
  );
}
