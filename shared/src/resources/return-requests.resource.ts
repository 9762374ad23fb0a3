import { z } from 'zod';
import { defineResource } from './define-resource';
import { f } from './fields';
import { honeypot } from './honeypot';
import { itemTypes, returnReasons, returnRequestStatuses } from './labels';
import { SELLERS } from '../team/roles';

/** A line a customer asks to bring back: the article as the order names it, and how many. */
export const requestedLineSchema = z.object({
  id: z.string(),
  type: z.enum(Object.keys(itemTypes) as [keyof typeof itemTypes]),
  name: z.string(),
  quantity: z.number().int(),
});
export type RequestedLine = z.infer<typeof requestedLineSchema>;

/**
 * A return a customer asked from the tracking page, within the days the owner allows (Paramètres,
 * « Délai de retour en ligne »), with a reason and a photo (server/src/orders/return-requests.ts).
 * The owner accepts or refuses it from the order's screen, the customer hears of it by WhatsApp or
 * e-mail, and the return made once the articles are back closes it. A record: never edited here.
 */
export const returnRequests = defineResource({
  name: 'returnRequests',
  label: { singular: 'Demande de retour', plural: 'Demandes de retour' },
  titleField: 'number',
  read: 'admin',
  team: { read: SELLERS, write: SELLERS },
  fields: {
    number: f.text('Commande n°', { max: 40, readOnly: true }),
    sale: f.reference('Commande', 'orders', { readOnly: true }),
    lines: f.json('Articles à retourner', z.array(requestedLineSchema), { readOnly: true }),
    reason: f.enum('Motif', returnReasons, { readOnly: true }),
    note: f.longText('Message du client', { max: 1000, optional: true, readOnly: true }),
    photo: f.text('Photo', { max: 64, optional: true, readOnly: true, ownScreen: true }),
    status: f.enum('État', returnRequestStatuses, { readOnly: true, default: 'pending' }),
    answer: f.longText('Réponse au client', { max: 1000, optional: true, readOnly: true }),
    decidedBy: f.text('Traitée par', { max: 320, optional: true, readOnly: true }),
    returnRef: f.reference('Retour', 'returns', { optional: true, readOnly: true }),
  },
  list: {
    columns: ['number', 'status', 'reason', 'createdAt'],
    search: ['number', 'note'],
    filters: ['status', 'reason', 'sale'],
    sortable: ['createdAt'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  admin: { icon: 'exception' },
  operations: { create: false, update: false, delete: false },
});

/**
 * The tracking page's form (sent as multipart with its photo: server/src/http/media-route.ts): the
 * lines and quantities, why, a message. The order is the tracking link's.
 */
export const returnRequestInputSchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        id: z.string().max(100),
        type: z.enum(Object.keys(itemTypes) as [keyof typeof itemTypes]),
        quantity: z.number('Quantité attendue.').int('Quantité entière attendue.').min(0).max(10_000),
      }),
      'Choisissez les articles à retourner.',
    )
    .max(200),
  reason: z.enum(Object.keys(returnReasons) as [keyof typeof returnReasons], 'Choisissez un motif.'),
  note: z.string().trim().max(1000, '1 000 caractères au maximum.').optional(),
  ...honeypot,
});
export type ReturnRequestInput = z.input<typeof returnRequestInputSchema>;

/** The owner's answer: accepted (the customer brings the articles back) or refused, with what the customer is told. */
export const returnDecisionSchema = z
  .strictObject({
    id: z.uuid('Identifiant invalide.'),
    accept: z.boolean(),
    answer: z.string().trim().max(1000, '1 000 caractères au maximum.').optional(),
  })
  .superRefine((input, ctx) => {
    if (!input.accept && (input.answer ?? '').length < 3)
      ctx.addIssue({ code: 'custom', path: ['answer'], message: 'Dites au client pourquoi le retour est refusé.' });
  });
