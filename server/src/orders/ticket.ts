import { discountLine, formatDiscount, formatXOF, labelOf, paymentMethods, TICKET_WIDTHS, taxGroups, trackingCode } from '@app/shared';
import { formatPhone } from '@app/shared/phone';
import QRCode from 'qrcode';
import type { NormalizedInvoice } from '../invoicing/invoices';
import { codeInGroups, groupTotals, pdfDocument, type Shop } from './receipt';
import type { TrackedOrder } from './tracking';

export type TicketWidth = keyof typeof TICKET_WIDTHS;

/** The roll's width in points (1 mm = 72 / 25.4 pt) and the margin each side. */
const PAPER: Record<TicketWidth, { width: number; margin: number; font: number }> = {
  mm80: { width: (80 * 72) / 25.4, margin: 10, font: 8 },
  mm58: { width: (58 * 72) / 25.4, margin: 6, font: 7 },
};
/** pdfkit's largest page: a ticket of hundreds of lines still fits. */
const TALLEST = 14_400;

export interface TicketJob {
  order: TrackedOrder;
  shop: Shop;
  fontDir: string;
  invoice?: NormalizedInvoice;
  ticket: {
    width: TicketWidth;
    /** A normalized invoice is asked for but the DGI has not answered yet: the ticket says it follows. */
    invoicePending: boolean;
  };
}

/** Drawing on a roll of paper: centered lines, a label with its amount, a dashed rule. */
export interface Roll {
  doc: PDFKit.PDFDocument;
  x: number;
  width: number;
  centered: (text: string, bold?: boolean, scale?: number) => void;
  /** A label on the left and an amount on the right, on one line (the label wraps if long). */
  pair: (label: string, amount: string, bold?: boolean, scale?: number) => void;
  rule: () => void;
}

/** A document on a roll `width` wide and as long as what `draw` puts on it: drawn once to measure, once on a page that long. */
export async function onRoll(
  fontDir: string,
  width: TicketWidth,
  info: PDFKit.DocumentInfo,
  draw: (roll: Roll) => void | Promise<void>,
): Promise<Buffer> {
  const drawn = async (height: number) => {
    const paper = PAPER[width];
    const { doc, done } = pdfDocument(fontDir, { size: [paper.width, height], margin: paper.margin, info });
    const x = paper.margin;
    const inner = paper.width - 2 * paper.margin;
    const size = paper.font;
    const roll: Roll = {
      doc,
      x,
      width: inner,
      centered: (text, bold = false, scale = 1) => {
        doc
          .font(bold ? 'bold' : 'regular')
          .fontSize(size * scale)
          .text(text, x, doc.y, { width: inner, align: 'center' });
      },
      pair: (label, amount, bold = false, scale = 1) => {
        doc.font(bold ? 'bold' : 'regular').fontSize(size * scale);
        const y = doc.y;
        doc.text(label, x, y, { width: inner - doc.widthOfString(amount) - 4 });
        const bottom = doc.y;
        doc.text(amount, x, y, { width: inner, align: 'right' });
        doc.y = Math.max(bottom, doc.y);
      },
      rule: () => {
        doc.moveDown(0.3);
        doc
          .moveTo(x, doc.y)
          .lineTo(x + inner, doc.y)
          .dash(2, { space: 2 })
          .lineWidth(0.5)
          .stroke()
          .undash();
        doc.moveDown(0.4);
      },
    };
    await draw(roll);
    const bottom = doc.y + paper.margin;
    doc.end();
    return { pdf: await done, bottom };
  };
  const { bottom } = await drawn(TALLEST);
  return (await drawn(Math.min(TALLEST, Math.ceil(bottom)))).pdf;
}

/** The shop as a roll document's header prints it. */
export function shopHeader({ centered }: Roll, shop: Shop) {
  centered(shop.businessName, true, 1.35);
  centered([shop.address, formatPhone(shop.phone), shop.ifu ? `IFU : ${shop.ifu}` : ''].filter(Boolean).join('\n'));
}

export const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Africa/Porto-Novo' });

/**
 * The counter's ticket for a roll printer (80 or 58 mm wide, as long as its lines): the shop, the
 * lines, the total, how it was paid and the change, and once the DGI answered the normalized
 * invoice's security elements and QR code; before that, that the invoice follows.
 */
export function renderTicket({ order, shop, fontDir, invoice, ticket }: TicketJob): Promise<Buffer> {
  const title = invoice ? 'Facture normalisée' : 'Ticket de caisse';
  return onRoll(fontDir, ticket.width, { Title: `${title} ${order.number}`, Author: shop.businessName }, async (roll) => {
    const { doc, x, width, centered, pair, rule } = roll;
    shopHeader(roll, shop);
    doc.moveDown(0.5);
    centered(title.toUpperCase(), true, 1.15);
    centered(`${order.number} · ${dateTime(order.createdAt)}`);
    if (order.customerName && order.customerName !== 'Client au comptoir') centered(`Client : ${order.customerName}`);
    if (order.buyerIfu) centered(`IFU du client : ${order.buyerIfu}`);
    rule();

    const lineName = (text: string) => doc.font('regular').fontSize(PAPER[ticket.width].font).text(text, x, doc.y, { width });
    if (invoice) {
      for (const line of invoice.request.items) {
        lineName(`${line.name} (${line.taxGroup})`);
        pair(`  ${line.quantity} × ${formatXOF(line.price)}`, formatXOF(line.price * line.quantity));
        if (line.priceModification) lineName(`  ${line.priceModification}`);
      }
      rule();
      for (const g of groupTotals(invoice.totals)) {
        pair(taxGroups[g.group], formatXOF(g.ttc));
        pair(`  HT ${formatXOF(g.ht)} · TVA`, formatXOF(g.tva));
      }
    } else {
      for (const line of order.items) {
        lineName(line.name);
        pair(`  ${line.quantity} × ${formatXOF(line.unitPrice)}`, formatXOF(line.unitPrice * line.quantity));
      }
      rule();
      if (Number(order.discount) > 0) {
        pair('Sous-total', formatXOF(order.subtotal));
        pair(discountLine(order) ?? 'Remise', formatDiscount(order.discount));
      }
    }
    doc.moveDown(0.2);
    pair('TOTAL', formatXOF(invoice ? invoice.totals.total : order.total), true, 1.3);
    doc.moveDown(0.3);

    // How it was paid: the cash handed over and the change, the Mobile Money part and its reference.
    const cash = order.cashAmount === null ? null : Number(order.cashAmount);
    pair(labelOf(paymentMethods, order.paymentMethod), '');
    if (cash !== null && cash < Number(order.total)) pair('  Mobile Money', formatXOF(Number(order.total) - cash));
    if (order.paymentReference) pair(`  Réf. ${order.paymentReference}`, '');
    if (cash && order.cashGiven !== null) {
      pair('  Espèces reçues', formatXOF(order.cashGiven));
      pair('  Monnaie rendue', formatXOF(Number(order.cashGiven) - cash));
    }

    if (invoice) {
      rule();
      centered('Éléments de sécurité', true);
      centered(`Code MECeF/DGI :\n${codeInGroups(invoice.codeMecef)}`);
      centered(`NIM : ${invoice.nim}`);
      centered(`Compteurs : ${invoice.counters}`);
      centered(`Date et heure : ${invoice.issuedAt}`);
      const side = Math.min(width, 110);
      const qr = await QRCode.toBuffer(invoice.qrCode, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 6 });
      doc.moveDown(0.4);
      const top = doc.y;
      doc.image(qr, x + (width - side) / 2, top, { width: side });
      doc.y = top + side + 4;
    } else if (ticket.invoicePending) {
      rule();
      centered(
        `Votre facture normalisée suit : demandez-la avec le numéro ${order.number} et le code ${trackingCode(order.trackingToken)}.`,
      );
    }
    rule();
    centered('Merci pour votre confiance.');
  });
}
