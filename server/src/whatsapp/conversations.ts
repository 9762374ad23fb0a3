import {
  displayPhone,
  fillTemplate,
  firstName,
  KEPT_REPLY_DAYS,
  REPLY_WINDOW_HOURS,
  WHATSAPP_TEMPLATES,
  type WhatsAppTemplate,
} from '@app/shared';
import { TRPCError } from '@trpc/server';
import { type Kysely, sql } from 'kysely';
import { alertOwner } from '../alerts/owner';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { templateStates } from './cloud-api';
import { enqueueWhatsApp } from '../platform/outbox';
import { mediaPath } from './media';
import { type InboundAlert, MEDIA_MARKER } from './intake';
import { e164, WHATSAPP_WEBHOOK_PATH, windowOpen } from './messages';

// The admin's side of WhatsApp: the conversations (one per phone), a thread with the customer's
// orders beside it, the owner's reply (free text inside the 24-hour window, the template outside),
// and the templates the shop needs with the status Meta reports.

type Db = Kysely<Database>;

/** A message received: a notification on the devices of the team that answers customers (no e-mail each). */
export const alertInbound: InboundAlert = async (tx, config, message) =>
  alertOwner(tx, config, {
    kind: 'whatsapp',
    email: false,
    subject: `WhatsApp de ${message.name || displayPhone(message.phone)}`,
    lines: [message.text.slice(0, 200)],
    adminPath: conversationPath(message.phone),
    push: { tag: `whatsapp-${message.phone}` },
  });

export const conversationPath = (phone: string) => `/admin/whatsapp?phone=${encodeURIComponent(phone)}`;

/** The latest conversations first, with the customer's name from their orders when WhatsApp gave none. */
export async function conversations(db: Db, input: { search?: string | undefined; limit: number }) {
  let query = db
    .selectFrom('whatsappContacts as w')
    .leftJoin('customers as c', 'c.phone', 'w.phone')
    .select(['w.phone', 'w.name', 'c.name as customerName', 'w.lastText', 'w.lastMessageAt', 'w.lastInboundAt', 'w.unread', 'w.stoppedAt'])
    .orderBy('w.lastMessageAt', 'desc')
    .limit(input.limit);
  const search = input.search?.trim();
  if (search) {
    const digits = search.replace(/\D/g, '');
    query = query.where((eb) =>
      eb.or([
        eb('w.name', 'ilike', `%${search}%`),
        eb('c.name', 'ilike', `%${search}%`),
        ...(digits.length >= 4 ? [eb('w.phone', 'like', `%${digits}%`)] : []),
      ]),
    );
  }
  const rows = await query.execute();
  return rows.map((r) => ({ ...r, name: r.name || r.customerName || '', open: windowOpen(r.lastInboundAt) }));
}

/** One phone's messages (the latest 200), its state, and the customer's orders; reading it clears its unread count. */
export async function thread(db: Db, config: Config, rawPhone: string) {
  const phone = e164(rawPhone);
  if (!phone) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Numéro de téléphone invalide.' });
  const [contact, messages, waiting, orders] = await Promise.all([
    db.selectFrom('whatsappContacts').selectAll().where('phone', '=', phone).executeTakeFirst(),
    db
      .selectFrom('whatsappMessages as m')
      .leftJoin('whatsappMedia as f', 'f.messageId', 'm.id')
      .select(['m.id', 'm.direction', 'm.body', 'm.status', 'm.error', 'm.template', 'm.author', 'm.orderId', 'm.createdAt', 'm.statusAt'])
      .select(['f.kind as mediaKind', 'f.filename as mediaFilename', 'f.width as mediaWidth', 'f.height as mediaHeight'])
      .where('m.phone', '=', phone)
      .orderBy('m.createdAt', 'desc')
      .orderBy('m.id', 'desc')
      .limit(200)
      .execute(),
    // What the shop wrote that Meta has not taken yet (waiting or failed in the outbox): shown at
    // once, so a reply never seems lost (and is not written twice).
    db
      .selectFrom('outbox')
      .select(['id', 'status', 'lastError', 'createdAt', 'payload'])
      .where('channel', '=', 'whatsapp')
      .where('recipient', '=', phone)
      .where('status', 'in', ['pending', 'failed'])
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('whatsappMessages').select('id').whereRef('whatsappMessages.outboxId', '=', 'outbox.id'))),
      )
      .orderBy('createdAt', 'desc')
      .limit(20)
      .execute(),
    db
      .selectFrom('orders')
      .select(['id', 'number', 'status', 'total', 'createdAt', 'customerName', 'email'])
      .where('phone', '=', phone)
      .orderBy('createdAt', 'desc')
      .limit(10)
      .execute(),
  ]);
  if (contact?.unread) await db.updateTable('whatsappContacts').set({ unread: 0 }).where('phone', '=', phone).execute();
  const open = windowOpen(contact?.lastInboundAt ?? null);
  return {
    phone,
    name: contact?.name || orders[0]?.customerName || '',
    configured: !!config.whatsapp,
    stopped: !!contact?.stoppedAt,
    prefersEmail: !!contact?.prefersEmail,
    lastInboundAt: contact?.lastInboundAt ?? null,
    open,
    // What the screen says about replying, and why.
    replyRule: !config.whatsapp
      ? 'WhatsApp n’est pas configuré : répondez avec le lien wa.me.'
      : contact?.stoppedAt
        ? 'Ce client a écrit STOP : la boutique ne lui écrit plus sur WhatsApp tant qu’il n’écrit pas START.'
        : open
          ? `Réponse libre possible jusqu’à 24 heures après son dernier message.`
          : `Plus de ${REPLY_WINDOW_HOURS} heures depuis son dernier message (ou il n’a jamais écrit) : WhatsApp n’accepte qu’un modèle approuvé, « ${WHATSAPP_TEMPLATES.reprise_contact.label} », qui l’invite à répondre. Votre réponse est gardée et part dès qu’il répond (${KEPT_REPLY_DAYS} jours au plus).`,
    messages: [
      ...messages.reverse().map(({ mediaKind, mediaFilename, mediaWidth, mediaHeight, ...m }) => ({
        ...m,
        // The file shows in its place: its "[Photo]" stays in the list of conversations only.
        body: mediaKind ? m.body.replace(MEDIA_MARKER, '') : m.body,
        media: mediaKind
          ? { kind: mediaKind, url: mediaPath(m.id), filename: mediaFilename, width: mediaWidth, height: mediaHeight }
          : null,
        note: null,
      })),
      ...waiting.reverse().map((row) => {
        const p = row.payload as { text: string; template?: string; author?: string; orderId?: string; awaitsReply?: boolean };
        return {
          id: row.id,
          direction: 'out' as const,
          body: p.text,
          status: row.status === 'failed' ? ('failed' as const) : ('pending' as const),
          error: row.lastError,
          template: p.template ?? null,
          author: p.author ?? null,
          orderId: p.orderId ?? null,
          createdAt: row.createdAt,
          statusAt: row.createdAt,
          media: null,
          note: p.awaitsReply && row.status === 'pending' ? `Partira dès qu’il répondra (${KEPT_REPLY_DAYS} jours au plus).` : null,
        };
      }),
    ],
    orders,
  };
}

/** The owner's reply: free text inside the window, the re-contact template outside (the text then waits in the note). */
export async function reply(db: Db, config: Config, input: { phone: string; text: string }, author: string) {
  const t = await thread(db, config, input.phone);
  if (!config.whatsapp) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: t.replyRule });
  if (t.stopped) throw new TRPCError({ code: 'CONFLICT', message: t.replyRule });
  await db.transaction().execute(async (tx) => {
    if (t.open) await enqueueWhatsApp(tx, { to: t.phone, text: input.text, author });
    else {
      const values = [firstName(t.name)];
      const template: WhatsAppTemplate = 'reprise_contact';
      await enqueueWhatsApp(tx, { to: t.phone, template, values, text: fillTemplate(template, values), author, notice: true });
      // The reply itself waits for the customer's answer (receive() makes it due), a week at most.
      if (input.text.trim())
        await enqueueWhatsApp(tx, { to: t.phone, text: input.text, author, awaitsReply: true }, KEPT_REPLY_DAYS * 24 * 60);
    }
    await tx
      .insertInto('whatsappContacts')
      .values({ phone: t.phone, lastMessageAt: sql<string>`now()` })
      .onConflict((oc) => oc.column('phone').doNothing())
      .execute();
  });
  return { sent: t.open ? 'text' : 'template' };
}

/** The messages of one order, for its timeline. */
export const orderMessages = (db: Db, orderId: string) =>
  db
    .selectFrom('whatsappMessages')
    .select(['id', 'body', 'status', 'error', 'template', 'createdAt', 'statusAt'])
    .where('orderId', '=', orderId)
    .orderBy('createdAt')
    .execute();

/** The templates to submit, their exact text and example, and what Meta says of each (or why it cannot be read). */
export async function templates(config: Config) {
  const read = config.whatsapp ? await templateStates(config.whatsapp) : { states: null, problem: 'WhatsApp n’est pas configuré.' };
  const status = new Map(read.states?.map((s) => [s.name, s.status]));
  return {
    configured: !!config.whatsapp,
    problem: read.problem,
    templates: (Object.keys(WHATSAPP_TEMPLATES) as WhatsAppTemplate[]).map((name) => ({
      name,
      ...WHATSAPP_TEMPLATES[name],
      status: status.get(name) ?? null,
    })),
  };
}

/**
 * Paramètres: whether WhatsApp is on, the webhook address to give Meta, the templates Meta has not
 * approved (or paused), and the latest failure of the last day as the Envois say it.
 */
export async function whatsappStatus(db: Db, config: Config) {
  if (!config.whatsapp) return { configured: false as const, webhookUrl: `${config.publicUrl}${WHATSAPP_WEBHOOK_PATH}` };
  const [read, failure] = await Promise.all([
    templates(config),
    db
      .selectFrom('outbox')
      .select(['lastError', 'updatedAt'])
      .where('channel', '=', 'whatsapp')
      .where('status', '=', 'failed')
      // A kept reply the customer never answered is no sending problem.
      .where(sql<boolean>`(payload->>'awaitsReply') IS NULL`)
      .where('updatedAt', '>', sql<string>`now() - interval '1 day'`)
      .orderBy('updatedAt', 'desc')
      .executeTakeFirst(),
  ]);
  const unusable = read.templates
    .filter((t) => t.status !== null && t.status !== 'APPROVED')
    .map((t) => ({ label: t.label, status: t.status! }));
  return {
    configured: true as const,
    webhookUrl: `${config.publicUrl}${WHATSAPP_WEBHOOK_PATH}`,
    problem: read.problem,
    unusable,
    lastFailure: failure ? { text: failure.lastError, at: failure.updatedAt } : null,
  };
}
