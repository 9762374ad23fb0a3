import { randomUUID } from 'node:crypto';
import { EXPORTS, gtinCheckDigit } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, startTestApp, type TestApp } from '../support/app';
import { pdfBarcodes } from '../support/barcodes';
import { pdfText } from '../support/pdf';

// The sheet of barcode labels the owner prints for the shelf: each product of the list's search
// with its name, price and a barcode a scanner reads back as the product's own code.

let app: TestApp;
let owner: string;
beforeAll(async () => {
  app = await startTestApp();
  owner = await adminCookie(app.url);
});
afterAll(() => app?.close());

const ean = (body12: string) => `${body12}${gtinCheckDigit(body12)}`;
const labels = (search: string, cookie = owner) =>
  fetch(`${app.url}${EXPORTS.labels}?${new URLSearchParams({ search })}`, { headers: cookie ? { cookie } : {} });

describe('barcode labels', () => {
  it('print each product of the search with its name, price and a barcode that scans back to its code', async () => {
    const tag = randomUUID().slice(0, 6);
    const codes = [ean(`20${String(Date.now()).slice(-10)}`), ean(`21${String(Date.now()).slice(-10)}`)];
    const make = (name: string, price: number, codes: Record<string, string>) =>
      app.asAdmin.products.create({
        name,
        shortDescription: 'x',
        description: '<p>x</p>',
        price,
        category: 'accessories',
        stock: 3,
        ...codes,
      });
    await make(`Clavier ${tag}`, 12_500, { barcode: codes[0]!, sku: `CLA-${tag}` });
    await make(`Souris ${tag}`, 4_000, { barcode: codes[1]! });
    await make(`Tapis ${tag}`, 2_000, { sku: `TAP-${tag}` });
    await make(`Housse ${tag}`, 1_000, {});

    const res = await labels(tag);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-count')).toBe('3');
    const pdf = Buffer.from(await res.arrayBuffer());
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    for (const name of [`Clavier ${tag}`, `Souris ${tag}`, `Tapis ${tag}`]) expect(text).toContain(name);
    expect(text).not.toContain(`Housse ${tag}`);
    expect(text).toContain('12 500 F CFA');
    // What a scanner reads: the EAN-13 of each, and the reference as Code 128 where there is no barcode.
    // (The decoder, reading a whole page, now and then also reports a stray EAN from two bars side by
    // side: the three labels are counted by the header and the names above.)
    expect((await pdfBarcodes(pdf)).sort()).toEqual(
      expect.arrayContaining([
        ['EAN13', codes[0]!],
        ['EAN13', codes[1]!],
        ['Code128', `TAP-${tag}`],
      ]),
    );
  });

  it('are the owner’s: a stranger gets a French refusal', async () => {
    const res = await labels('x', '');
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'Veuillez vous connecter pour imprimer les étiquettes.',
    );
  });
});
