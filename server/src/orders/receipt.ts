import {
  deliveryLine,
  discountLine,
  emecefPaymentTypes,
  formatDiscount,
  formatXOF,
  itemTypes,
  labelOf,
  needsShipping,
  orderStatuses,
  paymentMethodLabel,
  paymentStatuses,
  type ReturnLine,
  taxGroups,
  trackingCode,
} from '@app/shared';
import { formatPhone } from '@app/shared/phone';
import QRCode from 'qrcode';
import { pdfDocument, tableOf } from '../pdf/document';
import type { InvoiceTotals } from '../invoicing/emcf-client';
import type { NormalizedInvoice } from '../invoicing/invoices';
import type { TrackedOrder } from './tracking';

export interface Shop {
  businessName: string;
  address: string;
  phone: string;
  email: string;
  ifu?: string | null;
}

/** The MECeF/DGI code in groups of four, as the DGI prints it. */
export const codeInGroups = (code: string) => (code.replace(/[^A-Za-z0-9]/g, '').match(/.{1,4}/g) ?? []).join('-');

/** HT, TVA and TTC of each tax group the invoice uses, as the DGI computed them. */
export function groupTotals(t: InvoiceTotals) {
  const ttc = { A: t.taa, B: t.tab, C: t.tac, D: t.tad, E: t.tae, F: t.taf };
  return (Object.keys(ttc) as (keyof typeof ttc)[])
    .filter((g) => (ttc[g] ?? 0) > 0)
    .map((g) => {
      const total = ttc[g] ?? 0;
      const ht = g === 'B' ? (t.hab ?? total) : g === 'D' ? (t.had ?? total) : total;
      return { group: g, ht, tva: total - ht, ttc: total };
    });
}

/**
 * The receipt / delivery slip as a PDF. DejaVu Sans is embedded: accents and the narrow
 * no-break spaces of French amounts ("190 000 F CFA") print as they read on screen.
 */
/** A return's credit note: what came back, what was given back and how (a voucher: the credit's number). */
export interface CreditNote {
  number: string;
  createdAt: string;
  lines: ReturnLine[];
  deliveryRefund: number;
  amount: number;
  method: string;
  reference: string | null;
  /** Credit on the return's number (a customer without a phone): spent with it at the counter. */
  voucher: boolean;
}

export async function renderReceipt(
  order: TrackedOrder,
  shop: Shop,
  fontDir: string,
  invoice?: NormalizedInvoice,
  credit?: CreditNote,
): Promise<Buffer> {
  const title = !invoice ? (credit ? 'Avoir' : 'Reçu') : invoice.type === 'FV' ? 'Facture normalisée' : 'Facture d’avoir normalisée';
  const { doc, done } = pdfDocument(fontDir, {
    size: 'A4',
    margin: 48,
    info: { Title: `${title} ${order.number}`, Author: shop.businessName },
  });

  doc.font('bold').fontSize(18).text(shop.businessName);
  doc
    .font('regular')
    .fontSize(9)
    .fillColor('#444')
    .text(`${shop.address}\n${formatPhone(shop.phone)} · ${shop.email}${invoice && shop.ifu ? `\nIFU : ${shop.ifu}` : ''}`);
  doc
    .moveDown(1.5)
    .fillColor('#000')
    .font('bold')
    .fontSize(14)
    .text(credit ? `${title} ${credit.number} – commande ${order.number}` : `${title} – commande ${order.number}`);
  if (credit)
    doc
      .font('regular')
      .fontSize(10)
      .text(
        `Retour du ${new Date(credit.createdAt).toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Porto-Novo' })}`,
      );
  if (invoice?.request.reference)
    doc
      .font('regular')
      .fontSize(10)
      .text(`Avoir sur la facture normalisée ${codeInGroups(invoice.request.reference)}`);
  doc
    .font('regular')
    .fontSize(10)
    .text(
      `Passée le ${new Date(order.createdAt).toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Porto-Novo' })}`,
    )
    .text(`Client : ${order.customerName}${order.city ? ` · ${order.city}` : ''} · Code de suivi : ${trackingCode(order.trackingToken)}`)
    .text(
      `Statut : ${labelOf(orderStatuses, order.status)} · Paiement : ${labelOf(paymentStatuses, order.paymentStatus)} (${paymentMethodLabel(order.paymentMethod, needsShipping(order.items))})`,
    );
  // The proof of a payment the customer made (a Mobile Money transaction, a cash receipt number).
  if (order.paymentReference && order.paymentStatus !== 'pending') doc.text(`Référence de paiement : ${order.paymentReference}`);

  doc.moveDown(1.2);
  const { x, width, cellsRow } = tableOf(doc);
  const row = (cells: [string, string, string], bold = false) => cellsRow(cells, [0.55, 0.15, 0.3], bold);
  if (credit && !invoice) {
    // A plain credit note (the sale was never normalized): the articles back, at what they were paid.
    row(['Article rendu', 'Qté', 'Remboursé'], true);
    for (const line of credit.lines)
      row([`${line.name} (${labelOf(itemTypes, line.type)})`, String(line.quantity), formatXOF(line.refund)]);
    if (credit.deliveryRefund) row(['Livraison', '', formatXOF(credit.deliveryRefund)]);
    doc.moveDown(0.5);
    row(['Total remboursé', '', formatXOF(credit.amount)], true);
    row([`Remboursé : ${credit.method}${credit.reference ? ` (réf. ${credit.reference})` : ''}`, '', '']);
  } else if (!invoice) {
    row(['Article', 'Qté', 'Montant'], true);
    for (const line of order.items)
      row([`${line.name} (${labelOf(itemTypes, line.type)})`, String(line.quantity), formatXOF(line.unitPrice * line.quantity)]);
    doc.moveDown(0.5);
    row(['Sous-total', '', formatXOF(order.subtotal)]);
    const discount = discountLine(order);
    if (discount) row([discount, '', formatDiscount(order.discount)]);
    const delivery = deliveryLine(order);
    if (delivery) row([delivery, '', formatXOF(order.deliveryCost)]);
    row(['Total', '', formatXOF(order.total)], true);
  } else {
    // The lines and totals as the DGI has them: each line's tax group, HT / TVA / TTC per group.
    row(['Article (groupe de taxe)', 'Qté', 'Montant TTC'], true);
    for (const line of invoice.request.items) {
      const name = `${line.name} (${line.taxGroup})${line.priceModification ? `\n${line.priceModification}, au lieu de ${formatXOF(line.originalPrice!)} l’unité` : ''}`;
      row([name, String(line.quantity), formatXOF(line.price * line.quantity)]);
    }
    doc.moveDown(0.5);
    const groupWidths = [0.4, 0.2, 0.2, 0.2];
    cellsRow(['Groupe de taxe', 'HT', 'TVA', 'TTC'], groupWidths, true);
    for (const g of groupTotals(invoice.totals))
      cellsRow([taxGroups[g.group], formatXOF(g.ht), formatXOF(g.tva), formatXOF(g.ttc)], groupWidths);
    doc.moveDown(0.3);
    row(['Total TTC', '', formatXOF(invoice.totals.total)], true);
    const payment = invoice.request.payment?.[0];
    if (payment) row([`Payé : ${labelOf(emecefPaymentTypes, payment.name)}`, '', formatXOF(payment.amount)]);

    doc.moveDown(1.2);
    const top = doc.y;
    const qr = await QRCode.toBuffer(invoice.qrCode, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 8 });
    doc.image(qr, x + width - 120, top, { width: 120 });
    doc
      .font('bold')
      .fontSize(11)
      .text('Éléments de sécurité de la facture normalisée', x, top, { width: width - 140 });
    doc
      .font('regular')
      .fontSize(10)
      .text(`Code MECeF/DGI : ${codeInGroups(invoice.codeMecef)}`, { width: width - 140 })
      .text(`NIM : ${invoice.nim}`)
      .text(`Compteurs : ${invoice.counters}`)
      .text(`Date et heure : ${invoice.issuedAt}`);
    doc.y = Math.max(doc.y, top + 130);
  }
  if (credit?.voucher)
    doc
      .moveDown(1.5)
      .font('bold')
      .fontSize(12)
      .fillColor('#000')
      .text(`Avoir de ${formatXOF(credit.amount)} à utiliser en boutique avec le numéro :`, x, doc.y, { width })
      .fontSize(16)
      .text(credit.number, x, doc.y, { width });
  doc.moveDown(2).font('regular').fontSize(9).fillColor('#444').text('Merci pour votre confiance.', x, doc.y, { width });
  doc.end();
  return done;
}
