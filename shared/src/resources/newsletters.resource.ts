import { defineResource } from './define-resource';
import { f } from './fields';

/**
 * The owner's letters to the newsletter's confirmed subscribers: written here (rich text, a product
 * and a training to feature), previewed, tried on herself, then sent through the outbox at a pace
 * the mail server accepts (server/src/newsletter/letters.ts). A letter sent is not changed.
 */
export const newsletters = defineResource({
  name: 'newsletters',
  label: { singular: 'Lettre', plural: 'Lettres d’information', feminine: true },
  titleField: 'subject',
  read: 'admin',
  fields: {
    subject: f.text('Objet', { max: 150 }),
    body: f.html('Texte de la lettre'),
    featuredProduct: f.reference('Produit à la une', 'products', { optional: true }),
    featuredCourse: f.reference('Formation à la une', 'cryptoCourses', { optional: true }),
    sentAt: f.datetime('Envoyée le', { optional: true, readOnly: true }),
    recipients: f.integer('Destinataires', { optional: true, readOnly: true, min: 0 }),
  },
  list: {
    columns: ['subject', 'sentAt', 'recipients', 'createdAt'],
    search: ['subject'],
    sortable: ['createdAt', 'sentAt'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  admin: { route: 'lettres', menuLabel: 'Lettres', icon: 'send', detail: 'lettres' },
  checks: [
    {
      // Any of its fields changed, once `sentAt` is set (read with them).
      fields: ['subject', 'body', 'featuredProduct', 'featuredCourse', 'sentAt'],
      message: 'Cette lettre est partie : elle ne se modifie plus. Dupliquez son texte dans une nouvelle lettre.',
      valid: (letter) => !letter.sentAt,
    },
  ],
});
