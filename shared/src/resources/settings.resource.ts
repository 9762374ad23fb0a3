import { defineResource } from './define-resource';
import { f } from './fields';

/** One row: the business details the storefront shows. */
export const settings = defineResource({
  name: 'settings',
  label: { singular: 'Paramètres', plural: 'Paramètres' },
  titleField: 'businessName',
  read: 'public',
  fields: {
    businessName: f.text("Nom de l'entreprise", { max: 100 }),
    tagline: f.text('Slogan', { max: 300 }),
    phone: f.phone('Téléphone'),
    whatsapp: f.phone('Numéro WhatsApp'),
    email: f.email('E-mail du support'),
    // Private: never in the public settings answer.
    notificationEmail: f.email('E-mail des alertes (commandes, demandes, messages)', { optional: true, adminOnly: true }),
    address: f.longText('Adresse postale', { max: 300 }),
    facebook: f.url('Facebook', { optional: true }),
    instagram: f.url('Instagram', { optional: true }),
    linkedin: f.url('LinkedIn', { optional: true }),
    youtube: f.url('YouTube', { optional: true }),
    tiktok: f.url('TikTok', { optional: true }),
  },
  list: {
    columns: ['businessName', 'phone', 'email'],
    search: ['businessName'],
    sortable: ['updatedAt'],
    defaultSort: { field: 'updatedAt', order: 'desc' },
  },
  admin: { icon: 'setting' },
  singleton: true,
  operations: { create: false, delete: false },
});
