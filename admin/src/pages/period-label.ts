import type { SalesGrouping } from '@app/shared/sales';
import dayjs from 'dayjs';

/** A sales point's name: its day, its week's Monday, or its month (dayjs in French). */
export function periodLabel(period: string, by: SalesGrouping): string {
  const d = dayjs(period);
  if (by === 'month') return d.format('MMM YYYY');
  return by === 'week' ? `sem. du ${d.format('DD/MM')}` : d.format('DD/MM');
}
