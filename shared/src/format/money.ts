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
