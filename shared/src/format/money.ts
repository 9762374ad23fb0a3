/** Amounts in XOF: numeric(12,2) in the database. */
export const MONEY_MAX = 9_999_999_999.99;

/** The French message for an amount, or undefined when it is a valid one. */
export function moneyError(amount: number): string | undefined {
  if (amount < 0) return 'Le montant ne peut pas être négatif.';
  if (amount > MONEY_MAX) return 'Montant trop élevé.';
  // Two decimals at most, allowing for binary floating point (0.1 + 0.2).
  if (Math.abs(amount * 100 - Math.round(amount * 100)) >= 1e-6) return 'Deux décimales au maximum.';
  return undefined;
}

// Built once: constructing an Intl.NumberFormat is costly and lists format many prices.
const xofFormatter = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'XOF',
  minimumFractionDigits: 2,
});

/**
 * Formats an amount in CFA francs with two decimals (spec section 9), e.g. "15 000,00 F CFA".
 * The spaces are the narrow no-break spaces (U+202F) and no-break space (U+00A0) that the
 * fr-FR locale uses, so a price never wraps across two lines.
 */
export function formatXOF(amount: number): string {
  // Amounts that round to zero (including -0 from a computation) would print "-0,00 F CFA".
  // signDisplay: 'negative' would fix this too, but throws on older mobile browsers.
  return xofFormatter.format(Math.abs(amount) < 0.005 ? 0 : amount);
}
