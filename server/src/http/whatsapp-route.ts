import { bytesOut } from '../db/bytes';
import { fileOf } from '../files/holders';
import { filesOf } from '../db/files';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { AREAS, forbiddenMessage, isUuid, may } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { findSession, sessionCookieName } from '../auth/sessions';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { enqueue } from '../platform/outbox';
import { mediaPath } from '../whatsapp/media';
import { WHATSAPP_WEBHOOK_PATH } from '../whatsapp/messages';

/** Whether Meta signed exactly these bytes with the app's secret ("sha256=" and the hex HMAC). */
export function validSignature(raw: Buffer, header: string | undefined, secret: string) {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header ?? '');
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(match[1]!, 'hex'));
}

/**
 * WHATSAPP_WEBHOOK_PATH (/api/whatsapp/webhook), the address the owner gives Meta. GET: Meta's verification (the verify
 * token the owner typed there, answered with its challenge). POST: accepted only when signed with
 * the app's secret (X-Hub-Signature-256, HMAC-SHA256 of the raw body); stored once by its digest
 * and answered at once, the work done by the outbox (a replay changes nothing).
 */
export async function whatsappWebhookRoute(app: FastifyInstance, { db, config }: { db: Kysely<Database>; config: Config }) {
  // The raw bytes: the signature is over them exactly.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));

  app.get(WHATSAPP_WEBHOOK_PATH, async (req, reply) => {
    const query = req.query as Record<string, string | undefined>;
    if (!config.whatsapp) return reply.code(404).send({ error: { message: 'WhatsApp non configuré.' } });
    const token = Buffer.from(query['hub.verify_token'] ?? '');
    const expected = Buffer.from(config.whatsapp.verifyToken);
    if (query['hub.mode'] !== 'subscribe' || token.length !== expected.length || !timingSafeEqual(token, expected))
      return reply.code(403).send({ error: { message: 'Jeton de vérification incorrect.' } });
    return reply.type('text/plain').send(query['hub.challenge'] ?? '');
  });

  app.post(WHATSAPP_WEBHOOK_PATH, async (req, reply) => {
    if (!config.whatsapp) return reply.code(404).send({ error: { message: 'WhatsApp non configuré.' } });
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!validSignature(raw, req.headers['x-hub-signature-256'] as string | undefined, config.whatsapp.appSecret)) {
      req.log.warn('WhatsApp webhook with a missing or wrong signature refused');
      return reply.code(401).send({ error: { message: 'Signature invalide.' } });
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return reply.code(400).send({ error: { message: 'JSON invalide.' } });
    }
    const digest = createHash('sha256').update(raw).digest('hex');
    await db.transaction().execute(async (tx) => {
      const stored = await tx
        .insertInto('whatsappWebhooks')
        .values({ digest, body: sql`${JSON.stringify(body)}::jsonb` })
        .onConflict((oc) => oc.column('digest').doNothing())
        .returning('digest')
        .executeTakeFirst();
      if (stored) await enqueue(tx, 'whatsappEvent', 'WhatsApp', 'Événement WhatsApp reçu', { digest });
    });
    return { received: true };
  });

  // A file a customer sent (whatsapp/media.ts), to the team only: those who read the conversations.
  app.get(mediaPath(':id'), async (req, reply) => {
    const refuse = (status: number, message: string) => reply.code(status).send({ error: { message, code: status } });
    const admin = await findSession(db, config, req.cookies[sessionCookieName(config)]);
    if (!admin) return refuse(401, 'Veuillez vous connecter pour voir les fichiers reçus sur WhatsApp.');
    if (!may(admin.role, AREAS.whatsapp)) return refuse(403, forbiddenMessage(admin.role));
    const { id } = req.params as { id: string };
    const small = 'apercu' in (req.query as object);
    const file = isUuid(id)
      ? await db
          .selectFrom('whatsappMedia')
          .select([
            'kind',
            'contentType',
            'filename',
            small ? 'previewKey as key' : 'fileKey as key',
            bytesOut(small ? 'preview' : 'bytes').as('bytes'),
          ])
          .where('messageId', '=', id)
          .executeTakeFirst()
      : undefined;
    const bytes = await fileOf(filesOf(config), file);
    if (!file || !bytes) return refuse(404, 'Fichier introuvable.');
    const name = file.filename ?? 'document.pdf';
    return (
      reply
        .type(file.contentType)
        // A customer's photo may be an identity card: nothing of it stays in the browser after
        // sign-out (the conversation's preview is 320 px, a few kilobytes to fetch again).
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', file.kind === 'document' ? `attachment; filename*=UTF-8''${encodeURIComponent(name)}` : 'inline')
        .send(bytes)
    );
  });
}
