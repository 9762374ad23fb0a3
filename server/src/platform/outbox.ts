import { type OutboxChannel, type OutboxPayload, WHATSAPP_TEMPLATES, type WhatsAppTemplate } from '@app/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { currentRequestId } from './request-context';
import { seal, SEALED_MARK } from './sealed';

// Side effects (mails, notifications) are rows written in the transaction of the write that causes
// them: committed together, or not at all. The worker (outbox-worker.ts) carries them out.

export interface MailEffect {
  to: string;
  subject: string;
  text: string;
  /** Where "Répondre" goes (the visitor who wrote, for the contact alert). */
  replyTo?: string | undefined;
  /** A letter's own HTML part and its one-click unsubscribe address (server/src/newsletter/letters.ts). */
  html?: string | undefined;
  listUnsubscribe?: string | undefined;
  /** Not before this many minutes (a letter's pace). */
  delayMinutes?: number | undefined;
  /** Worth nothing after this many minutes (a reset link): given up on rather than sent late. */
  expiresInMinutes?: number;
  /**
   * A link in the text that is a key (a password reset, an invitation, a confirmation): the outbox
   * keeps it sealed, and the staff reading the "Envois" see a mark in its place (platform/sealed.ts).
   */
  secret?: string;
  /** A PDF the shop makes, attached when the mail leaves (MailDocuments). */
  attach?: { document: MailDocument; id: string; filename: string };
}

/** The PDFs a mail may carry, made when it leaves: each renders one record, or null once it is gone. */
export type MailDocument = 'purchaseOrder';
export type MailDocuments = Record<MailDocument, (id: string) => Promise<Buffer | null>>;

export interface PushEffect {
  subscriptionId: string;
  /** The device, as the owner named it: shown in the "Envois". */
  device: string;
  title: string;
  body: string;
  /** The admin screen a tap opens. */
  path: string;
  /** Notifications with one tag replace each other on the device (one per order). */
  tag: string;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export async function enqueue(
  db: Kysely<Database>,
  channel: OutboxChannel,
  recipient: string,
  subject: string,
  payload: OutboxPayload,
  expiresInMinutes?: number,
  delayMinutes = 0,
) {
  await db
    .insertInto('outbox')
    .values({
      channel,
      recipient: clip(recipient, 320),
      subject: clip(subject, 500),
      payload: sql<OutboxPayload>`${JSON.stringify(payload)}::jsonb`,
      nextAttemptAt: delayMinutes ? sql<string>`now() + make_interval(mins => ${delayMinutes})` : sql<string>`now()`,
      expiresAt: expiresInMinutes ? sql<string>`now() + make_interval(mins => ${expiresInMinutes})` : null,
      requestId: currentRequestId(),
    })
    .execute();
}

/** `db`: the transaction of the write the mail tells of. */
export const enqueueMail = async (db: Kysely<Database>, mail: MailEffect) => {
  const { expiresInMinutes, delayMinutes, secret, ...message } = mail;
  if (secret) {
    const masked = (text: string | undefined) => text?.split(secret).join(SEALED_MARK);
    Object.assign(message, { text: masked(message.text), html: masked(message.html), sealed: await seal(db, secret) });
  }
  const payload = Object.fromEntries(Object.entries(message).filter(([, value]) => value !== undefined)) as OutboxPayload;
  return enqueue(db, 'mail', mail.to, mail.subject, payload, expiresInMinutes, delayMinutes);
};

export const enqueuePush = (db: Kysely<Database>, push: PushEffect) =>
  enqueue(db, 'push', push.device, push.title, {
    subscriptionId: push.subscriptionId,
    title: push.title,
    body: push.body,
    path: push.path,
    tag: push.tag,
  });

export type WhatsAppPayload = {
  to: string;
  template?: WhatsAppTemplate;
  values?: string[];
  text: string;
  document?: { link: string; filename: string };
  orderId?: string;
  author?: string;
  fallbackMail?: { to: string; subject: string; text: string };
  /** The shop's answer to STOP or START: it goes even to a phone that just stopped the messages. */
  notice?: boolean;
  /**
   * The owner's reply written outside the 24 hours: kept, due once the customer answers the
   * re-contact template (receive() in whatsapp/messages.ts), dropped after KEPT_REPLY_DAYS.
   */
  awaitsReply?: boolean;
  dispatchedAt?: string;
  /** The sealed secret the text and values hold the mark of (platform/sealed.ts). */
  sealed?: string;
};

/**
 * `db`: the transaction of the event the message tells of. `secret`: a code the message carries,
 * sealed like a mail's link (never readable in the "Envois" nor the conversation); `expiresInMinutes`:
 * given up on rather than sent later.
 */
export async function enqueueWhatsApp(
  db: Kysely<Database>,
  payload: WhatsAppPayload,
  delayMinutes = 0,
  { secret, expiresInMinutes }: { secret?: string; expiresInMinutes?: number } = {},
) {
  const label = payload.template ? WHATSAPP_TEMPLATES[payload.template].label : payload.document ? 'Document' : 'Réponse';
  const masked = (text: string) => (secret ? text.split(secret).join(SEALED_MARK) : text);
  const sealedPayload = secret
    ? { ...payload, text: masked(payload.text), values: payload.values?.map(masked), sealed: await seal(db, secret) }
    : payload;
  const clean = Object.fromEntries(Object.entries(sealedPayload).filter(([, v]) => v !== undefined)) as OutboxPayload;
  await enqueue(
    db,
    'whatsapp',
    payload.to,
    `WhatsApp · ${label}${sealedPayload.text ? ` · ${sealedPayload.text.slice(0, 80)}` : ''}`,
    clean,
    expiresInMinutes,
    delayMinutes,
  );
}

/**
 * "Réessayer": the rows that wait or failed become due now, with a fresh count of attempts. One row
 * by id (the "Envois" screen) or the row carrying an invoice (the order's invoice card).
 */
export async function retryOutbox(db: Kysely<Database>, match: { id: string } | { invoiceId: string }) {
  const rows = await db
    .updateTable('outbox')
    .set({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: sql<string>`now()`,
      lockedUntil: null,
      lastError: null,
      updatedAt: sql<string>`now()`,
      // The owner's choice: a WhatsApp message whose sending was uncertain goes again.
      payload: sql<OutboxPayload>`payload - 'dispatchedAt'`,
    })
    .where('status', 'in', ['pending', 'failed'])
    .where((eb) =>
      'id' in match
        ? eb('id', '=', match.id)
        : eb.and([eb('channel', '=', 'invoice'), sql<boolean>`payload->>'invoiceId' = ${match.invoiceId}`]),
    )
    .returning('id')
    .execute();
  return rows.length;
}
