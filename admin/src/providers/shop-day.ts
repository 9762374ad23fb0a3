import { BENIN_UTC_OFFSET_MINUTES, today } from '@app/shared/format';
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/**
 * Today as the shop counts days (Benin), whatever zone the device's clock is in: the server reads
 * a chosen day as a Benin day, so a default range ending "today" must end on Benin's today (just
 * after midnight in Cotonou, a device on UTC is still on the day before).
 */
export const shopToday = () => dayjs(today());

/**
 * A moment on the shop's clock (Benin), whatever zone the device's clock is in: the owner reads
 * and sets the times her shoppers, mails and receipts see, also from a phone abroad.
 */
export const shopTime = (moment: string | Date) => dayjs(moment).utcOffset(BENIN_UTC_OFFSET_MINUTES);

/**
 * A day and time picked on a screen, read on the shop's clock: a picker opened empty starts from
 * the device's clock, and its 09:00 is the shop's 09:00 too.
 */
export const onShopClock = (picked: Dayjs) => picked.utcOffset(BENIN_UTC_OFFSET_MINUTES, true);

/** "27/11/2026 11:46", Benin time. */
export const shopDateTime = (moment: string | Date) => shopTime(moment).format('DD/MM/YYYY HH:mm');

/** "27/11/2026", the Benin day of a moment. */
export const shopDate = (moment: string | Date) => shopTime(moment).format('DD/MM/YYYY');
