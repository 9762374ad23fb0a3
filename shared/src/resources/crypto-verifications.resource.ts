import { defineResource } from './define-resource';
import { f } from './fields';
import { cryptoTypes, verificationStatuses, verificationTypes } from './labels';
import { honeypot } from './honeypot';

export const cryptoVerifications = defineResource({
  name: 'cryptoVerifications',
  label: { singular: 'Demande', plural: 'Demandes de vérification', feminine: true },
  titleField: 'name',
  read: 'admin',
  fields: {
    name: f.text('Nom', { max: 100 }),
    email: f.email('E-mail'),
    phone: f.phone('Téléphone'),
    cryptoType: f.enum('Type de crypto', cryptoTypes, { default: 'bitcoin' }),
    walletAddress: f.text('Adresse du portefeuille', { max: 200 }),
    verificationType: f.enum('Type de vérification', verificationTypes, { default: 'basic' }),
    status: f.enum('Statut', verificationStatuses, { default: 'pending' }),
    notes: f.longText('Notes', { optional: true }),
  },
  list: {
    columns: ['name', 'email', 'phone', 'cryptoType', 'status', 'createdAt'],
    search: ['name', 'email', 'phone'],
    filters: ['status'],
    sortable: ['name', 'status', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  admin: { route: 'verification', menuLabel: 'Comptes vérifiés', icon: 'safety', detail: 'verifications' },
});

/** What the public form may send: status and notes are the admin's. */
export const verificationRequestSchema = cryptoVerifications.createSchema.omit({ status: true, notes: true }).extend(honeypot);
