import { isEmail } from '../format/email';
import { phoneError } from '../format/phone';
import { defineResource } from './define-resource';
import { f } from './fields';
import { honeypot } from './honeypot';

export const contactMessages = defineResource({
  name: 'contactMessages',
  label: { singular: 'Message', plural: 'Messages' },
  titleField: 'subject',
  read: 'admin',
  fields: {
    name: f.text('Nom', { max: 100 }),
    contact: f.text('E-mail ou téléphone', { max: 254 }),
    subject: f.text('Sujet', { max: 200 }),
    message: f.longText('Message', { max: 5000 }),
    read: f.boolean('Lu', { default: false }),
  },
  list: {
    columns: ['name', 'contact', 'subject', 'read', 'createdAt'],
    search: ['name', 'contact', 'subject'],
    filters: ['read'],
    sortable: ['name', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  // A message is read, then answered by e-mail or WhatsApp: a read view, not a form.
  admin: { route: 'messages', icon: 'inbox', detail: 'messages' },
});

/** Said when a visitor leaves neither an e-mail nor a phone: the owner could never answer. */
export const UNANSWERABLE_CONTACT = 'Indiquez une adresse e-mail ou un numéro de téléphone valide, pour que nous puissions vous répondre.';

/** The public contact form: the read flag is the admin's; the contact must be one the owner can answer. */
export const contactMessageSchema = contactMessages.createSchema
  .omit({ read: true })
  .extend(honeypot)
  .superRefine((form, ctx) => {
    if (form.contact && !isEmail(form.contact) && phoneError(form.contact))
      ctx.addIssue({ code: 'custom', path: ['contact'], message: UNANSWERABLE_CONTACT });
  });
