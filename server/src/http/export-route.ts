import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { findSession, sessionCookieName } from '../auth/sessions';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { countOrdersBetween, exportRange, ordersCsv } from '../orders/export';

/**
 * GET /api/exports/orders.csv?from=AAAA-MM-JJ&to=AAAA-MM-JJ: the owner's orders of those days as a
 * file for French Excel, streamed a page of orders at a time (a year of a big shop is hundreds of
 * thousands of lines, which the API's JSON answers would hold whole in memory, twice). The number
 * of orders comes first, in X-Count, for the admin's "N commande(s) exportée(s)".
 */
export async function exportRoutes(app: FastifyInstance, { db, config }: { db: Kysely<Database>; config: Config }) {
  app.get('/api/exports/orders.csv', async (req, reply) => {
    const refuse = (status: number, message: string) =>
      reply
        .code(status)
        .type('application/json; charset=utf-8')
        .send({ error: { message, code: status } });
    const admin = await findSession(db, config, req.cookies[sessionCookieName(config)]);
    if (!admin) return refuse(401, 'Veuillez vous connecter pour exporter les commandes.');
    const range = exportRange.safeParse(req.query);
    if (!range.success) return refuse(400, range.error.issues[0]!.message);
    const { from, to } = range.data;
    const count = await countOrdersBetween(db, from, to);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="commandes-${from}-${to}.csv"`)
      .header('Cache-Control', 'no-store')
      .header('X-Count', String(count))
      .send(Readable.from(ordersCsv(db, from, to)));
  });
}
