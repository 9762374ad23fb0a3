import { defineResource } from './define-resource';
import { f } from './fields';
import { stockMovementKinds, stockReasons } from './labels';

/** Bounds of one movement and of the stock after it: those of a product's stock, either way. */
const QUANTITY = { min: -1_000_000_000, max: 1_000_000_000 };

/**
 * The stock ledger: every change of a product's stock, written by the server in the transaction of
 * its cause (an order, a sale, a cancellation, a correction), never changed or deleted. A tracked
 * product's stock is the sum of its movements (tests/api/stock-ledger.test.ts checks it); a
 * movement outlives its product, under the name it had.
 */
export const stockMovements = defineResource({
  name: 'stockMovements',
  label: { singular: 'Mouvement de stock', plural: 'Mouvements de stock' },
  titleField: 'productName',
  read: 'admin',
  fields: {
    product: f.reference('Produit', 'products', { optional: true, readOnly: true, detachOnDelete: true }),
    productName: f.text('Article', { max: 150, readOnly: true }),
    kind: f.enum('Mouvement', stockMovementKinds, { readOnly: true }),
    quantity: f.integer('Quantité', { ...QUANTITY, readOnly: true }),
    stockAfter: f.integer('Stock après', { ...QUANTITY, optional: true, readOnly: true }),
    orderNumber: f.text('Commande', { max: 40, optional: true, readOnly: true }),
    actor: f.text('Par', { max: 320, readOnly: true }),
    reason: f.enum('Motif', stockReasons, { optional: true, readOnly: true }),
    note: f.text('Note', { max: 300, optional: true, readOnly: true }),
  },
  list: {
    columns: ['createdAt', 'productName', 'kind', 'quantity', 'stockAfter', 'actor', 'orderNumber'],
    search: ['productName', 'orderNumber'],
    filters: ['product', 'kind', 'reason'],
    sortable: ['createdAt'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  admin: { route: 'stock', icon: 'stock', menuLabel: 'Mouvements de stock' },
  operations: { create: false, update: false, delete: false },
});
