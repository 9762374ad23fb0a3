import { TRPCError } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { FileStore } from '../db/file-store';
import { CustomerDocuments, type DocumentKind, documentJob } from '../orders/documents';
import { hitRateLimit } from '../platform/rate-limit';
import { WorkerBusy } from '../platform/worker';

/** The documents of an order's private link. */
const DOCUMENTS: Record<string, DocumentKind | undefined> = { 'recu.pdf': 'FV', 'avoir.pdf': 'FA', 'ticket.pdf': 'TK' };
const NOT_FOUND = 'Document introuvable : vérifiez le lien de suivi.';
const TOO_MANY = 'Trop de téléchargements de ce document. Réessayez dans quelques minutes.';
/** Per address and per document link, in ten minutes: a customer opens hers a few times, a loop is stopped. */
export const DOCUMENT_LIMITS = { perAddress: 30, perToken: 60, windowSeconds: 10 * 60 };

/**
 * GET /suivi/<token>/recu.pdf: the customer's receipt, or the normalized invoice once the DGI
 * issued it; /suivi/<token>/avoir.pdf: the credit note; /suivi/<token>/ticket.pdf: the counter's
 * roll ticket (with the invoice's security elements once issued). Reachable only through the private link.
 * Rendered once per version (orders/documents.ts); a browser that has this version gets a 304.
 */
export async function receiptRoute(
  app: FastifyInstance,
  { db, fontDir, rateLimit, files }: { db: Kysely<Database>; fontDir: string; rateLimit: boolean; files: FileStore },
) {
  const documents = new CustomerDocuments(db, files);
  app.addHook('onClose', () => documents.close());
  app.get<{ Params: { token: string; document: string } }>('/suivi/:token/:document', async (req, reply) => {
    const { token, document } = req.params;
    // A return's own credit note: avoir-R1.pdf, avoir-R2.pdf…
    const returned = /^avoir-R([1-9]\d{0,3})\.pdf$/.exec(document);
    const kind = returned ? 'FA' : DOCUMENTS[document];
    const notFound = () => reply.code(404).type('text/plain; charset=utf-8').send(NOT_FOUND);
    if (!kind || !/^[0-9a-f]{64}$/.test(token)) return notFound();
    if (rateLimit) {
      const { perAddress, perToken, windowSeconds } = DOCUMENT_LIMITS;
      try {
        await hitRateLimit(db, `document-ip:${req.ip}`, perAddress, windowSeconds, TOO_MANY);
        await hitRateLimit(db, `document-token:${token}`, perToken, windowSeconds, TOO_MANY);
      } catch (err) {
        if (!(err instanceof TRPCError && err.code === 'TOO_MANY_REQUESTS')) throw err;
        return reply.code(429).header('Retry-After', '600').type('text/plain; charset=utf-8').send(TOO_MANY);
      }
    }
    const found = await documentJob(db, token, kind, fontDir, returned ? Number(returned[1]) : undefined);
    if (!found) return notFound();
    const { id, job } = found;
    const { order, invoice } = job;
    const version = CustomerDocuments.version(kind, job);
    const name =
      kind === 'TK'
        ? 'ticket'
        : job.credit
          ? `avoir-${job.credit.number.split('-').at(-1)}`
          : !invoice
            ? 'recu'
            : invoice.type === 'FV'
              ? 'facture'
              : 'avoir';
    reply
      .header('ETag', `"${version}"`)
      .header('Cache-Control', 'private, no-cache')
      .header('Content-Disposition', `inline; filename="${name}-${order.number}.pdf"`);
    if (req.headers['if-none-match'] === `"${version}"`) return reply.code(304).send();
    try {
      const pdf = await documents.pdf(id, kind, version, job);
      return reply.type('application/pdf').send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    } catch (err) {
      if (!(err instanceof WorkerBusy)) throw err;
      return reply
        .code(503)
        .header('Retry-After', '5')
        .type('text/plain; charset=utf-8')
        .send('Beaucoup de documents sont en préparation : réessayez dans quelques secondes.');
    }
  });
}
