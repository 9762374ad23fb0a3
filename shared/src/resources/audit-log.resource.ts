import { z } from 'zod';
import { ROLE_LABELS, OWNER_ONLY } from '../team/roles';
import { defineResource } from './define-resource';
import { f } from './fields';

/** A record's fields as they were before a write, or became after it (only those it changed). */
export const auditValues = z.record(z.string(), z.unknown());

/**
 * The journal d'audit: every write made from the admin (who, with which role, from which device,
 * what, the fields before and after), and every sign-in, failed or not. Written only by the server
 * (server/src/platform/audit.ts), never changed; the owner alone reads it. Kept a year, or as Paramètres say (jobs/housekeeping.ts).
 */
export const auditLog = defineResource({
  name: 'auditLog',
  label: { singular: 'Entrée du journal', plural: 'Journal d’audit', feminine: true },
  titleField: 'action',
  read: 'admin',
  team: { read: OWNER_ONLY, write: OWNER_ONLY },
  fields: {
    actor: f.text('Par', { max: 320, readOnly: true }),
    role: f.enum('Rôle', ROLE_LABELS, { optional: true, readOnly: true }),
    action: f.text('Action', { max: 200, readOnly: true }),
    record: f.text('Élément', { max: 300, optional: true, readOnly: true }),
    changes: f.longText('Changements', { max: 4000, optional: true, readOnly: true }),
    before: f.json('Avant', auditValues, { optional: true, readOnly: true }),
    after: f.json('Après', auditValues, { optional: true, readOnly: true }),
    device: f.text('Appareil', { max: 300, optional: true, readOnly: true }),
    ip: f.text('Adresse IP', { max: 64, optional: true, readOnly: true }),
  },
  list: {
    columns: ['createdAt', 'actor', 'action', 'record', 'changes'],
    search: ['actor', 'action', 'record', 'changes'],
    filters: ['role', 'actor'],
    sortable: ['createdAt'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  admin: { route: 'journal', icon: 'audit', menuLabel: 'Journal d’audit' },
  operations: { create: false, update: false, delete: false },
});
