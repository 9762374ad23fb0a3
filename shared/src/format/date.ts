// Dates are written out rather than asked of Intl: the first Intl call of a page loads the
// locale's data, 30 to 60 ms on this machine inside the app's start (four times that on a slow
// phone), and an older phone's Intl may word a date differently from the server's page.
// tests/unit/format.test.ts checks these against Intl.DateTimeFormat's fr-FR output.

/** Benin is UTC+1 all year (Africa/Porto-Novo, no summer time). */
export const BENIN_UTC_OFFSET_MINUTES = 60;
const BENIN_OFFSET_MS = BENIN_UTC_OFFSET_MINUTES * 60 * 1000;

const DAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];
const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
const twoDigits = (n: number) => String(n).padStart(2, '0');
/** The moment shifted so that its UTC fields read Benin's day and time. */
const inBenin = (moment: string | Date) => new Date(new Date(moment).getTime() + BENIN_OFFSET_MS);

/** Today's date as yyyy-mm-dd, in the shop's time zone. */
export function today(now: Date = new Date()): string {
  return inBenin(now).toISOString().slice(0, 10);
}

/** The calendar day of a date read in UTC, as French says it: "12 décembre 2026". */
export const dayMonthYear = (date: Date) => `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;

/** A moment in Benin time, as French says it: "12 décembre 2026 à 09:00" (an order's history). */
export const dateTime = (moment: string | Date) => {
  const benin = inBenin(moment);
  return `${dayMonthYear(benin)} à ${twoDigits(benin.getUTCHours())}:${twoDigits(benin.getUTCMinutes())}`;
};

/** The same with its weekday: "samedi 12 décembre 2026 à 09:00" (a training session). */
export const longDateTime = (moment: string | Date) => `${DAYS[inBenin(moment).getUTCDay()]} ${dateTime(moment)}`;

/** How a training session is named to a shopper: on the shop, a line of the cart, the receipt and the invoice. */
export const sessionLabel = (session: { startsAt: string; online: boolean; place: string | null }) =>
  `session du ${longDateTime(session.startsAt)}, ${session.online ? 'en ligne' : (session.place ?? '')}`;
