import {
  fillTemplate,
  KEPT_REPLY_DAYS,
  REPLY_WINDOW_HOURS,
  START_WORDS,
  STOP_WORDS,
  type OutboxPayload,
  type StoredWhatsAppStatus,
  type WhatsAppTemplate,
  whatsappError,
} from '@app/shared';
import { parsePhone } from '@app/shared/phone';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { enqueueMail, enqueueWhatsApp, type MailEffect, type WhatsAppPayload } from '../platform/outbox';
import { alertOwner } from '../alerts/owner';
import { type Deliver, DeliveryError } from '../platform/outbox-worker';
import { GraphError, type Outgoing, sendMessage } from './cloud-api';
import { enqueueMediaFetch, type InboundMedia, mediaKindOf } from './media';

// WhatsApp messages, through the outbox like every side effect: written with the event that causes
// them, sent by whichever server claims the row, never twice. Just before calling Meta the row is
// marked dispatched (committed); a row found so marked after a crash is not sent again blindly:
// Meta's status webhook, which carries the row's id, tells whether it left.

type Db = Kysely<Database>;

/** The address the owner gives Meta for webhooks (server/src/http/whatsapp-route.ts). */
export const WHATSAPP_WEBHOOK_PATH = '/api/whatsapp/webhook';

/** A phone as the shop stores it (E.164 with "+"), or null when it is no phone. */
export const e164 = (phone: string) => parsePhone(phone)?.e164 ?? null;

/** Whether messages may go to this phone on WhatsApp: the shop's WhatsApp is on, the customer did not say STOP nor prefer e-mail. */
export async function reachableOnWhatsApp(db: Db, config: Config, phone: string | null): Promise<string | null> {
  if (!config.whatsapp || !phone) return null;
  const to = e164(phone);
  if (!to) return null;
  const contact = await db.selectFrom('whatsappContacts').select(['stoppedAt', 'prefersEmail']).where('phone', '=', to).executeTakeFirst();
  return contact?.stoppedAt || contact?.prefersEmail ? null : to;
}

/**
 * A customer's message about their order: on WhatsApp when it may go there (its e-mail kept as the
 * fallback should Meta refuse the template), by e-mail otherwise, as before WhatsApp.
 */
export async function tellCustomer(
  db: Db,
  config: Config,
  customer: { phone: string | null; email: string | null; orderId?: string },
  whatsapp: { template: WhatsAppTemplate; values: string[]; document?: { link: string; filename: string } },
  mail: Omit<MailEffect, 'to'>,
) {
  const to = await reachableOnWhatsApp(db, config, customer.phone);
  const fallback = customer.email ? { to: customer.email, subject: mail.subject, text: mail.text } : undefined;
  if (to) {
    await enqueueWhatsApp(db, {
      to,
      ...whatsapp,
      text: fillTemplate(whatsapp.template, whatsapp.values),
      orderId: customer.orderId,
      fallbackMail: fallback,
    });
  } else if (customer.email) await enqueueMail(db, { ...mail, to: customer.email });
}

const outgoing = (p: WhatsAppPayload): Outgoing =>
  p.template
    ? { kind: 'template', template: p.template, values: p.values ?? [], document: p.document }
    : p.document
      ? { kind: 'document', link: p.document.link, filename: p.document.filename, caption: p.text }
      : { kind: 'text', text: p.text };

/** The conversation's latest line (its list shows it) and, for a message received, one more unread. */
async function touchContact(db: Db, phone: string, text: string, inbound: { name: string; at: string } | null) {
  // The 24 hours run from when the customer wrote (Meta's timestamp), not from when Meta told us:
  // a message delivered late opens no window that is already closed. Never moved backwards.
  const wrote = inbound ? sql<string>`least(now(), ${inbound.at}::timestamptz)` : null;
  await db
    .insertInto('whatsappContacts')
    .values({
      phone,
      name: inbound?.name.slice(0, 100) ?? '',
      lastText: text.slice(0, 200),
      lastMessageAt: sql<string>`now()`,
      lastInboundAt: wrote,
      unread: inbound ? 1 : 0,
    })
    .onConflict((oc) =>
      oc.column('phone').doUpdateSet((eb) => ({
        lastText: text.slice(0, 200),
        lastMessageAt: sql<string>`now()`,
        ...(inbound
          ? {
              lastInboundAt: sql<string>`greatest(${eb.ref('whatsappContacts.lastInboundAt')}, ${wrote})`,
              unread: sql<number>`${eb.ref('whatsappContacts.unread')} + 1`,
              name: inbound.name ? inbound.name.slice(0, 100) : eb.ref('whatsappContacts.name'),
            }
          : {}),
      })),
    )
    .execute();
}

const setDispatched = (db: Db, id: string, attempts: number, on: boolean) =>
  db
    .updateTable('outbox')
    .set({
      payload: on
        ? sql<OutboxPayload>`jsonb_set(payload, '{dispatchedAt}', to_jsonb(now()::text))`
        : sql<OutboxPayload>`payload - 'dispatchedAt'`,
    })
    .where('id', '=', id)
    .where('attempts', '=', attempts)
    .executeTakeFirst();

/** The e-mail that goes instead of a template Meta will not take, and what the Envois say of it. */
async function fallBack(db: Db, payload: WhatsAppPayload, reason: string) {
  if (payload.fallbackMail) {
    await enqueueMail(db, payload.fallbackMail);
    return `${reason} Envoyé par e-mail à ${payload.fallbackMail.to} à la place.`;
  }
  return `${reason} Pas d’e-mail pour ce client : prévenez-le avec le lien WhatsApp de la commande.`;
}

export const whatsappDelivery =
  (db: Db, config: Config): Deliver =>
  async (row) => {
    const p = row.payload as WhatsAppPayload;
    if (!config.whatsapp) throw new DeliveryError('WhatsApp n’est pas configuré sur ce serveur (WHATSAPP_TOKEN…).', 'fail');
    if (p.dispatchedAt) {
      // A claim before this one reached Meta and did not record the answer (the server stopped):
      // the status webhook says whether it left (it carries this row's id). Never sent again blindly.
      if (await db.selectFrom('whatsappMessages').select('id').where('outboxId', '=', row.id).executeTakeFirst()) return;
      throw new DeliveryError(
        'Envoi incertain : le serveur s’est arrêté pendant l’envoi et WhatsApp ne l’a pas encore confirmé. Regardez la conversation avant « Réessayer » : le client pourrait le recevoir deux fois.',
        'fail',
      );
    }
    if (!p.notice && !(await reachableOnWhatsApp(db, config, p.to)))
      throw new DeliveryError('Le client a écrit STOP ou préfère l’e-mail : plus aucun message WhatsApp ne lui part.', 'drop');
    if (p.awaitsReply && !(await windowNowOpen(db, p.to)))
      throw new DeliveryError(
        `Le client n’a pas répondu au modèle en ${KEPT_REPLY_DAYS} jours : votre réponse n’est pas partie. Réécrivez-lui quand il vous écrira.`,
        'fail',
      );
    const marked = await setDispatched(db, row.id, row.attempts, true);
    if (!marked.numUpdatedRows) throw new DeliveryError('Repris par un autre serveur.', 'retry');
    let wamid: string;
    try {
      wamid = await sendMessage(config.whatsapp, p.to, outgoing(p), row.id);
    } catch (err) {
      if (!(err instanceof GraphError)) throw err;
      if (!err.certainlyNotSent)
        throw new DeliveryError(`${err.message} Il n’est pas renvoyé sans vous : regardez la conversation avant « Réessayer ».`, 'fail');
      await setDispatched(db, row.id, row.attempts, false);
      if (err.then === 'fallback') throw new DeliveryError(await fallBack(db, p, err.message), 'fail');
      throw new DeliveryError(err.message, err.then === 'retry' ? 'retry' : 'fail');
    }
    await recordSent(db, row.id, p, wamid, 'accepted');
  };

/** A message Meta took: in its conversation, with the order it belongs to. */
async function recordSent(
  db: Db,
  outboxId: string,
  p: WhatsAppPayload,
  wamid: string,
  status: StoredWhatsAppStatus,
  error: string | null = null,
) {
  const inserted = await db
    .insertInto('whatsappMessages')
    .values({
      phone: p.to,
      direction: 'out',
      wamid,
      outboxId,
      orderId: p.orderId ?? null,
      template: p.template ?? null,
      body: p.text.slice(0, 5000),
      status,
      error,
      author: p.author ?? null,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return;
  await touchContact(db, p.to, p.text, null);
  // Sent, whatever an earlier claim thought (a server that stopped mid-way, told by Meta's webhook).
  await db
    .updateTable('outbox')
    .set({ status: 'sent', sentAt: sql<string>`now()`, lastError: null, lockedUntil: null, updatedAt: sql<string>`now()` })
    .where('id', '=', outboxId)
    .where('status', 'in', ['pending', 'failed'])
    .execute();
}

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

/** Whether the 24 hours of this phone's last message are still running, as the database has it now. */
async function windowNowOpen(db: Db, phone: string) {
  const contact = await db.selectFrom('whatsappContacts').select('lastInboundAt').where('phone', '=', phone).executeTakeFirst();
  return windowOpen(contact?.lastInboundAt ?? null);
}

/** Whether the owner may still write freely to this phone (within 24 hours of its last message). */
export const windowOpen = (lastInboundAt: string | null, now = Date.now()) =>
  !!lastInboundAt && now - new Date(lastInboundAt).getTime() < REPLY_WINDOW_HOURS * 3_600_000;
