import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { renderReceipt } from '../orders/receipt';
import { findTrackedOrder } from '../orders/tracking';

/** GET /suivi/<token>/recu.pdf: the customer's receipt, reachable only through the private link. */
export async function receiptRoute(app: FastifyInstance, { db, fontDir }: { db: Kysely<Database>; fontDir: string }) {
  app.get<{ Params: { token: string } }>('/suivi/:token/recu.pdf', async (req, reply) => {
    const { token } = req.params;
    const order = /^[0-9a-f]{64}$/.test(token) ? await findTrackedOrder(db, { token }).catch(() => null) : null;
    if (!order) return reply.code(404).type('text/plain; charset=utf-8').send('Reçu introuvable : vérifiez le lien de suivi.');
    const shop = await db.selectFrom('settings').select(['businessName', 'address', 'phone', 'email']).executeTakeFirst();
    const pdf = await renderReceipt(order, shop ?? { businessName: 'Boutique', address: '', phone: '', email: '' }, fontDir);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `inline; filename="recu-${order.number}.pdf"`)
      .header('Cache-Control', 'private, no-store')
      .send(pdf);
  });
}
