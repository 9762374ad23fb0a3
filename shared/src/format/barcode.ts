// Product barcodes (GTIN): EAN-13 in most of the world, UPC-A (12 digits) on American goods, EAN-8 on
// small packs. The last digit is a check digit over the others, so a mistyped code is caught.

/** The check digit of a code's other digits: weights 3, 1, 3… from the right. */
export function gtinCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** A scanned or typed code as stored: its digits, without the spaces a label prints between groups. */
export const normalizeBarcode = (text: string) => text.replace(/[\s-]/g, '');

/** The French message for a code that is not an EAN-13, UPC-A or EAN-8, or undefined. */
export function barcodeError(text: string): string | undefined {
  const code = normalizeBarcode(text);
  if (!/^\d+$/.test(code)) return 'Un code-barres ne contient que des chiffres.';
  if (![8, 12, 13].includes(code.length)) return 'Un code-barres a 13 chiffres (EAN-13), 12 (UPC-A) ou 8 (EAN-8).';
  if (gtinCheckDigit(code.slice(0, -1)) !== Number(code.at(-1)))
    return 'Ce code-barres est mal recopié : son dernier chiffre (la clé de contrôle) ne correspond pas aux autres.';
  return undefined;
}
