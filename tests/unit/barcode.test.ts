import { barcodeError, gtinCheckDigit, products } from '@app/shared';
import { describe, expect, it } from 'vitest';

describe('product barcodes', () => {
  it('accept EAN-13, UPC-A and EAN-8 with their check digit, as printed (spaces) or scanned', () => {
    for (const code of ['4006381333931', '036000291452', '96385074', '4 006381 333931']) expect(barcodeError(code), code).toBeUndefined();
    expect(gtinCheckDigit('400638133393')).toBe(1);
    expect(products.fields.barcode.schema.parse('4 006381 333931')).toBe('4006381333931');
  });

  it('refuse a mistyped code in French, saying why', () => {
    expect(barcodeError('4006381333932')).toMatch(/mal recopié : son dernier chiffre/);
    expect(barcodeError('40063813339')).toMatch(/13 chiffres \(EAN-13\), 12 \(UPC-A\) ou 8/);
    expect(barcodeError('ABC123')).toBe('Un code-barres ne contient que des chiffres.');
  });
});
