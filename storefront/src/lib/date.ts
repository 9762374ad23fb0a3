import { dayMonthYear } from '@app/shared/format';

/** "2026-03-14" → "14 mars 2026" (dates are calendar days, so read them as UTC to avoid shifting). */
export const formatDate = (isoDay: string) => {
  const date = new Date(`${isoDay.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDay : dayMonthYear(date);
};
