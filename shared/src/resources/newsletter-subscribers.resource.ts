import { z } from 'zod';
import { defineResource } from './define-resource';
import { f } from './fields';
import { honeypot } from './honeypot';

export const newsletterSubscribers = defineResource({
  name: 'newsletterSubscribers',
  label: { singular: 'Abonné', plural: 'Abonnés à la newsletter' },
  titleField: 'email',
  read: 'admin',
  fields: {
    email: f.email('E-mail', { unique: 'Cette adresse e-mail est déjà enregistrée.' }),
    // Double opt-in: a subscription counts once its owner confirmed it from the mail it received.
    confirmedAt: f.datetime('Confirmé le', { optional: true, readOnly: true }),
    unsubscribedAt: f.datetime('Désinscrit le', { optional: true, readOnly: true }),
  },
  list: {
    columns: ['email', 'createdAt', 'confirmedAt', 'unsubscribedAt'],
    search: ['email'],
    sortable: ['email', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  admin: { route: 'newsletter', menuLabel: 'Newsletter', icon: 'mail' },
});

/** The footer form. */
export const subscribeSchema = newsletterSubscribers.createSchema.extend(honeypot);

/** The links of a subscription's mails (confirm, unsubscribe): its id and a token only the shop can make. */
export const subscriptionLinkSchema = z.strictObject({
  id: z.uuid('Lien invalide.'),
  token: z.string('Lien invalide.').regex(/^[A-Za-z0-9_-]{20,64}$/, 'Lien invalide.'),
});
