import { formatXOF } from '@app/shared';
import bwipjs from 'bwip-js';
import { pdfDocument } from '../pdf/document';

/** An article to label: its barcode if it has one (EAN-13, UPC-A, EAN-8), else its reference. */
export interface LabelledItem {
  name: string;
  price: number;
  barcode: string | null;
  sku: string | null;
}

const MM = 72 / 25.4;
/** The common A4 sheet of stickers: 3 × 8 labels of 70 × 37 mm. */
export const SHEET = { columns: 3, rows: 8, width: 70 * MM, height: 37 * MM, top: 0.5 * MM };
/** At most this many labels per sheet asked for (five pages): the owner narrows the list's search for more. */
export const MAX_LABELS = SHEET.columns * SHEET.rows * 5;

const symbology = (code: string) => (code.length === 13 ? 'ean13' : code.length === 12 ? 'upca' : 'ean8');

/** The barcode as a PNG (bwip-js): the product's EAN/UPC, or its reference as Code 128. */
function barcodePng(item: LabelledItem) {
  const [bcid, text] = item.barcode ? [symbology(item.barcode), item.barcode] : ['code128', item.sku!];
  return bwipjs.toBuffer({ bcid, text, scale: 3, height: 11, includetext: true, textxalign: 'center', textsize: 9 });
}

/**
 * A sheet of barcode labels for the shelf: name, price and barcode of each article, one label each,
 * on 70 × 37 mm stickers (3 × 8 per A4 page). Articles without barcode or reference have no label.
 */
export async function renderLabels(items: LabelledItem[], fontDir: string): Promise<Buffer> {
  const { doc, done } = pdfDocument(fontDir, { size: 'A4', margin: 0, info: { Title: 'Étiquettes code-barres' } });
  const labelled = items.filter((i) => i.barcode || i.sku);
  const perPage = SHEET.columns * SHEET.rows;
  for (const [index, item] of labelled.entries()) {
    if (index > 0 && index % perPage === 0) doc.addPage({ size: 'A4', margin: 0 });
    const slot = index % perPage;
    const x = (slot % SHEET.columns) * SHEET.width;
    const y = SHEET.top + Math.floor(slot / SHEET.columns) * SHEET.height;
    const pad = 3 * MM;
    const inner = SHEET.width - 2 * pad;
    doc
      .font('bold')
      .fontSize(8)
      .text(item.name, x + pad, y + pad, { width: inner, height: 20, ellipsis: true, lineGap: -1 });
    doc
      .font('bold')
      .fontSize(11)
      .text(formatXOF(item.price), x + pad, y + pad + 20, { width: inner, align: 'right' });
    const png = await barcodePng(item);
    doc.image(png, x + pad, y + pad + 34, { fit: [inner, SHEET.height - 2 * pad - 34], align: 'center' });
  }
  if (!labelled.length)
    doc
      .font('regular')
      .fontSize(12)
      .text('Aucun article de cette liste n’a de code-barres ni de référence : ajoutez-les à leurs fiches.', 48, 48);
  doc.end();
  return done;
}
