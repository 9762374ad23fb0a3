import { z } from 'zod';
import { defineResource } from './define-resource';
import { f } from './fields';
import { countScopes, countStatuses, productCategories } from './labels';
import { MANAGERS, SELLERS } from '../team/roles';

/** An article's count so far, all phones added together, and when it was last counted. */
export const countedSchema = z.object({ product: z.string(), name: z.string(), quantity: z.number().int(), at: z.string() });
export type Counted = z.infer<typeof countedSchema>;

/**
 * A stock count (« Inventaires »): the shelves of the whole catalogue, a category or a supplier's
 * products, counted by scanning from several phones at once (their counts add up), its differences
 * shown, then applied as movements of the ledger. What sold while the count went on is kept: each
 * difference is taken against the stock the article had when it was counted
 * (server/src/inventory/counts.ts).
 */
export const stockCounts = defineResource({
  name: 'stockCounts',
  label: { singular: 'Inventaire', plural: 'Inventaires' },
  titleField: 'name',
  read: 'admin',
  // Those who sell count the shelves; the managers start, apply or cancel a count.
  team: { read: SELLERS, write: MANAGERS },
  fields: {
    name: f.text('Nom', { max: 100, help: 'Par exemple : Inventaire de fin d’année, Rayon accessoires…' }),
    scope: f.enum('Articles comptés', countScopes, { default: 'all' }),
    category: f.enum('Catégorie', productCategories, { optional: true, help: 'Pour « Une catégorie ».' }),
    supplier: f.reference('Fournisseur', 'suppliers', { optional: true, help: 'Pour « Les articles d’un fournisseur ».' }),
    status: f.enum('Statut', countStatuses, { default: 'open', readOnly: true }),
    counted: f.json('Comptés', z.array(countedSchema), { readOnly: true, default: [] as Counted[] }),
    /** The keys of the batches received (a batch a phone sends twice counts once). */
    batches: f.json('Envois reçus', z.array(z.string()), { readOnly: true, default: [] as string[] }),
    appliedAt: f.datetime('Appliqué le', { optional: true, readOnly: true }),
    appliedBy: f.text('Appliqué par', { max: 320, optional: true, readOnly: true }),
  },
  list: {
    columns: ['name', 'scope', 'status', 'createdAt'],
    search: ['name'],
    filters: ['status'],
    sortable: ['createdAt', 'name'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  admin: { route: 'inventaires', menuLabel: 'Inventaires', icon: 'stock', detail: 'inventaires' },
  operations: { update: false, delete: false },
  checks: [
    {
      fields: ['category', 'scope'],
      message: 'Choisissez la catégorie à compter.',
      valid: (r) => r.scope !== 'category' || (r.category !== null && r.category !== undefined),
    },
    {
      fields: ['supplier', 'scope'],
      message: 'Choisissez le fournisseur dont compter les articles.',
      valid: (r) => r.scope !== 'supplier' || (r.supplier !== null && r.supplier !== undefined && r.supplier !== ''),
    },
  ],
});
