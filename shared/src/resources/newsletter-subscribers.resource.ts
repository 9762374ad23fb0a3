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
  },
  list: {
    columns: ['email', 'createdAt'],
    search: ['email'],
    sortable: ['email', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  admin: { route: 'newsletter', menuLabel: 'Newsletter', icon: 'mail' },
});

/** The footer form. */
export const subscribeSchema = newsletterSubscribers.createSchema.extend(honeypot);
