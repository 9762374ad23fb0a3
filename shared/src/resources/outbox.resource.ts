import { z } from 'zod';
import { defineResource } from './define-resource';
import { f } from './fields';

/**
 * The outbox's channels, registered here only: each one's label and the payload its rows carry. The
 * database allows exactly these (its CHECK follows the declaration at start: server/src/db/rules.ts),
 * and the worker needs a delivery for each (server/src/http/app.ts; the compiler asks for it).
 */
export const OUTBOX_CHANNELS = {
  mail: {
    label: 'E-mail',
    payload: z.object({
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      replyTo: z.string().optional(),
      /** Its own HTML part (a letter); otherwise made from the text. */
      html: z.string().optional(),
      /** A letter's one-click unsubscribe address (List-Unsubscribe, RFC 8058), and the letter it belongs to. */
      listUnsubscribe: z.string().optional(),
      newsletterId: z.string().optional(),
      /** The link the text masks, encrypted: only the delivery reads it (server/src/platform/sealed.ts). */
      sealed: z.string().optional(),
      /** A PDF the shop makes, attached as it stands when the mail leaves (a purchase order to its supplier). */
      attach: z.object({ document: z.enum(['purchaseOrder']), id: z.string(), filename: z.string() }).optional(),
    }),
  },
  // A letter to one subscriber, composed when it leaves (server/src/newsletter/letters.ts): queued
  // by the thousand without a word of it written 50,000 times.
  letter: { label: 'Lettre d’information', payload: z.object({ newsletterId: z.string(), subscriberId: z.string() }) },
  push: {
    label: 'Notification',
    payload: z.object({ subscriptionId: z.string(), title: z.string(), body: z.string(), path: z.string(), tag: z.string() }),
  },
  // A WhatsApp message (a template, a reply, a document) to one phone (server/src/whatsapp), and
  // the e-mail that goes instead when Meta refuses the template.
  whatsapp: {
    label: 'WhatsApp',
    payload: z.object({
      to: z.string(),
      template: z.string().optional(),
      values: z.array(z.string()).optional(),
      text: z.string(),
      document: z.object({ link: z.string(), filename: z.string() }).optional(),
      orderId: z.string().optional(),
      author: z.string().optional(),
      fallbackMail: z.object({ to: z.string(), subject: z.string(), text: z.string() }).optional(),
      /** The owner's reply written outside the 24 hours, kept until the customer answers. */
      awaitsReply: z.boolean().optional(),
      /** Set just before the call to Meta: a row found with it was perhaps sent, and is never sent again blindly. */
      dispatchedAt: z.string().optional(),
    }),
  },
  // What Meta posted to the webhook (messages received, delivery statuses), by its digest.
  whatsappEvent: { label: 'WhatsApp reçu', payload: z.object({ digest: z.string() }) },
  // A file a customer sent (a photo, a voice message, a PDF), fetched from Meta by its id.
  whatsappMedia: {
    label: 'Fichier WhatsApp reçu',
    payload: z.object({
      messageId: z.string(),
      mediaId: z.string(),
      kind: z.enum(['image', 'audio', 'document']),
      filename: z.string().optional(),
    }),
  },
  // A normalized invoice to obtain from the DGI (server/src/invoicing).
  invoice: { label: 'Facture normalisée', payload: z.object({ invoiceId: z.string() }) },
} as const;
export type OutboxChannel = keyof typeof OUTBOX_CHANNELS;
export const outboxChannels = Object.fromEntries(Object.entries(OUTBOX_CHANNELS).map(([key, c]) => [key, c.label])) as {
  [K in OutboxChannel]: (typeof OUTBOX_CHANNELS)[K]['label'];
};
export const outboxStatuses = { pending: 'En attente', sent: 'Envoyé', failed: 'Échec', cancelled: 'Abandonné' } as const;
export type OutboxStatus = keyof typeof outboxStatuses;

type Payloads = (typeof OUTBOX_CHANNELS)[OutboxChannel]['payload'];
/** What a side effect carries out, written with the write that causes it (server/src/platform/outbox.ts). */
export const outboxPayload = z.union(Object.values(OUTBOX_CHANNELS).map((c) => c.payload) as unknown as [Payloads, ...Payloads[]]);
export type OutboxPayload = z.infer<Payloads>;

/**
 * The "Envois": every mail and notification the shop sends, while it waits, once sent or given
 * up on. Written only by the server; the owner reads it, retries a message or deletes it.
 */
export const outbox = defineResource({
  name: 'outbox',
  label: { singular: 'Envoi', plural: 'Envois' },
  titleField: 'subject',
  read: 'admin',
  fields: {
    channel: f.enum('Canal', outboxChannels, { readOnly: true }),
    recipient: f.text('Destinataire', { max: 320, readOnly: true }),
    subject: f.text('Objet', { max: 500, readOnly: true }),
    status: f.enum('État', outboxStatuses, { readOnly: true, default: 'pending' }),
    attempts: f.integer('Tentatives', { min: 0, readOnly: true, default: 0 }),
    lastError: f.longText('Dernière erreur', { max: 1000, optional: true, readOnly: true }),
    nextAttemptAt: f.datetime('Prochain essai', { readOnly: true }),
    sentAt: f.datetime('Envoyé le', { optional: true, readOnly: true }),
    /** A message worth nothing after this (a reset link): given up on rather than sent late. */
    expiresAt: f.datetime('Sans objet après', { optional: true, readOnly: true }),
    /** While a worker carries it out; another may take it over after this. */
    lockedUntil: f.datetime('Réservé jusqu’à', { optional: true, readOnly: true }),
    payload: f.json('Contenu', outboxPayload, { readOnly: true }),
    /** The request that wrote it (its id is on the server's log lines, and on the worker's for it). */
    requestId: f.text('Requête d’origine', { max: 64, optional: true, readOnly: true }),
  },
  list: {
    columns: ['createdAt', 'subject', 'recipient', 'status', 'lastError'],
    search: ['recipient', 'subject'],
    filters: ['status', 'channel'],
    sortable: ['createdAt', 'status'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  operations: { create: false, update: false },
  admin: { route: 'envois', icon: 'send' },
});
