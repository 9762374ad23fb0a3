import path from 'node:path';
import { formatXOF, itemTypes, orderStatuses, paymentMethods, paymentStatuses } from '@app/shared';
import { formatPhone } from '@app/shared/phone';
import PDFDocument from 'pdfkit';
import type { TrackedOrder } from './tracking';

export interface Shop {
  businessName: string;
  address: string;
  phone: string;
  email: string;
}

const label = <M extends Record<string, string>>(map: M, key: string) => (key in map ? map[key as keyof M] : key);

/**
 * The receipt / delivery slip as a PDF. DejaVu Sans is embedded: accents and the narrow
 * no-break spaces of French amounts ("190 000,00 F CFA") print as they read on screen.
 */
export function renderReceipt(order: TrackedOrder, shop: Shop, fontDir: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `Reçu ${order.number}`, Author: shop.businessName } });
  doc.registerFont('regular', path.join(fontDir, 'DejaVuSans.ttf'));
  doc.registerFont('bold', path.join(fontDir, 'DejaVuSans-Bold.ttf'));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('bold').fontSize(18).text(shop.businessName);
  doc
    .font('regular')
    .fontSize(9)
    .fillColor('#444')
    .text(`${shop.address}\n${formatPhone(shop.phone)} · ${shop.email}`);
  doc.moveDown(1.5).fillColor('#000').font('bold').fontSize(14).text(`Reçu – commande ${order.number}`);
  doc
    .font('regular')
    .fontSize(10)
    .text(
      `Passée le ${new Date(order.createdAt).toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Porto-Novo' })}`,
    )
    .text(`Client : ${order.customerName}${order.city ? ` · ${order.city}` : ''}`)
    .text(
      `Statut : ${label(orderStatuses, order.status)} · Paiement : ${label(paymentStatuses, order.paymentStatus)} (${label(paymentMethods, order.paymentMethod)})`,
    );
  // The proof of a payment the customer made (a Mobile Money transaction, a cash receipt number).
  if (order.paymentReference && order.paymentStatus !== 'pending') doc.text(`Référence de paiement : ${order.paymentReference}`);

  doc.moveDown(1.2);
  const [x, width] = [doc.page.margins.left, doc.page.width - doc.page.margins.left - doc.page.margins.right];
  const row = (cells: [string, string, string], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'bold' : 'regular').fontSize(10);
    doc.text(cells[0], x, y, { width: width * 0.55 });
    doc.text(cells[1], x + width * 0.55, y, { width: width * 0.15, align: 'right' });
    doc.text(cells[2], x + width * 0.7, y, { width: width * 0.3, align: 'right' });
    doc.moveDown(0.4);
  };
  row(['Article', 'Qté', 'Montant'], true);
  for (const line of order.items)
    row([`${line.name} (${label(itemTypes, line.type)})`, String(line.quantity), formatXOF(line.unitPrice * line.quantity)]);
  doc.moveDown(0.5);
  row(['Sous-total', '', formatXOF(order.subtotal)]);
  row([`Livraison${order.delivery ? ` (${order.delivery.name})` : ''}`, '', formatXOF(order.deliveryCost)]);
  row(['Total', '', formatXOF(order.total)], true);
  doc.moveDown(2).font('regular').fontSize(9).fillColor('#444').text('Merci pour votre confiance.', x, doc.y, { width });
  doc.end();
  return done;
}
