import { Tag } from 'antd';

/**
 * One colour per state, for every status the back-office shows (orders, payments, Mobile Money
 * transactions, verification requests): waiting is gold, in progress blue to purple, done green,
 * refused or failed red, ended without result grey.
 */
const STATUS_COLORS: Record<string, string> = {
  pending: 'gold',
  creating: 'gold',
  new: 'blue',
  confirmed: 'cyan',
  shipped: 'purple',
  completed: 'green',
  delivered: 'green',
  approved: 'green',
  paid: 'green',
  to_refund: 'volcano',
  refunded: 'default',
  canceled: 'default',
  expired: 'default',
  declined: 'orange',
  failed: 'orange',
  sent: 'green',
  rejected: 'red',
  cancelled: 'red',
  mismatch: 'red',
};

export function StatusTag({ value, label }: { value: string; label?: string }) {
  return <Tag color={STATUS_COLORS[value]}>{label ?? value}</Tag>;
}
