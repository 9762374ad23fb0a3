import { discountLine, formatDiscount, formatXOF, labelOf, paymentMethods, TICKET_WIDTHS, taxGroups, trackingCode } from '@app/shared';
import { formatPhone } from '@app/shared/phone';
import QRCode from 'qrcode';
import type { NormalizedInvoice } from '../invoicing/invoices';
import { codeInGroups, groupTotals, type Shop } from './receipt';
import { pdfDocument } from '../pdf/document';
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
  centered(shopDetails(shop).join('\n'));
}

/** Under the shop's name: its address, phone and IFU. */
const shopDetails = (shop: Shop) => [shop.address, formatPhone(shop.phone), shop.ifu ? `IFU : ${shop.ifu}` : ''].filter(Boolean);

export const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Africa/Porto-Novo' });

/** A ticket as lines to print: drawn on the PDF roll here, encoded for an ESC/POS printer by the admin. */
export interface TicketModel {
  width: TicketWidth;
  shop: { name: string; details: string[] };
  title: string;
  /** Centered under the title: the number and date, the buyer. */
  meta: string[];
  lines: { name: string; detail: string; amount: string; note?: string }[];
  /** Label and amount after the lines: tax groups, or subtotal and discount. */
  sums: [string, string][];
  total: string;
  /** How it was paid: label and amount ('' when none). */
  payment: [string, string][];
  /** The normalized invoice's security elements and the text of its QR code. */
  security?: { lines: string[]; qr: string };
  /** What the buyer is told when the invoice is still on its way. */
  notice?: string;
  footer: string;
}

/**
 * The counter's ticket: the lines, the total, how it was paid and the change, and once the DGI
 * answered the normalized invoice's security elements and QR code; before that, that it follows.
 */
export function ticketModel({ order, shop, invoice, ticket }: Omit<TicketJob, 'fontDir'>): TicketModel {
  const cash = order.cashAmount === null ? null : Number(order.cashAmount);
  // Paid in part with a credit from a return (« avoir »): neither cash nor Mobile Money.
  const credit = Number(order.creditAmount ?? 0);
  const buyer = [
    ...(order.customerName && order.customerName !== 'Client au comptoir' ? [`Client : ${order.customerName}`] : []),
    ...(order.buyerIfu ? [`IFU du client : ${order.buyerIfu}`] : []),
  ];
  return {
    width: ticket.width,
    shop: { name: shop.businessName, details: shopDetails(shop) },
    title: invoice ? 'Facture normalisée' : 'Ticket de caisse',
    meta: [`${order.number} · ${dateTime(order.createdAt)}`, ...buyer],
    lines: invoice
      ? invoice.request.items.map((line) => ({
          name: `${line.name} (${line.taxGroup})`,
          detail: `${line.quantity} × ${formatXOF(line.price)}`,
          amount: formatXOF(line.price * line.quantity),
          ...(line.priceModification ? { note: line.priceModification } : {}),
        }))
      : order.items.map((line) => ({
          name: line.name,
          detail: `${line.quantity} × ${formatXOF(line.unitPrice)}`,
          amount: formatXOF(line.unitPrice * line.quantity),
        })),
    sums: invoice
      ? groupTotals(invoice.totals).flatMap((g): [string, string][] => [
          [taxGroups[g.group], formatXOF(g.ttc)],
          [`  HT ${formatXOF(g.ht)} · TVA`, formatXOF(g.tva)],
        ])
      : Number(order.discount) > 0
        ? [
            ['Sous-total', formatXOF(order.subtotal)],
            [discountLine(order) ?? 'Remise', formatDiscount(order.discount)],
          ]
        : [],
    total: formatXOF(invoice ? invoice.totals.total : order.total),
    payment: [
      [labelOf(paymentMethods, order.paymentMethod), ''],
      ...(credit ? [['  Avoir (retour)', formatXOF(credit)] as [string, string]] : []),
      ...(cash !== null && cash + credit < Number(order.total)
        ? [['  Mobile Money', formatXOF(Number(order.total) - cash - credit)] as [string, string]]
        : []),
      ...(order.paymentReference ? [[`  Réf. ${order.paymentReference}`, ''] as [string, string]] : []),
      ...(cash && order.cashGiven !== null
        ? [
            ['  Espèces reçues', formatXOF(order.cashGiven)] as [string, string],
            ['  Monnaie rendue', formatXOF(Number(order.cashGiven) - cash)] as [string, string],
          ]
        : []),
    ],
    ...(invoice
      ? {
          security: {
            lines: [
              `Code MECeF/DGI :\n${codeInGroups(invoice.codeMecef)}`,
              `NIM : ${invoice.nim}`,
              `Compteurs : ${invoice.counters}`,
              `Date et heure : ${invoice.issuedAt}`,
            ],
            qr: invoice.qrCode,
          },
        }
      : ticket.invoicePending
        ? {
            notice: `Votre facture normalisée suit : demandez-la avec le numéro ${order.number} et le code ${trackingCode(order.trackingToken)}.`,
          }
        : {}),
    footer: 'Merci pour votre confiance.',
  };
}

/** The ticket as a PDF on the roll (80 or 58 mm wide, as long as its lines). */
export function renderTicket(job: TicketJob): Promise<Buffer> {
  const model = ticketModel(job);
  const { order, shop, fontDir } = job;
  return onRoll(fontDir, model.width, { Title: `${model.title} ${order.number}`, Author: shop.businessName }, async (roll) => {
    const { doc, x, width, centered, pair, rule } = roll;
    shopHeader(roll, shop);
    doc.moveDown(0.5);
    centered(model.title.toUpperCase(), true, 1.15);
    for (const line of model.meta) centered(line);
    rule();
    const plain = (text: string) => doc.font('regular').fontSize(PAPER[model.width].font).text(text, x, doc.y, { width });
    for (const line of model.lines) {
      plain(line.name);
      pair(`  ${line.detail}`, line.amount);
      if (line.note) plain(`  ${line.note}`);
    }
    rule();
    for (const [label, amount] of model.sums) pair(label, amount);
    doc.moveDown(0.2);
    pair('TOTAL', model.total, true, 1.3);
    doc.moveDown(0.3);
    for (const [label, amount] of model.payment) pair(label, amount);
    if (model.security) {
      rule();
      centered('Éléments de sécurité', true);
      for (const line of model.security.lines) centered(line);
      const side = Math.min(width, 110);
      const qr = await QRCode.toBuffer(model.security.qr, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 6 });
      doc.moveDown(0.4);
      const top = doc.y;
      doc.image(qr, x + (width - side) / 2, top, { width: side });
      doc.y = top + side + 4;
    } else if (model.notice) {
      rule();
      centered(model.notice);
    }
    rule();
    centered(model.footer);
  });
}
