import { z } from 'zod';
import { defineResource } from './define-resource';
import { f } from './fields';
import { itemTypes, refundMethods, returnItemStates, returnReasons } from './labels';
import { SELLERS } from '../team/roles';

/** A line brought back: the article (as the order names it), how many, what it is refunded, and what becomes of it. */
export const returnLineSchema = z.object({
  id: z.string(),
  type: z.enum(Object.keys(itemTypes) as [keyof typeof itemTypes]),
  name: z.string(),
  unitPrice: z.number(),
  quantity: z.number().int(),
  /** What these units are refunded: their price less their share of the order's promo discount. */
  refund: z.number(),
  state: z.enum(Object.keys(returnItemStates) as [keyof typeof returnItemStates]),
});
export type ReturnLine = z.infer<typeof returnLineSchema>;

/**
 * Articles a customer brought back from an order or a counter sale, and how they were paid back
 * (server/src/orders/returns.ts): made in one transaction with the stock put back, the drawer's
 * refund, the customer's credit and the credit note (facture d'avoir) of exactly these lines. Never
 * edited nor deleted: a return is a record, like the sale it reverses.
 */
export const returns = defineResource({
  name: 'returns',
  label: { singular: 'Retour', plural: 'Retours' },
  titleField: 'number',
  read: 'admin',
  team: { read: SELLERS, write: SELLERS },
  fields: {
    number: f.text('Numéro', { max: 40, readOnly: true }),
    sale: f.reference('Commande', 'orders', { readOnly: true }),
    lines: f.json('Articles rendus', z.array(returnLineSchema), { readOnly: true }),
    reason: f.enum('Motif', returnReasons, { readOnly: true }),
    note: f.longText('Note', { max: 1000, optional: true, readOnly: true }),
    refundMethod: f.enum('Remboursement', refundMethods, { readOnly: true }),
    amount: f.money('Montant remboursé', { readOnly: true }),
    deliveryRefund: f.money('Dont livraison', { readOnly: true, default: 0 }),
    reference: f.text('Référence du transfert', { max: 100, optional: true, readOnly: true }),
    phone: f.phone('Téléphone du client', { optional: true, readOnly: true }),
    cashSession: f.reference('Journée de caisse', 'cashSessions', { optional: true, readOnly: true }),
    actor: f.text('Fait par', { max: 320, readOnly: true }),
    idempotencyKey: f.text('Clé de requête', { readOnly: true, adminOnly: true }),
  },
  list: {
    columns: ['number', 'sale', 'amount', 'refundMethod', 'reason', 'actor', 'createdAt'],
    search: ['number', 'note', 'reference'],
    filters: ['refundMethod', 'reason', 'sale', 'cashSession'],
    sortable: ['createdAt', 'amount'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  admin: { icon: 'rollback' },
  operations: { create: false, update: false, delete: false },
});

/**
 * What `quantity` units of an order's article give back: their share of what its lines were paid
 * (`paid`, promo discount off, for `sold` units), in whole francs. The server's and the dialog's rule.
 */
export const refundOf = (line: { paid: number; sold: number }, quantity: number) => Math.round((line.paid * quantity) / line.sold);

/** A return as the order's screen sends it: the lines and quantities brought back, why, and how it is paid back. */
export const returnInputSchema = z.strictObject({
  orderId: z.uuid('Identifiant invalide.'),
  lines: z
    .array(
      z.strictObject({
        id: z.string().max(100),
        type: z.enum(Object.keys(itemTypes) as [keyof typeof itemTypes]),
        quantity: z.number('Quantité attendue.').int('Quantité entière attendue.').min(0).max(100_000),
        state: z.enum(Object.keys(returnItemStates) as [keyof typeof returnItemStates], 'Dites ce que devient l’article.'),
      }),
    )
    .max(200),
  reason: z.enum(Object.keys(returnReasons) as [keyof typeof returnReasons], 'Choisissez un motif.'),
  note: z.string().trim().max(1000, '1 000 caractères au maximum.').optional(),
  refundMethod: z.enum(Object.keys(refundMethods) as [keyof typeof refundMethods], 'Choisissez comment rembourser.'),
  reference: z.string().trim().max(100, '100 caractères au maximum.').optional(),
  refundDelivery: z.boolean().default(false),
  /** The customer's request this return answers (return-requests.resource.ts): it is closed with it. */
  requestId: z.uuid('Identifiant invalide.').optional(),
  idempotencyKey: z.string().min(8).max(100),
});
export type ReturnInput = z.input<typeof returnInputSchema>;
