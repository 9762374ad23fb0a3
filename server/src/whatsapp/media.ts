import { DeliveryError, type Deliver } from '../platform/outbox-worker';
import { enqueue } from '../platform/outbox';
import { MediaRefused, processImage } from '../media/process';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import { sql } from 'kysely';
import { filesOf } from '../db/files';
import { downloadMedia, GraphError } from './cloud-api';

// The files customers send on WhatsApp: a photo (a broken screen, a payment's receipt), a voice
// message (often, here), a PDF. Meta's webhook gives only an id: the outbox fetches the file
// (channel whatsappMedia, retried like a message), and keeps it in the file store (files/store.ts),
// the database keeping its key with its message.
// The team sees it in the conversation; it is served only to them (whatsapp-route.ts).

export type MediaKind = 'image' | 'audio' | 'document';

/** What the shop keeps of each kind: the types it serves back as they are, and the heaviest file fetched. */
const KINDS: Record<MediaKind, { label: string; feminine?: true; types: readonly string[]; maxBytes: number }> = {
  // WhatsApp's own limit for photos is 5 MB; they are kept as WebP (processImage refuses the rest).
  image: { label: 'Photo', feminine: true, types: [], maxBytes: 5 * 1024 * 1024 },
  // Voice messages are Ogg/Opus at about 16 kbit/s (5 MB is forty minutes); WhatsApp allows 16 MB of audio.
  audio: {
    label: 'Message vocal',
    types: ['audio/ogg', 'audio/opus', 'audio/mpeg', 'audio/mp4', 'audio/aac', 'audio/amr'],
    maxBytes: 16 * 1024 * 1024,
  },
  // PDFs only: a document of another type could be anything, and the team's browser would open it.
  document: { label: 'Document', types: ['application/pdf'], maxBytes: 10 * 1024 * 1024 },
};

const MB = 1024 * 1024;
/**
 * What the shop keeps of the files customers send, over the last 24 hours: per phone (a stranger
 * sending thirty voice notes fills nothing), and for the whole shop (many numbers neither). Beyond,
 * the message says so and the file stays in WhatsApp. Files are purged after the days set in
 * Paramètres (purgeOldMedia).
 */
export const MEDIA_CAPS = { perSender: { files: 20, bytes: 50 * MB }, perShop: { bytes: 600 * MB } };

/** What this phone and the whole shop had kept in the last 24 hours. */
async function keptToday(db: DB, phone: string) {
  const row = await db
    .selectFrom('whatsappMedia')
    .innerJoin('whatsappMessages', 'whatsappMessages.id', 'whatsappMedia.messageId')
    .select([
      sql<string>`count(*) FILTER (WHERE whatsapp_messages.phone = ${phone})`.as('senderFiles'),
      sql<string>`coalesce(sum(whatsapp_media.size) FILTER (WHERE whatsapp_messages.phone = ${phone}), 0)`.as('senderBytes'),
      sql<string>`coalesce(sum(whatsapp_media.size), 0)`.as('shopBytes'),
    ])
    .where('whatsappMedia.createdAt', '>', sql<string>`now() - interval '1 day'`)
    .executeTakeFirstOrThrow();
  return { senderFiles: Number(row.senderFiles), senderBytes: Number(row.senderBytes), shopBytes: Number(row.shopBytes) };
}

/** Why one more file of `bytes` would go beyond the day's caps, or null. */
function overCaps(kept: Awaited<ReturnType<typeof keptToday>>, bytes: number) {
  const { perSender, perShop } = MEDIA_CAPS;
  if (kept.senderFiles >= perSender.files || kept.senderBytes + bytes > perSender.bytes)
    return `ce client a déjà envoyé ${kept.senderFiles} fichier(s) aujourd’hui (${perSender.files} ou ${perSender.bytes / MB} Mo par jour au plus) : ouvrez-le dans WhatsApp.`;
  if (kept.shopBytes + bytes > perShop.bytes)
    return `la boutique a déjà reçu ${Math.round(kept.shopBytes / MB)} Mo de fichiers aujourd’hui (${perShop.bytes / MB} Mo par jour au plus) : ouvrez-le dans WhatsApp.`;
  return null;
}

/** Files kept longer than the owner's setting (Paramètres): deleted, their messages saying so. */
export async function purgeOldMedia(db: DB) {
  const { rows } = await sql<{ n: string }>`
    WITH gone AS (
      DELETE FROM whatsapp_media
      WHERE created_at < now() - make_interval(days => (SELECT coalesce(max(whatsapp_media_days), 90) FROM settings))
      RETURNING message_id),
    said AS (
      UPDATE whatsapp_messages SET error = 'Fichier effacé de la boutique après le délai de conservation (Paramètres) ; il reste dans WhatsApp.'
      WHERE id IN (SELECT message_id FROM gone) RETURNING id)
    SELECT count(*) AS n FROM said`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** « reçu », « reçue »: the word agreed with the kind's label. */
const agreed = (kind: MediaKind, word: string) => (KINDS[kind].feminine ? `${word}e` : word);

/** The media of an inbound message, as Meta's webhook gives it. */
export interface InboundMedia {
  id?: string;
  mime_type?: string;
  filename?: string;
}

/** The kind the shop fetches for a message type (a sticker is a small WebP picture), or null. */
export const mediaKindOf = (type: string): MediaKind | null =>
  type === 'image' || type === 'sticker' ? 'image' : type === 'audio' ? 'audio' : type === 'document' ? 'document' : null;

/** `db`: the transaction that stores the message. */
export async function enqueueMediaFetch(db: DB, phone: string, messageId: string, kind: MediaKind, media: InboundMedia) {
  if (!media.id) return;
  await enqueue(db, 'whatsappMedia', phone, `${KINDS[kind].label} ${agreed(kind, 'reçu')} sur WhatsApp`, {
    messageId,
    mediaId: media.id,
    kind,
    ...(media.filename ? { filename: media.filename.slice(0, 200) } : {}),
  });
}

/** The outbox's fetching of one file: kept with its message, or the reason said on the message. */
export const whatsappMediaDelivery =
  (db: DB, config: Config): Deliver =>
  async (row) => {
    const p = row.payload as { messageId: string; mediaId: string; kind: MediaKind; filename?: string };
    const kind = KINDS[p.kind];
    const gone = async (reason: string) => {
      await db
        .updateTable('whatsappMessages')
        .set({ error: `${kind.label} non ${agreed(p.kind, 'récupéré')} : ${reason}`.slice(0, 1000) })
        .where('id', '=', p.messageId)
        .execute();
      throw new DeliveryError(reason, 'fail');
    };
    if (!config.whatsapp) throw new DeliveryError('WhatsApp n’est pas configuré.', 'fail');
    const { phone } = await db.selectFrom('whatsappMessages').select('phone').where('id', '=', p.messageId).executeTakeFirstOrThrow();
    // Beyond the day's caps nothing is fetched at all.
    const refused = overCaps(await keptToday(db, phone), 0);
    if (refused) return gone(refused);
    let file: { bytes: Buffer; contentType: string };
    try {
      file = await downloadMedia(config.whatsapp, p.mediaId, kind.maxBytes);
    } catch (err) {
      if (!(err instanceof GraphError)) throw err;
      if (err.then === 'retry' && !row.expired) throw new DeliveryError(err.message, 'retry');
      return gone(err.message);
    }
    let stored: { contentType: string; bytes: Buffer; preview: Buffer | null; width: number | null; height: number | null };
    if (p.kind === 'image') {
      try {
        const image = await processImage(file.bytes);
        const webp = image.variants.filter((v) => v.contentType === 'image/webp');
        const largest = webp[webp.length - 1]!;
        stored = { contentType: 'image/webp', bytes: largest.bytes, preview: webp[0]!.bytes, width: largest.width, height: largest.height };
      } catch (err) {
        if (err instanceof MediaRefused) return gone(err.message);
        throw err;
      }
    } else {
      if (!kind.types.includes(file.contentType))
        return gone(`type de fichier non accepté (${file.contentType || 'inconnu'}) : ouvrez-le dans WhatsApp.`);
      stored = { contentType: file.contentType, bytes: file.bytes, preview: null, width: null, height: null };
    }
    // Into the store first (a file refused below is removed by the clean-up a day later, unused).
    const files = filesOf(config);
    const fileKey = await files.put(stored.bytes);
    const previewKey = stored.preview && (await files.put(stored.preview));
    const size = stored.bytes.length + (stored.preview?.length ?? 0);
    // Counted again with the file's size, one file at a time: parallel fetches cannot pass the caps together.
    const over = await db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext('whatsapp_media'))`.execute(tx);
      const late = overCaps(await keptToday(tx, phone), size);
      if (late) return late;
      await tx
        .insertInto('whatsappMedia')
        .values({
          messageId: p.messageId,
          kind: p.kind,
          filename: p.filename ?? null,
          contentType: stored.contentType,
          width: stored.width,
          height: stored.height,
          fileKey,
          previewKey,
          size,
        })
        .onConflict((oc) => oc.column('messageId').doNothing())
        .execute();
      return null;
    });
    if (over) return gone(over);
  };

/** Where the team's browser fetches a message's file (`?apercu` for a photo's small version). */
export const mediaPath = (messageId: string) => `/api/whatsapp/media/${messageId}`;
