import { formatDiscount, formatXOF } from '@app/shared/format';
import { amountDue, deliveryLine, discountLine } from '@app/shared/labels';
import type { ReactNode } from 'react';
import type { RouterOutputs } from '../../lib/trpc';

export interface OrderItemLine {
  key: string;
  name: string;
  quantity: number;
  unitPrice: number;
  /** Shown under the line (what is left in stock). */
  note?: ReactNode;
}

export function OrderItems({ lines }: { lines: OrderItemLine[] }) {
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {lines.map((line) => (
        <li key={line.key} className="flex justify-between gap-3 py-2">
          <span className="min-w-0">
            {line.quantity} × {line.name}
            {line.note}
          </span>
          <span className="shrink-0 font-medium">{formatXOF(line.unitPrice * line.quantity)}</span>
        </li>
      ))}
    </ul>
  );
}

/** What the confirmation (the placed order) and the tracking page (the order found) both show. */
type SummaryFields =
  'items' | 'subtotal' | 'promoCode' | 'promoLabel' | 'discount' | 'loyaltyPoints' | 'deliveryCost' | 'total' | 'delivery' | 'creditAmount';
type Summarized = Pick<RouterOutputs['orders']['place'], SummaryFields> | Pick<RouterOutputs['orders']['track'], SummaryFields>;

function Row({ term, children, className = '' }: { term: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className={`flex justify-between gap-3 ${className}`}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A placed order's lines and totals; `extra` adds rows below the total (the payment method). */
export function OrderSummary({ order, extra }: { order: Summarized; extra?: { term: string; value: ReactNode } }) {
  const delivery = deliveryLine(order);
  const discount = discountLine(order);
  return (
    <>
      <OrderItems
        lines={order.items.map((i) => ({ key: `${i.type}:${i.id}`, name: i.name, quantity: i.quantity, unitPrice: i.unitPrice }))}
      />
      <dl className="space-y-1 border-t border-slate-200 pt-3 text-sm">
        <Row term="Sous-total">{formatXOF(order.subtotal)}</Row>
        {discount && (
          <Row term={discount} className="text-emerald-800">
            <span data-testid="order-discount">{formatDiscount(order.discount)}</span>
          </Row>
        )}
        {delivery && <Row term={delivery}>{formatXOF(order.deliveryCost)}</Row>}
        <Row term="Total" className="text-base font-bold">
          <span data-testid="order-total">{formatXOF(order.total)}</span>
        </Row>
        {Number(order.creditAmount) > 0 && (
          <>
            <Row term="Payé par votre avoir" className="text-emerald-800">
              {formatDiscount(Number(order.creditAmount))}
            </Row>
            <Row term="Reste à payer" className="font-semibold">
              <span data-testid="order-due">{formatXOF(amountDue(order))}</span>
            </Row>
          </>
        )}
        {extra && (
          <Row term={extra.term} className="pt-2">
            {extra.value}
          </Row>
        )}
      </dl>
    </>
  );
}
