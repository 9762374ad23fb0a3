/** What /suivi says when it cannot read an order number. */
export const ORDER_NUMBER_HINT = 'Numéro de commande attendu (ex. : CMD-000123, ou simplement 123).';

/**
 * An order number as people type it ("5", "cmd 5", "#000005", "Cmd-000005"), as the shop writes it
 * (CMD- and at least six digits), or null when it is not one.
 */
export function normalizeOrderNumber(text: string): string | null {
  const match = /^\s*#?\s*(?:cmd)?[\s#.:_/-]*(\d{1,12})\s*$/i.exec(text);
  if (!match) return null;
  const digits = match[1]!.replace(/^0+(?=\d)/, '');
  return `CMD-${digits.padStart(6, '0')}`;
}

/**
 * The order's tracking code: six characters of its private token, asked with the number and the
 * phone to find an order without its link. Order numbers follow each other and a phone is no
 * secret; the code is what a stranger cannot guess (16.7 million values, and lookups are limited).
 */
export const trackingCode = (token: string) => token.slice(0, 6).toUpperCase();
/** A tracking code as people type it ("7f3 a9c", "7F3-A9C"), as the shop prints it, or null when it is not one. */
export function normalizeTrackingCode(text: string): string | null {
  const code = text.replace(/[\s-]/g, '').toUpperCase();
  return /^[0-9A-F]{6}$/.test(code) ? code : null;
}
export const TRACKING_CODE_HINT = 'Code de suivi attendu : 6 caractères (chiffres et lettres A à F), par exemple 7F3A9C.';
