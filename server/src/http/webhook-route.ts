import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { applyTransaction } from '../payments/transactions';
import { paymentProvider } from '../payments/configured';
import { ProviderUnavailable, WebhookRefused } from '../payments/provider';

/**
 * POST /webhooks/fedapay. The signature is checked over the raw body; then the transaction is
 * fetched from FedaPay itself, and only what FedaPay answers is applied. Anything that cannot be
 * trusted gets 400 and changes nothing; a FedaPay that cannot be reached gets 503, so it retries.
 */
export async function fedapayWebhookRoute(app: FastifyInstance, { db, config }: { db: Kysely<Database>; config: Config }) {
  const provider = paymentProvider(config);
  // The raw text, not parsed JSON: the signature is over the exact bytes received.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));

  app.post('/webhooks/fedapay', async (req, reply) => {
    if (!provider) return reply.code(404).send({ error: { message: 'Paiement en ligne non configuré.' } });
    let event: { providerId: string } | null;
    try {
      event = provider.verifyWebhook(typeof req.body === 'string' ? req.body : '', req.headers);
    } catch (error) {
      if (!(error instanceof WebhookRefused)) throw error;
      req.log.warn({ reason: error.message }, 'FedaPay webhook refused');
      return reply.code(400).send({ error: { message: 'Signature du webhook invalide.' } });
    }
    if (!event) return { received: true };
    try {
      const transaction = await provider.retrieve(event.providerId);
      const applied = transaction ? await applyTransaction(db, config, transaction, 'FedaPay') : ({ kind: 'unknown' } as const);
      if (applied.kind === 'unknown')
        req.log.warn({ transaction: event.providerId }, 'FedaPay webhook about a transaction this shop did not open');
      return { received: true };
    } catch (error) {
      if (!(error instanceof ProviderUnavailable)) throw error;
      req.log.error({ err: error }, 'FedaPay unreachable while checking a webhook');
      return reply.code(503).send({ error: { message: 'FedaPay injoignable : renvoyez l’événement plus tard.' } });
    }
  });
}
