import { z } from 'zod';
import { defineResource } from './define-resource';
import { f } from './fields';
import { purchaseStatuses } from './labels';

/** One article of a purchase order: what was ordered at which cost, and what has arrived so far. */
export const purchaseLineSchema = z.object({
  product: z.string(),
  name: z.string(),
  /** The supplier's reference, as the order shows it to them. */
  supplierReference: z.string().nullable(),
  ordered: z.number().int(),
  received: z.number().int(),
  /** The unit cost agreed (null: not known yet; the product's cost is then left as it is). */
  cost: z.number().nullable(),
});
export type PurchaseLine = z.infer<typeof purchaseLineSchema>;

/** A delivery received against the order: when, by whom, what; its key makes a second sending of it harmless. */
export const purchaseReceiptSchema = z.object({
  key: z.string(),
  at: z.string(),
  by: z.string(),
  items: z.array(z.object({ product: z.string(), quantity: z.number().int() })),
});
export type PurchaseReceipt = z.infer<typeof purchaseReceiptSchema>;

/**
 * A purchase order to a supplier (« Achats »): drafted (by hand, or suggested from low stock), sent
 * by WhatsApp or e-mail, then received in one go or in parts by scanning what arrived. What is
 * received enters the stock ledger and the products' average cost (server/src/inventory/purchases.ts).
 */
export const purchaseOrders = defineResource({
  name: 'purchaseOrders',
  label: { singular: 'Bon de commande', plural: 'Achats' },
  titleField: 'number',
  read: 'admin',
  fields: {
    number: f.text('Numéro', { readOnly: true }),
    supplier: f.reference('Fournisseur', 'suppliers'),
    status: f.enum('Statut', purchaseStatuses, { default: 'draft', readOnly: true }),
    lines: f.json('Articles', z.array(purchaseLineSchema), { readOnly: true, default: [] as PurchaseLine[] }),
    total: f.money('Total au coût', { readOnly: true, default: 0 }),
    note: f.longText('Note pour le fournisseur', { max: 1000, optional: true }),
    receipts: f.json('Réceptions', z.array(purchaseReceiptSchema), { readOnly: true, default: [] as PurchaseReceipt[] }),
    sentAt: f.datetime('Envoyée le', { optional: true, readOnly: true }),
    receivedAt: f.datetime('Reçue le', { optional: true, readOnly: true }),
  },
  list: {
    columns: ['number', 'supplier', 'status', 'total', 'createdAt'],
    search: ['number'],
    filters: ['status', 'supplier'],
    sortable: ['createdAt'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  admin: { route: 'achats', menuLabel: 'Achats', icon: 'inbox', detail: 'achats' },
  operations: { update: false, delete: false },
});
