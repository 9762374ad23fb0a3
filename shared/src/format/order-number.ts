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
