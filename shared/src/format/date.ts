/** Today's date as yyyy-mm-dd, in the shop's time zone (Benin is UTC+1 all year). */
export function today(now: Date = new Date()): string {
  return new Date(now.getTime() + 60 * 60 * 1000).toISOString().slice(0, 10);
}
