import { today } from '@app/shared/format';
import dayjs from 'dayjs';

/**
 * Today as the shop counts days (Benin), whatever zone the device's clock is in: the server reads
 * a chosen day as a Benin day, so a default range ending "today" must end on Benin's today (just
 * after midnight in Cotonou, a device on UTC is still on the day before).
 */
export const shopToday = () => dayjs(today());
