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

// Built once: constructing an Intl.NumberFormat is costly and lists format many prices. The franc
// CFA has no cents: whole amounts show without decimals; an amount entered with cents keeps two.
const whole = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'XOF', maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'XOF', minimumFractionDigits: 2 });

/**
 * Formats an amount in CFA francs, e.g. "15 000 F CFA" (or "1 500,50 F CFA" for the rare amount
 * entered with cents). The spaces are the narrow no-break spaces (U+202F) and no-break space
 * (U+00A0) that the fr-FR locale uses, so a price never wraps across two lines.
 */
export function formatXOF(amount: number): string {
  // Amounts that round to zero (including -0 from a computation) would print "-0 F CFA".
  // signDisplay: 'negative' would fix this too, but throws on older mobile browsers.
  const rounded = Math.abs(amount) < 0.005 ? 0 : Math.round(amount * 100) / 100;
  return (Number.isInteger(rounded) ? whole : withCents).format(rounded);
}

/** An amount taken off ("− 2 500 F CFA"), its sign kept with the figure on every line break. */
export const formatDiscount = (amount: number) => `−\u00a0${formatXOF(amount)}`;
