import { START_WORDS, STOP_WORDS, type StoredWhatsAppStatus, whatsappError } from '@app/shared';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { alertOwner } from '../alerts/owner';
import { type Deliver, DeliveryError } from '../platform/outbox-worker';
import { enqueueMediaFetch, type InboundMedia, mediaKindOf } from './media';
import { enqueueWhatsApp, type WhatsAppPayload } from '../platform/outbox';
import { e164, fallBack, recordSent, touchContact } from './messages';

// What Meta posts to the webhook, taken in by the outbox once stored (server/src/http/whatsapp-route.ts):
// the customers' messages (into their conversations, STOP and START applied, the team alerted) and
// the delivery statuses of what the shop sent (forward only).

type Db = Kysely<Database>;

const RANK: Record<StoredWhatsAppStatus, number> = { accepted: 0, sent: 1, delivered: 2, read: 3, failed: 4, received: 0 };

interface StatusEvent {
  id: string;
  status: string;
  recipient_id?: string;
  biz_opaque_callback_data?: string;
  errors?: { code: number; title?: string; message?: string; error_data?: { details?: string } }[];
}

/** A delivery status from Meta: forward only (a late "sent" never hides "read"); a failure said in French, in the Envois too. */
async function applyStatus(db: Db, s: StatusEvent) {
  if (!(s.status in RANK) || s.status === 'received') return;
  const status = s.status as StoredWhatsAppStatus;
  const failure =
    status === 'failed' && s.errors?.[0] ? whatsappError(s.errors[0].code, s.errors[0].error_data?.details ?? s.errors[0].title) : null;
  await db.transaction().execute(async (tx) => {
    let message = await tx
      .selectFrom('whatsappMessages')
      .select(['id', 'status', 'outboxId'])
      .where('wamid', '=', s.id)
      .forUpdate()
      .executeTakeFirst();
    const opaque = s.biz_opaque_callback_data;
    if (!message && opaque && /^[0-9a-f-]{36}$/.test(opaque)) {
      // A message whose sending the server could not record (it stopped): Meta says it left.
      const row = await tx
        .selectFrom('outbox')
        .select(['id', 'payload'])
        .where('id', '=', opaque)
        .where('channel', '=', 'whatsapp')
        .executeTakeFirst();
      if (!row) return;
      await recordSent(tx, row.id, row.payload as WhatsAppPayload, s.id, 'accepted');
      message = await tx.selectFrom('whatsappMessages').select(['id', 'status', 'outboxId']).where('wamid', '=', s.id).executeTakeFirst();
    }
    if (!message) return;
    if (status !== 'failed' && RANK[status] <= RANK[message.status]) return;
    if (status === 'failed' && message.status === 'failed') return;
    await tx
      .updateTable('whatsappMessages')
      .set({ status, error: failure?.text ?? null, statusAt: sql<string>`now()` })
      .where('id', '=', message.id)
      .execute();
    if (failure && message.outboxId) {
      const row = await tx.selectFrom('outbox').select('payload').where('id', '=', message.outboxId).executeTakeFirst();
      const said = failure.then === 'fallback' && row ? await fallBack(tx, row.payload as WhatsAppPayload, failure.text) : failure.text;
      await tx
        .updateTable('outbox')
        .set({ status: 'failed', lastError: `Échec signalé par WhatsApp : ${said}`.slice(0, 1000), updatedAt: sql<string>`now()` })
        .where('id', '=', message.outboxId)
        .execute();
      await tx
        .updateTable('whatsappMessages')
        .set({ error: said.slice(0, 1000) })
        .where('id', '=', message.id)
        .execute();
    }
  });
}

interface InboundMessage {
  /** The customer's number; absent when they write under a username (then `from_user_id`). */
  from?: string;
  from_user_id?: string;
  id: string;
  /** When the customer sent it (Unix seconds). */
  timestamp?: string;
  type: string;
  text?: { body: string };
  button?: { text: string };
  interactive?: { button_reply?: { title: string }; list_reply?: { title: string } };
  image?: InboundMedia & { caption?: string };
  sticker?: InboundMedia;
  audio?: InboundMedia & { voice?: boolean };
  document?: InboundMedia & { caption?: string };
  location?: { name?: string; address?: string; latitude?: number; longitude?: number };
}

/** The mark textOf gives a message that carries a file (then shown in its place in the conversation). */
export const MEDIA_MARKER = /^\[(?:Photo|Autocollant|Message vocal|Document[^\]]*)\]\s?/;

/** What the conversation shows of a message received. */
function textOf(m: InboundMessage) {
  switch (m.type) {
    case 'text':
      return m.text?.body ?? '';
    case 'button':
      return m.button?.text ?? '';
    case 'interactive':
      return m.interactive?.button_reply?.title ?? m.interactive?.list_reply?.title ?? '';
    case 'image':
      return `[Photo]${m.image?.caption ? ` ${m.image.caption}` : ''}`;
    case 'document':
      return `[Document${m.document?.filename ? ` ${m.document.filename}` : ''}]${m.document?.caption ? ` ${m.document.caption}` : ''}`;
    case 'audio':
      return '[Message vocal]';
    case 'sticker':
      return '[Autocollant]';
    case 'location':
      return [
        `[Position]${m.location?.name ? ` ${m.location.name}` : ''}${m.location?.address ? `, ${m.location.address}` : ''}`,
        // The place itself, to open on a map (a courier's way to the customer's door).
        ...(Number.isFinite(m.location?.latitude) && Number.isFinite(m.location?.longitude)
          ? [`https://www.google.com/maps/search/?api=1&query=${m.location!.latitude},${m.location!.longitude}`]
          : []),
      ].join(' ');
    default:
      return `[Message ${m.type} : ouvrez WhatsApp pour le voir]`;
  }
}

const plainWord = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/[.!]+$/, '');

/** A customer's message: in its conversation once (a replay finds its id), STOP or START applied, the team alerted. */
async function receive(db: Db, config: Config, m: InboundMessage, name: string, alert: InboundAlert) {
  const phone = m.from ? e164(`+${m.from}`) : null;
  const text = textOf(m).slice(0, 5000);
  if (!phone) {
    // A customer writing under a WhatsApp username, the number hidden (Meta's `from_user_id`): the
    // shop keeps conversations by phone, so the team is told, by e-mail too, and answers in the app.
    if (m.from_user_id)
      await alertOwner(db, config, {
        kind: 'whatsapp',
        subject: `WhatsApp d’un client sans numéro visible${name ? ` (${name.slice(0, 60)})` : ''}`,
        lines: [
          text.slice(0, 1000),
          '',
          'Ce client écrit avec un nom d’utilisateur WhatsApp : répondez-lui dans l’application WhatsApp Business.',
        ],
        adminPath: '/admin/whatsapp',
      });
    return;
  }
  await db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('whatsappMessages')
      .values({ phone, direction: 'in', wamid: m.id, body: text, status: 'received' })
      .onConflict((oc) => oc.column('wamid').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return;
    const kind = mediaKindOf(m.type);
    if (kind) await enqueueMediaFetch(tx, phone, inserted.id, kind, m[m.type as 'image' | 'sticker' | 'audio' | 'document'] ?? {});
    const at = Number(m.timestamp) > 0 ? new Date(Number(m.timestamp) * 1000).toISOString() : new Date().toISOString();
    await touchContact(tx, phone, text, { name, at });
    const word = plainWord(text);
    const shop = (await tx.selectFrom('settings').select('businessName').executeTakeFirst())?.businessName ?? 'la boutique';
    if (STOP_WORDS.includes(word)) {
      const stopped = await tx
        .updateTable('whatsappContacts')
        .set({ stoppedAt: sql<string>`now()` })
        .where('phone', '=', phone)
        .where('stoppedAt', 'is', null)
        .executeTakeFirst();
      // Said back once: a second STOP changes nothing and gets no answer.
      if (stopped.numUpdatedRows)
        await enqueueWhatsApp(tx, {
          to: phone,
          notice: true,
          text: `C’est noté : vous ne recevrez plus de messages de ${shop} sur WhatsApp. Écrivez START pour les recevoir à nouveau.`,
        });
    } else if (START_WORDS.includes(word)) {
      const started = await tx
        .updateTable('whatsappContacts')
        .set({ stoppedAt: null })
        .where('phone', '=', phone)
        .where('stoppedAt', 'is not', null)
        .executeTakeFirst();
      if (started.numUpdatedRows)
        await enqueueWhatsApp(tx, { to: phone, notice: true, text: `C’est noté : ${shop} peut de nouveau vous écrire sur WhatsApp.` });
    }
    // The owner's replies kept while the 24 hours were closed: the window is open again, they are
    // due now (after a STOP, the sending drops them and says why).
    await tx
      .updateTable('outbox')
      .set({ nextAttemptAt: sql<string>`now()` })
      .where('channel', '=', 'whatsapp')
      .where('recipient', '=', phone)
      .where('status', '=', 'pending')
      .where(sql<boolean>`(payload->>'awaitsReply')::boolean`)
      .execute();
    await alert(tx, config, { phone, name, text });
  });
}

export type InboundAlert = (tx: Db, config: Config, message: { phone: string; name: string; text: string }) => Promise<void>;

interface WebhookBody {
  object?: string;
  entry?: {
    changes?: {
      field?: string;
      value?: {
        metadata?: { phone_number_id?: string };
        contacts?: { wa_id?: string; user_id?: string; profile?: { name?: string } }[];
        messages?: InboundMessage[];
        statuses?: StatusEvent[];
      };
    }[];
  }[];
}

/** The outbox's handling of one webhook body Meta posted (stored once by its digest). */
export const whatsappEventDelivery =
  (db: Db, config: Config, alert: InboundAlert): Deliver =>
  async (row) => {
    const { digest } = row.payload as { digest: string };
    // As text: Meta's snake_case keys as they came (the database's camelCase mapping would rename them).
    const hook = await db
      .selectFrom('whatsappWebhooks')
      .select(sql<string>`body::text`.as('raw'))
      .where('digest', '=', digest)
      .executeTakeFirst();
    if (!hook) throw new DeliveryError('Événement WhatsApp introuvable (effacé entre-temps).', 'drop');
    const body = JSON.parse(hook.raw) as WebhookBody;
    for (const entry of body.entry ?? [])
      for (const change of entry.changes ?? []) {
        const value = change.value;
        if (change.field !== 'messages' || !value) continue;
        // Another number of the same business account is not this shop's.
        if (config.whatsapp && value.metadata?.phone_number_id && value.metadata.phone_number_id !== config.whatsapp.phoneNumberId)
          continue;
        const names = new Map((value.contacts ?? []).map((c) => [c.wa_id ?? c.user_id ?? '', c.profile?.name ?? '']));
        for (const m of value.messages ?? []) await receive(db, config, m, names.get(m.from ?? m.from_user_id ?? '') ?? '', alert);
        for (const s of value.statuses ?? []) await applyStatus(db, s);
      }
  };
