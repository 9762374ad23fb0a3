import { DeliveryError, type Deliver } from '../platform/outbox-worker';
import { enqueue } from '../platform/outbox';
import { MediaRefused, processImage } from '../media/process';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import { downloadMedia, GraphError } from './cloud-api';

// The files customers send on WhatsApp: a photo (a broken screen, a payment's receipt), a voice
// message (often, here), a PDF. Meta's webhook gives only an id: the outbox fetches the file
// (channel whatsappMedia, retried like a message), and keeps it with its message in the database.
// The team sees it in the conversation; it is served only to them (whatsapp-route.ts).

export type MediaKind = 'image' | 'audio' | 'document';

/** What the shop keeps of each kind: the types it serves back as they are, and the heaviest file fetched. */
const KINDS: Record<MediaKind, { label: string; feminine?: true; types: readonly string[]; maxBytes: number }> = {
  // WhatsApp's own limit for photos is 5 MB; they are kept as WebP (processImage refuses the rest).
  image: { label: 'Photo', feminine: true, types: [], maxBytes: 5 * 1024 * 1024 },
  // Voice messages are Ogg/Opus; WhatsApp allows 16 MB of audio.
  audio: {
    label: 'Message vocal',
    types: ['audio/ogg', 'audio/opus', 'audio/mpeg', 'audio/mp4', 'audio/aac', 'audio/amr'],
    maxBytes: 16 * 1024 * 1024,
  },
  // PDFs only: a document of another type could be anything, and the team's browser would open it.
  document: { label: 'Document', types: ['application/pdf'], maxBytes: 10 * 1024 * 1024 },
};

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
    await db
      .insertInto('whatsappMedia')
      .values({ messageId: p.messageId, kind: p.kind, filename: p.filename ?? null, ...stored })
      .onConflict((oc) => oc.column('messageId').doNothing())
      .execute();
  };

/** Where the team's browser fetches a message's file (`?apercu` for a photo's small version). */
export const mediaPath = (messageId: string) => `/api/whatsapp/media/${messageId}`;
