import { defineResource } from './define-resource';
import { f } from './fields';

/**
 * Those the shop buys from: how to reach them (a purchase order goes by WhatsApp or e-mail), and,
 * on each product, its usual supplier with the supplier's reference and the cost (products).
 */
export const suppliers = defineResource({
  name: 'suppliers',
  label: { singular: 'Fournisseur', plural: 'Fournisseurs' },
  titleField: 'name',
  read: 'admin',
  fields: {
    name: f.text('Nom', { max: 150 }),
    phone: f.phone('Téléphone', { optional: true }),
    whatsapp: f.phone('WhatsApp', { optional: true, help: 'Le numéro où lui envoyer les bons de commande, s’il diffère du téléphone.' }),
    email: f.email('E-mail', { optional: true }),
    notes: f.longText('Notes', { max: 2000, optional: true, help: 'Délais, conditions, interlocuteur…' }),
  },
  list: {
    columns: ['name', 'phone', 'email'],
    search: ['name', 'phone', 'email'],
    sortable: ['name', 'createdAt'],
    defaultSort: { field: 'name', order: 'asc' },
  },
  admin: { icon: 'shop' },
});
