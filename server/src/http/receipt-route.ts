import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { normalizedInvoice } from '../orders/invoices';
import { renderReceipt } from '../orders/receipt';
import { findTrackedOrder } from '../orders/tracking';

/**
 * GET /suivi/<token>/recu.pdf: the customer's receipt, or the normalized invoice once the DGI
 * issued it; /suivi/<token>/avoir.pdf: the credit note. Reachable only through the private link.
 */
export async function receiptRoute(app: FastifyInstance, { db, fontDir }: { db: Kysely<Database>; fontDir: string }) {
  app.get<{ Params: { token: string; document: string } }>('/suivi/:token/:document', async (req, reply) => {
    const { token, document } = req.params;
    const type = document === 'recu.pdf' ? 'FV' : document === 'avoir.pdf' ? 'FA' : null;
    const order = type && /^[0-9a-f]{64}$/.test(token) ? await findTrackedOrder(db, { token }).catch(() => null) : null;
    const invoice = order && type ? await normalizedInvoice(db, token, type) : undefined;
    if (!order || (type === 'FA' && !invoice))
      return reply.code(404).type('text/plain; charset=utf-8').send('Document introuvable : vérifiez le lien de suivi.');
    const shop = await db.selectFrom('settings').select(['businessName', 'address', 'phone', 'email', 'ifu']).executeTakeFirst();
    const pdf = await renderReceipt(order, shop ?? { businessName: 'Boutique', address: '', phone: '', email: '' }, fontDir, invoice);
    const name = !invoice ? 'recu' : invoice.type === 'FV' ? 'facture' : 'avoir';
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `inline; filename="${name}-${order.number}.pdf"`)
      .header('Cache-Control', 'private, no-store')
      .send(pdf);
  });
}
