import { formatXOF } from '@app/shared/format';
import type { ReactNode } from 'react';

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
