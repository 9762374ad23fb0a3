import { z } from 'zod';
import { defineResource } from './define-resource';
import { f } from './fields';
import { SELLERS } from '../team/roles';
import { visibleText } from '../format/visible';

export const cashMovementSchema = z.object({
  at: z.string(),
  kind: z.enum(['in', 'out']),
  amount: z.number(),
  reason: z.string(),
  by: z.string(),
});
export type CashMovement = z.infer<typeof cashMovementSchema>;

/**
 * The shop's cash drawer, one day at a time: opened with a float, cash put in or taken out with a
 * reason, closed ("clôture de caisse") with what was counted per payment method against what the
 * counter's sales of the day say (server/src/orders/cash-drawer.ts). One day is open at a time;
 * nobody edits a closed day: its Z report is the record.
 */
export const cashSessions = defineResource({
  name: 'cashSessions',
  label: { singular: 'Journée de caisse', plural: 'Caisse', feminine: true },
  titleField: 'name',
  read: 'admin',
  team: { read: SELLERS, write: SELLERS },
  fields: {
    name: f.text('Journée', { max: 100, readOnly: true }),
    openedBy: f.text('Ouverte par', { max: 200, readOnly: true }),
    openingFloat: f.money('Fond de caisse', { readOnly: true }),
    movements: f.json('Entrées et sorties', z.array(cashMovementSchema), { readOnly: true, default: [] as CashMovement[] }),
    closedAt: f.datetime('Clôturée le', { optional: true, readOnly: true }),
    closedBy: f.text('Clôturée par', { max: 200, optional: true, readOnly: true }),
    salesCount: f.integer('Ventes', { optional: true, readOnly: true }),
    salesTotal: f.money('Total des ventes', { optional: true, readOnly: true }),
    expectedCash: f.money('Espèces attendues', { optional: true, readOnly: true }),
    countedCash: f.money('Espèces comptées', { optional: true, readOnly: true }),
    cashDifference: f.money('Écart espèces', { optional: true, readOnly: true, signed: true }),
    expectedMobileMoney: f.money('Mobile Money attendu', { optional: true, readOnly: true }),
    countedMobileMoney: f.money('Mobile Money constaté', { optional: true, readOnly: true }),
    mobileMoneyDifference: f.money('Écart Mobile Money', { optional: true, readOnly: true, signed: true }),
    closingNote: f.longText('Commentaire de clôture', { max: 1000, optional: true, readOnly: true }),
  },
  list: {
    columns: ['name', 'salesTotal', 'cashDifference', 'mobileMoneyDifference', 'closedAt', 'closedBy'],
    search: ['name'],
    sortable: ['createdAt', 'closedAt', 'salesTotal'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  admin: { route: 'caisse', icon: 'wallet', detail: 'caisse' },
  operations: { create: false, update: false, delete: false },
});

const amount = (what: string) =>
  z
    .number(`${what} en F CFA attendu.`)
    .min(0, 'Un montant ne peut pas être négatif.')
    .max(100_000_000, 'Montant trop élevé.')
    .multipleOf(1, 'Montant en francs entiers.');

/** Opening the day: the notes and coins put in the drawer. */
export const cashOpenSchema = z.strictObject({ openingFloat: amount('Fond de caisse') });
/** Cash put in or taken out, and why (the Z report lists it). */
export const cashMoveSchema = z.strictObject({
  kind: z.enum(['in', 'out'], 'Entrée ou sortie attendue.'),
  amount: amount('Montant').min(1, 'Indiquez le montant.'),
  reason: z
    .string()
    .overwrite(visibleText)
    .min(3, 'Indiquez le motif (au moins 3 caractères).')
    .max(200, 'Motif trop long (200 caractères au maximum).'),
});
/** Closing the day: what was counted. */
export const cashCloseSchema = z.strictObject({
  countedCash: amount('Espèces comptées'),
  countedMobileMoney: amount('Mobile Money constaté'),
  note: z.string().trim().max(1000, 'Commentaire trop long (1 000 caractères au maximum).').optional(),
});
