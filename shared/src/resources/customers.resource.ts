import { defineResource } from './define-resource';
import { f } from './fields';
import { MANAGERS, SELLERS } from '../team/roles';

/**
 * The "Clients": who buys, grouped by phone number (E.164), as the orders tell it. Customers have no
 * account (checkout is by phone), so nobody writes this table: the database keeps it in step with
 * the orders, in the transaction of each order written (refresh_customers, in
 * migrations/202611290101_order_summaries.ts), which keeps the list fast with 200,000 orders.
 * - the name, e-mail, city and consent are those of the latest order; `names` holds every name used;
 * - `ordersCount` leaves out cancelled orders; `totalSpent` counts orders delivered or paid (not
 *   refunded, not cancelled);
 * - `marketingConsent`: the box "offres par WhatsApp" ticked on the latest order, unless the customer
 *   asked the owner for no more offers after it (`contactWithdrawnAt`, set by customers.stopOffers).
 */
export const customers = defineResource({
  name: 'customers',
  label: { singular: 'Client', plural: 'Clients' },
  titleField: 'name',
  read: 'admin',
  team: { read: SELLERS, write: MANAGERS },
  fields: {
    name: f.text('Nom', { max: 100, readOnly: true }),
    phone: f.phone('Téléphone', { readOnly: true }),
    names: f.text('Noms utilisés', { max: 1000, readOnly: true }),
    email: f.email('E-mail', { optional: true, readOnly: true }),
    city: f.text('Ville', { max: 100, optional: true, readOnly: true }),
    ordersCount: f.integer('Commandes', { readOnly: true }),
    totalSpent: f.money('Total dépensé', { readOnly: true }),
    firstOrderAt: f.datetime('Première commande', { readOnly: true }),
    lastOrderAt: f.datetime('Dernière commande', { readOnly: true }),
    marketingConsent: f.boolean('Accepte les offres WhatsApp', { readOnly: true }),
    contactWithdrawnAt: f.datetime('Ne veut plus d’offres depuis le', { optional: true, readOnly: true }),
    /** The customer switched the WhatsApp offers on in Mon espace: the latest choice wins (an order's box, this, or a withdrawal). */
    offersOptInAt: f.datetime('Offres acceptées dans Mon espace le', { optional: true, readOnly: true }),
    /** Their own space (« Mon espace », server/src/customers/space.ts): the last time they signed in with a code. */
    lastSignInAt: f.datetime('Dernière connexion à Mon espace', { optional: true, readOnly: true }),
    /** The customer asked from Mon espace that their data be erased: done once no order of theirs is on its way (customers/privacy.ts). */
    erasureRequestedAt: f.datetime('Effacement demandé le', { optional: true, readOnly: true }),
  },
  list: {
    columns: ['name', 'phone', 'ordersCount', 'totalSpent', 'lastOrderAt', 'city'],
    search: ['phone', 'names'],
    filters: ['marketingConsent'],
    sortable: ['name', 'ordersCount', 'totalSpent', 'firstOrderAt', 'lastOrderAt'],
    defaultSort: { field: 'lastOrderAt', order: 'desc' },
  },
  admin: { route: 'clients', icon: 'team', detail: 'clients' },
  operations: { create: false, update: false, delete: false },
});
