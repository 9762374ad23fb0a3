import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { customerData, customerDataPdf } from '../customers/privacy';
import { customerCookieName, customerOf } from '../customers/space';

/**
 * GET /espace/mes-donnees.json and /espace/mes-donnees.pdf: everything the shop holds about the
 * customer signed in to Mon espace on this browser (customers/privacy.ts), never cached.
 */
export async function accountRoutes(
  app: FastifyInstance,
  { db, config, fontDir }: { db: Kysely<Database>; config: Config; fontDir: string },
) {
  app.get<{ Params: { format: string } }>('/espace/mes-donnees.:format', async (req, reply) => {
    const who = await customerOf(db, req.cookies[customerCookieName(config)]);
    reply.header('Cache-Control', 'no-store');
    if (!who) return reply.code(401).type('text/plain; charset=utf-8').send('Connectez-vous à Mon espace avec le code reçu.');
    const data = await customerData(db, who.phone);
    if (req.params.format === 'json')
      return reply
        .type('application/json; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="mes-donnees.json"')
        .send(JSON.stringify(data, null, 2));
    if (req.params.format === 'pdf')
      return reply
        .type('application/pdf')
        .header('Content-Disposition', 'attachment; filename="mes-donnees.pdf"')
        .send(await customerDataPdf(fontDir, data));
    return reply.code(404).type('text/plain; charset=utf-8').send('Format inconnu : mes-donnees.json ou mes-donnees.pdf.');
  });
}
