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

/**
 * Formats an amount in CFA francs, e.g. "15 000 F CFA" (or "1 500,50 F CFA" for the rare amount
 * entered with cents: the franc CFA has no cents, an amount entered with them keeps two). The
 * spaces are the narrow no-break spaces (U+202F) and no-break space (U+00A0) of the fr-FR locale
 * (Intl.NumberFormat's output, checked by tests/unit/format.test.ts), so a price never wraps.
 *
 * Written out rather than asked of Intl: the first Intl call of a page loads the locale's data,
 * 30 to 60 ms on this machine inside the app's start, and an older phone's Intl spells the
 * spaces differently from the server's, which would make its prices differ from the page's.
 */
export function formatXOF(amount: number): string {
  // Amounts that round to zero (including -0 from a computation) print "0 F CFA", not "-0 F CFA".
  const rounded = Math.abs(amount) < 0.005 ? 0 : Math.round(amount * 100) / 100;
  const [units, cents] = Math.abs(rounded)
    .toFixed(Number.isInteger(rounded) ? 0 : 2)
    .split('.');
  return `${rounded < 0 ? '-' : ''}${groupDigits(units!)}${cents ? `,${cents}` : ''}\u00a0F\u202fCFA`;
}

/** Whole digits in groups of three, as fr-FR writes them ("10 000", narrow no-break spaces). */
export const groupDigits = (digits: string | number) => String(digits).replace(/\B(?=(\d{3})+$)/g, '\u202f');

/** An amount taken off ("− 2 500 F CFA"), its sign kept with the figure on every line break. */
export const formatDiscount = (amount: number) => `−\u00a0${formatXOF(amount)}`;

/** A cash count's difference as the owner reads it: what is missing, or over ("−500 F CFA (manque)"). */
export const formatDifference = (amount: number) =>
  Math.abs(amount) < 0.005 ? formatXOF(0) : amount < 0 ? `−${formatXOF(-amount)} (manque)` : `+${formatXOF(amount)} (excédent)`;
