import {
  AREAS,
  NEXT_PAYMENT_STATUSES,
  NEXT_STATUSES,
  type OrderStatus,
  type PaymentStatus,
  orderStatuses,
  paymentStatuses,
  reversesMoney,
} from '@app/shared';
import { useMay } from '../../crud/useMay';
import { Button, Card, Input, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import type { useOrderActions } from './useOrderActions';

/** Only the moves the order process allows, cancelling behind a confirmation. */
export function OrderProcess({
  status,
  payment,
  actions,
}: {
  status: OrderStatus;
  payment: PaymentStatus;
  actions: ReturnType<typeof useOrderActions>;
}) {
  const [reference, setReference] = useState('');
  const busy = actions.transition.isPending || actions.reopen.isPending || actions.setPayment.isPending;
  // Giving money back is the managers' (AREAS.refunds): the others are not offered it.
  const mayRefund = useMay(AREAS.refunds);
  const order = { status, paymentStatus: payment };
  const next = NEXT_STATUSES[status].filter((to) => mayRefund || !reversesMoney(order, { to, payment: false }));
  const nextPayment = NEXT_PAYMENT_STATUSES[payment].filter((to) => mayRefund || !reversesMoney(order, { to, payment: true }));
  return (
    <Card title="Suivi de la commande">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text>
          Statut : <strong>{orderStatuses[status]}</strong>
        </Typography.Text>
        <Space wrap>
          {next
            .filter((to) => to !== 'cancelled')
            .map((to) => (
              <Button key={to} type="primary" disabled={busy} onClick={() => actions.transition.mutate({ to })}>
                Passer à « {orderStatuses[to]} »
              </Button>
            ))}
          {next.includes('cancelled') && (
            <Popconfirm
              title="Annuler cette commande ?"
              description="Le stock des produits sera rendu."
              okText="Oui, annuler"
              cancelText="Non"
              onConfirm={() => actions.transition.mutate({ to: 'cancelled' })}
            >
              <Button danger disabled={busy}>
                Annuler la commande
              </Button>
            </Popconfirm>
          )}
          {status === 'cancelled' && (
            <Popconfirm
              title="Rouvrir cette commande ?"
              description="Le stock sera repris, s'il est encore disponible."
              okText="Rouvrir"
              cancelText="Non"
              onConfirm={() => actions.reopen.mutate({})}
            >
              <Button disabled={busy}>Rouvrir la commande</Button>
            </Popconfirm>
          )}
        </Space>
        <Typography.Text>
          Paiement : <strong>{paymentStatuses[payment]}</strong>
        </Typography.Text>
        <Space wrap>
          {nextPayment.includes('paid') && (
            <Input
              aria-label="Référence du paiement (facultative)"
              placeholder="Référence (facultative)"
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              style={{ width: 220 }}
            />
          )}
          {nextPayment.map((to) => (
            <Button
              key={to}
              disabled={busy}
              onClick={() => actions.setPayment.mutate({ to, ...(to === 'paid' && reference ? { reference } : {}) })}
            >
              Marquer « {paymentStatuses[to]} »
            </Button>
          ))}
        </Space>
      </Space>
    </Card>
  );
}
