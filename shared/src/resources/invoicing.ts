import { f } from './fields';
import { emecefPaymentTypes, taxGroups } from './labels';

// What the normalized invoices (e-MECeF) need from the catalogue and from Paramètres, declared once.

/** On every product, service and course: the tax group its lines carry on a normalized invoice. */
export const taxGroupField = () =>
  f.enum('Groupe de taxe (facture normalisée)', taxGroups, {
    optional: true,
    adminOnly: true,
    help: 'Vide : le groupe par défaut choisi dans Paramètres.',
  });

const paymentType = (method: string, fallback: keyof typeof emecefPaymentTypes) =>
  f.enum(`Type de paiement sur la facture : ${method}`, emecefPaymentTypes, { adminOnly: true, default: fallback });

/** Paramètres' fields for the invoices: used only when EMECEF_TOKEN is set. */
export const invoicingSettingsFields = {
  ifu: f.text('IFU de l’entreprise', {
    optional: true,
    adminOnly: true,
    max: 13,
    help: 'Identifiant fiscal unique (13 chiffres), imprimé sur chaque facture normalisée.',
  }),
  invoiceOperator: f.text('Opérateur des factures normalisées', {
    optional: true,
    adminOnly: true,
    max: 100,
    help: 'Le nom de la personne qui vend, tel qu’il figure sur les factures (par défaut : le nom de l’entreprise).',
  }),
  defaultTaxGroup: f.enum('Groupe de taxe par défaut', taxGroups, { adminOnly: true, default: 'B' }),
  paymentTypeCashOnDelivery: paymentType('paiement à la livraison', 'ESPECES'),
  paymentTypeMobileMoneyOnDelivery: paymentType('Mobile Money à la livraison', 'MOBILEMONEY'),
  paymentTypeMobileMoneyOnline: paymentType('Mobile Money en ligne', 'MOBILEMONEY'),
};

/** Which of Paramètres' fields says how each of the shop's payment methods is paid. */
export const paymentTypeSetting = {
  cash_on_delivery: 'paymentTypeCashOnDelivery',
  mobile_money_on_delivery: 'paymentTypeMobileMoneyOnDelivery',
  mobile_money_online: 'paymentTypeMobileMoneyOnline',
  // At the counter: cash is cash, Mobile Money is Mobile Money, as on delivery.
  cash: 'paymentTypeCashOnDelivery',
  mobile_money: 'paymentTypeMobileMoneyOnDelivery',
  // Both at once: the invoice lists the cash part and the Mobile Money part (invoicing/invoices.ts).
  cash_mobile_money: 'paymentTypeCashOnDelivery',
} as const;
