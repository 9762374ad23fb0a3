import {
  fillTemplate,
  KEPT_REPLY_DAYS,
  REPLY_WINDOW_HOURS,
  type OutboxPayload,
  type StoredWhatsAppStatus,
  type WhatsAppTemplate,
} from '@app/shared';
import { parsePhone } from '@app/shared/phone';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { enqueueMail, enqueueWhatsApp, type MailEffect, type WhatsAppPayload } from '../platform/outbox';
import { type Deliver, DeliveryError } from '../platform/outbox-worker';
import { reveal, unseal } from '../platform/sealed';
import { GraphError, type Outgoing, sendMessage } from './cloud-api';

// WhatsApp messages sent, through the outbox like every side effect: written with the event that causes
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
export async function touchContact(db: Db, phone: string, text: string, inbound: { name: string; at: string } | null) {
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
export async function fallBack(db: Db, payload: WhatsAppPayload, reason: string) {
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
      // A sealed code goes out as itself; the conversation keeps the mark (recordSent below).
      const secret = p.sealed ? await unseal(db, p.sealed) : null;
      const sent = secret ? { ...p, text: reveal(p.text, secret), values: p.values?.map((v) => reveal(v, secret)) } : p;
      wamid = await sendMessage(config.whatsapp, p.to, outgoing(sent), row.id);
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
export async function recordSent(
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

/** Whether the 24 hours of this phone's last message are still running, as the database has it now. */
async function windowNowOpen(db: Db, phone: string) {
  const contact = await db.selectFrom('whatsappContacts').select('lastInboundAt').where('phone', '=', phone).executeTakeFirst();
  return windowOpen(contact?.lastInboundAt ?? null);
}

/** Whether the owner may still write freely to this phone (within 24 hours of its last message). */
export const windowOpen = (lastInboundAt: string | null, now = Date.now()) =>
  !!lastInboundAt && now - new Date(lastInboundAt).getTime() < REPLY_WINDOW_HOURS * 3_600_000;
