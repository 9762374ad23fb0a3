/**
 * The shop's opening hours as the owner writes them, one range a line, in French:
 * « Lundi-Vendredi 08:00-18:30 », « Lun au ven 8h-18h », « Samedi 9h30-13h ». Read into the days
 * and times schema.org's OpeningHoursSpecification takes.
 */
export const WEEK_DAYS = [
  ['lundi', 'Monday'],
  ['mardi', 'Tuesday'],
  ['mercredi', 'Wednesday'],
  ['jeudi', 'Thursday'],
  ['vendredi', 'Friday'],
  ['samedi', 'Saturday'],
  ['dimanche', 'Sunday'],
] as const;

export type WeekDay = (typeof WEEK_DAYS)[number][1];
export type OpeningHours = { days: WeekDay[]; opens: string; closes: string };

const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** A French day, whole or from its first three letters (« mer », « Mercredi »). */
function dayIndex(word: string) {
  const w = plain(word).replace(/\.$/, '');
  if (w.length < 3) return -1;
  return WEEK_DAYS.findIndex(([name]) => name.startsWith(w));
}

/** « 8h », « 08h30 », « 8:30 », « 18 h 30 » → "08:30"; null when it is no time of day. */
function timeOf(text: string) {
  const m = /^(\d{1,2})\s*(?:h|:)\s*(\d{2})?$/.exec(text.trim()) ?? /^(\d{1,2})$/.exec(text.trim());
  if (!m) return null;
  const [hours, minutes] = [Number(m[1]), Number(m[2] ?? 0)];
  if (hours > 24 || minutes > 59 || (hours === 24 && minutes > 0)) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

const DAYS = String.raw`(\p{L}+\.?)(?:\s*(?:-|–|à|au)\s*(\p{L}+\.?))?`;
const TIMES = String.raw`(\d{1,2}\s*(?:h|:)?\s*(?:\d{2})?)\s*(?:-|–|à)\s*(\d{1,2}\s*(?:h|:)?\s*(?:\d{2})?)`;
const LINE = new RegExp(String.raw`^${DAYS}\s*:?\s+${TIMES}$`, 'u');

export function parseOpeningHours(line: string): OpeningHours | null {
  const m = LINE.exec(line.trim());
  if (!m) return null;
  const first = dayIndex(m[1]!);
  const last = m[2] ? dayIndex(m[2]) : first;
  const [opens, closes] = [timeOf(m[3]!), timeOf(m[4]!)];
  if (first < 0 || last < first || !opens || !closes || closes <= opens) return null;
  return { days: WEEK_DAYS.slice(first, last + 1).map(([, day]) => day), opens, closes };
}

export const openingHoursError = (line: string) =>
  parseOpeningHours(line)
    ? undefined
    : `« ${line.slice(0, 40)} » : écrivez les jours puis les heures, par exemple « Lundi-Vendredi 08:00-18:30 » ou « Samedi 9h-13h ».`;
