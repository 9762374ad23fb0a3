/** Today's date as yyyy-mm-dd, in the shop's time zone (Benin is UTC+1 all year). */
export function today(now: Date = new Date()): string {
  return new Date(now.getTime() + 60 * 60 * 1000).toISOString().slice(0, 10);
}

const sessionFormat = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Porto-Novo',
});

/** A moment as the shop says it, in Benin time: "samedi 12 décembre 2026 à 09:00". */
export const longDateTime = (moment: string | Date) => sessionFormat.format(new Date(moment));

/** How a training session is named to a shopper: on the shop, a line of the cart, the receipt and the invoice. */
export const sessionLabel = (session: { startsAt: string; online: boolean; place: string | null }) =>
  `session du ${longDateTime(session.startsAt)}, ${session.online ? 'en ligne' : (session.place ?? '')}`;
