import { today } from '../format/date';
import { MANAGERS } from '../team/roles';
import { defineResource } from './define-resource';
import { f } from './fields';

/**
 * What the shop spends, each kind with its SYSCOHADA révisé account (class 6): the books debit it
 * (server/src/books/journal.ts) against the drawer, Mobile Money or the bank.
 */
export const expenseCategories = {
  purchases: 'Achats de marchandises (sans bon de commande)',
  rent: 'Loyer',
  electricity: 'Électricité',
  water: 'Eau',
  fuel: 'Carburant',
  transport: 'Transport et livraisons',
  telecom: 'Téléphone et internet',
  supplies: 'Fournitures de bureau',
  repairs: 'Entretien et réparations',
  advertising: 'Publicité',
  salaries: 'Salaires',
  bankFees: 'Frais bancaires et Mobile Money',
  taxes: 'Impôts et taxes',
  other: 'Autres charges',
} as const;
export type ExpenseCategory = keyof typeof expenseCategories;

/** Each category's account in the SYSCOHADA révisé chart. */
export const EXPENSE_ACCOUNTS: Record<ExpenseCategory, string> = {
  purchases: '601',
  rent: '622',
  electricity: '6052',
  water: '6051',
  fuel: '6042',
  transport: '618',
  telecom: '628',
  supplies: '6055',
  repairs: '624',
  advertising: '627',
  salaries: '661',
  bankFees: '631',
  taxes: '641',
  other: '658',
};

/** How an expense was paid: from the drawer (its Z report shows it), by Mobile Money, by the bank. */
export const expenseMethods = { mobile_money: 'Mobile Money', cash: 'Espèces (de la caisse)', bank: 'Banque (virement, chèque)' } as const;

export const expenses = defineResource({
  name: 'expenses',
  label: { singular: 'Dépense', plural: 'Dépenses', feminine: true },
  titleField: 'label',
  read: 'admin',
  team: { read: MANAGERS, write: MANAGERS },
  fields: {
    date: f.date('Date', { createOnly: true, default: today }),
    label: f.text('Libellé', { max: 200, help: 'Par exemple « Loyer de novembre » ou « Carburant moto ».' }),
    category: f.enum('Catégorie', expenseCategories, { createOnly: true }),
    amount: f.money('Montant payé', { createOnly: true }),
    method: f.enum('Payée par', expenseMethods, {
      createOnly: true,
      help: 'En espèces, le montant sort de la journée de caisse ouverte et figure sur son rapport Z.',
    }),
    supplier: f.text('Payée à', { max: 150, optional: true }),
    receipt: f.image('Photo du justificatif', { optional: true }),
    cashSession: f.reference('Journée de caisse', 'cashSessions', { optional: true, readOnly: true }),
    actor: f.text('Saisie par', { max: 320, readOnly: true, optional: true }),
  },
  list: {
    columns: ['date', 'label', 'category', 'amount', 'method'],
    search: ['label', 'supplier'],
    filters: ['category', 'method'],
    sortable: ['date', 'amount', 'createdAt'],
    defaultSort: { field: 'date', order: 'desc' },
  },
  admin: { icon: 'wallet' },
  // Recorded once: a cash expense has left the drawer. A mistake is put right by another entry.
  operations: { delete: false },
  checks: [
    {
      fields: ['date'],
      message: 'Une dépense ne peut pas être datée de demain ou plus tard.',
      valid: (r) => typeof r.date !== 'string' || r.date <= today(),
    },
    {
      fields: ['amount'],
      message: 'Le montant d’une dépense est positif.',
      valid: (r) => r.amount === undefined || Number(r.amount) > 0,
    },
  ],
});
