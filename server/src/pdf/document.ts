import path from 'node:path';
import PDFDocument from 'pdfkit';

// The shop's PDFs (receipts, tickets, labels, purchase orders) start here: the embedded font and
// a simple table, with nothing of what they print.

/** A PDF with DejaVu Sans as 'regular' and 'bold', and its bytes once ended. */
export function pdfDocument(fontDir: string, options: PDFKit.PDFDocumentOptions) {
  const doc = new PDFDocument(options);
  doc.registerFont('regular', path.join(fontDir, 'DejaVuSans.ttf'));
  doc.registerFont('bold', path.join(fontDir, 'DejaVuSans-Bold.ttf'));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** A page's table: one line per call, the first cell on the left, the others right-aligned; the tallest cell sets the next line. */
export function tableOf(doc: PDFKit.PDFDocument) {
  const [x, width] = [doc.page.margins.left, doc.page.width - doc.page.margins.left - doc.page.margins.right];
  const cellsRow = (cells: string[], widths: number[], bold = false) => {
    const y = doc.y;
    let left = x;
    let bottom = y;
    doc.font(bold ? 'bold' : 'regular').fontSize(10);
    cells.forEach((cell, i) => {
      doc.text(cell, left, y, { width: width * widths[i]!, align: i === 0 ? 'left' : 'right' });
      bottom = Math.max(bottom, doc.y);
      left += width * widths[i]!;
    });
    doc.x = x;
    doc.y = bottom;
    doc.moveDown(0.4);
  };
  return { x, width, cellsRow };
}
