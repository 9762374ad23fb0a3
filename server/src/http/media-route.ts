import type { IncomingMessage } from 'node:http';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { forbiddenMessage, MANAGERS, returnRequestInputSchema, returnRequests } from '@app/shared';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPCError } from '@trpc/server';
import type { Kysely } from 'kysely';
import { findSession, sessionCookieName } from '../auth/sessions';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { bytesOut } from '../db/bytes';
import { fileOf } from '../files/holders';
import { filesOf } from '../db/files';
import { MAX_UPLOAD_BYTES, MediaRefused, processEvidence, processImage } from '../media/process';
import { requestReturn } from '../orders/return-requests';
import { hitRateLimit } from '../platform/rate-limit';
import { mediaStore } from '../media/store';

/** Resolves when the request body has been read to its end (15 s at most). */
const drained = (raw: IncomingMessage) =>
  raw.complete
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        raw.once('end', () => resolve());
        raw.once('close', () => resolve());
        setTimeout(resolve, 15_000).unref();
      });

const fail = (status: number, message: string) => ({ status, body: { error: { message, code: status } } });

/**
 * POST /api/media: an admin's photo (multipart, one file, 10 MB at most; same-origin like every
 * write, see security.ts), processed once. GET /media/<hash>/<name>: its variants, cached forever.
 */
export async function mediaRoutes(app: FastifyInstance, { db, config }: { db: Kysely<Database>; config: Config }) {
  const store = mediaStore(db, filesOf(config));
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });

  app.post('/api/media', async (req, reply) => {
    const send = ({ status, body }: ReturnType<typeof fail>) => reply.code(status).type('application/json; charset=utf-8').send(body);
    const admin = await findSession(db, config, req.cookies[sessionCookieName(config)]);
    if (!admin) return send(fail(401, 'Veuillez vous connecter pour envoyer des images.'));
    if (!MANAGERS.includes(admin.role)) return send(fail(403, forbiddenMessage(admin.role)));
    if (!req.isMultipart()) return send(fail(415, 'Envoyez le fichier comme formulaire (multipart/form-data).'));
    let file;
    try {
      file = await req.file();
    } catch {
      return send(fail(400, 'Envoi incomplet : réessayez.'));
    }
    if (!file) return send(fail(400, 'Aucun fichier reçu.'));
    const tooLarge = async () => {
      // Answer once the rest of the upload is discarded: a client still sending would see a reset connection, not the message.
      await drained(req.raw);
      return send(fail(413, 'Fichier trop lourd : 10 Mo au maximum.'));
    };
    let bytes: Buffer;
    try {
      bytes = await file.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
      return send(fail(400, 'Envoi incomplet : réessayez.'));
    }
    // The size limit cuts the file short (truncated) rather than always throwing.
    if (file.file.truncated || bytes.length > MAX_UPLOAD_BYTES) return tooLarge();
    try {
      const image = await processImage(bytes);
      await store.save(image);
      const webp = image.variants.filter((v) => v.contentType === 'image/webp');
      // The record keeps the largest WebP: the smaller ones follow from it (shared/src/format/media.ts).
      const largest = webp.at(-1)!;
      return {
        id: image.id,
        url: `/media/${image.id}/${largest.name}`,
        width: image.width,
        height: image.height,
        srcset: webp.map((v) => `/media/${image.id}/${v.name} ${v.width}w`).join(', '),
        previewUrl: `/media/${image.id}/1200.jpg`,
      };
    } catch (error) {
      if (error instanceof MediaRefused) return send(fail(error.status, error.message));
      throw error;
    }
  });

  app.get<{ Params: { id: string; name: string } }>('/media/:id(^[0-9a-f]{32}$)/:name', async (req, reply) => {
    const { id, name } = req.params;
    const etag = `"${id}-${name}"`;
    if (!/^(\d{2,4}\.webp|1200\.jpg)$/.test(name)) return reply.code(404).type('text/plain; charset=utf-8').send('Image introuvable.');
    // The address names the content (its hash): a browser holding it asks again only on a forced
    // reload, and gets a 304 without the image being read from the database.
    if (req.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag) && (await store.exists(id, name)))
      return reply.code(304).header('Cache-Control', 'public, max-age=31536000, immutable').header('ETag', etag).send();
    const variant = await store.read(id, name);
    if (!variant) return reply.code(404).type('text/plain; charset=utf-8').send('Image introuvable.');
    return reply
      .type(variant.contentType)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('ETag', etag)
      .send(variant.bytes);
  });

  /**
   * POST /api/suivi/<token>/retour: a customer's return request from the tracking page (multipart:
   * lines as JSON, reason, note, and a photo of 10 MB at most, kept as one small JPEG). Five a ten
   * minutes per address; the order's own checks in orders/return-requests.ts.
   */
  app.post<{ Params: { token: string } }>('/api/suivi/:token(^[0-9a-f]{64}$)/retour', async (req, reply) => {
    const send = ({ status, body }: ReturnType<typeof fail>) => reply.code(status).type('application/json; charset=utf-8').send(body);
    if (!req.isMultipart()) return send(fail(415, 'Envoyez la demande comme formulaire (multipart/form-data).'));
    const fields: Record<string, string> = {};
    let photo: Buffer | null = null;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'field') fields[part.fieldname] = String(part.value).slice(0, 20_000);
        else {
          const bytes = await part.toBuffer();
          if (part.file.truncated || bytes.length > MAX_UPLOAD_BYTES)
            throw Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
          if (bytes.length) photo = bytes;
        }
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        await drained(req.raw);
        return send(fail(413, 'Photo trop lourde : 10 Mo au maximum.'));
      }
      return send(fail(400, 'Envoi incomplet : réessayez.'));
    }
    let lines: unknown;
    try {
      lines = JSON.parse(fields.lines ?? '[]');
    } catch {
      lines = null;
    }
    const input = returnRequestInputSchema.safeParse({
      lines,
      reason: fields.reason || undefined,
      note: fields.note || undefined,
      website: fields.website || undefined,
    });
    if (!input.success) return send(fail(400, input.error.issues[0]!.message));
    try {
      if (config.rateLimit) await hitRateLimit(db, `returnRequest:${req.ip}`, 5, 10 * 60);
      const evidence = photo ? await processEvidence(photo) : null;
      return await requestReturn(db, config, req.params.token, input.data, evidence);
    } catch (error) {
      if (error instanceof MediaRefused) return send(fail(error.status, error.message));
      if (error instanceof TRPCError && error.code !== 'INTERNAL_SERVER_ERROR')
        return send(fail(getHTTPStatusCodeFromError(error), error.message));
      throw error;
    }
  });

  /** GET /api/return-requests/<id>/photo: a customer's photo, to the team who reads the requests only. */
  app.get<{ Params: { id: string } }>('/api/return-requests/:id/photo', async (req, reply) => {
    const send = ({ status, body }: ReturnType<typeof fail>) => reply.code(status).type('application/json; charset=utf-8').send(body);
    const member = await findSession(db, config, req.cookies[sessionCookieName(config)]);
    if (!member) return send(fail(401, 'Veuillez vous connecter.'));
    if (!returnRequests.team.read.includes(member.role)) return send(fail(403, forbiddenMessage(member.role)));
    if (!/^[0-9a-f-]{36}$/.test(req.params.id)) return send(fail(404, 'Photo introuvable.'));
    const request = await db.selectFrom('returnRequests').select('photo').where('id', '=', req.params.id).executeTakeFirst();
    const row = !request?.photo
      ? undefined
      : await db
          .selectFrom('returnPhotos')
          .select(['fileKey as key', bytesOut('bytes').as('bytes')])
          .where('id', '=', request.photo)
          .executeTakeFirst();
    const bytes = await fileOf(filesOf(config), row);
    if (!bytes) return send(fail(404, 'Photo introuvable.'));
    return reply.type('image/jpeg').header('Cache-Control', 'private, max-age=3600').send(bytes);
  });
}
