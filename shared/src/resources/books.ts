import { z } from 'zod';
import { f } from './fields';

// The books (issue 60): the sales journal the accountant imports, under SYSCOHADA révisé (the
// OHADA chart of accounts used in Benin and 16 other countries). Paramètres' accounts, declared
// once; the journal is made by server/src/books/journal.ts.

/**
 * The accounts of the SYSCOHADA révisé chart (2017) that a shop's sales, payments and returns
 * touch, by number. An account of Paramètres must be one of them, or a sub-account of one
 * (4111 under 411).
 */
export const SYSCOHADA_ACCOUNTS: Record<string, string> = {
  '411': 'Clients',
  '4111': 'Clients',
  '4112': 'Clients, groupe',
  '419': 'Clients créditeurs',
  '4191': 'Clients, avances et acomptes reçus',
  '4198': 'Rabais, remises, ristournes et autres avoirs à accorder',
  '443': 'État, TVA facturée',
  '4431': 'État, TVA facturée sur ventes',
  '4432': 'État, TVA facturée sur prestations de services',
  '4434': 'État, TVA facturée sur production livrée à soi-même',
  '521': 'Banques locales',
  '5211': 'Banques en monnaie nationale',
  '551': 'Monnaie électronique carte carburant',
  '552': 'Monnaie électronique téléphone portable',
  '553': 'Monnaie électronique carte péage',
  '554': 'Porte-monnaie électronique',
  '558': 'Autres instruments de monnaie électronique',
  '571': 'Caisse siège social',
  '601': 'Achats de marchandises',
  '604': 'Achats stockés de matières et fournitures consommables',
  '6042': 'Matières combustibles',
  '605': 'Autres achats',
  '6051': 'Fournitures non stockables – Eau',
  '6052': 'Fournitures non stockables – Électricité',
  '6055': 'Fournitures de bureau non stockables',
  '618': 'Autres frais de transport',
  '622': 'Locations et charges locatives',
  '624': 'Entretien, réparations, remise en état et maintenance',
  '627': 'Publicité, publications, relations publiques',
  '628': 'Frais de télécommunications',
  '631': 'Frais bancaires',
  '641': 'Impôts et taxes directs',
  '658': 'Charges diverses',
  '661': 'Appointements, salaires et commissions',
  '5711': 'Caisse en monnaie nationale',
  '572': 'Caisse succursale A',
  '673': 'Escomptes accordés',
  '701': 'Ventes de marchandises',
  '7011': 'Ventes de marchandises dans la Région',
  '7012': 'Ventes de marchandises hors Région',
  '702': 'Ventes de produits finis',
  '704': 'Ventes de produits intermédiaires',
  '706': 'Services vendus',
  '7061': 'Services vendus dans la Région',
  '7062': 'Services vendus hors Région',
  '707': 'Produits accessoires',
  '7071': 'Ports, emballages perdus et autres frais facturés',
  '709': 'Rabais, remises et ristournes accordés par l’entreprise',
};

/**
 * What an account of Paramètres may be: its label, and the chart's classes it belongs in (the
 * cash drawer in 57, Mobile Money in 55…), as the refusal says it.
 */
export const BOOK_ACCOUNTS = {
  accountCash: { label: 'Caisse (espèces)', fallback: '571', within: ['57'], where: 'la caisse se tient en classe 57' },
  accountMobileMoney: {
    label: 'Mobile Money',
    fallback: '552',
    within: ['55'],
    where: 'la monnaie électronique se tient en classe 55',
  },
  accountBank: { label: 'Banque', fallback: '521', within: ['52'], where: 'la banque se tient en classe 52' },
  accountCustomers: { label: 'Clients', fallback: '411', within: ['411'], where: 'les clients se tiennent au compte 411' },
  accountCustomerCredit: {
    label: 'Avoirs des clients',
    fallback: '4191',
    within: ['419'],
    where: 'les avoirs des clients se tiennent au compte 419',
  },
  accountGoods: { label: 'Ventes de marchandises', fallback: '701', within: ['70'], where: 'les ventes se tiennent en classe 70' },
  accountServices: { label: 'Services et formations', fallback: '706', within: ['70'], where: 'les ventes se tiennent en classe 70' },
  accountDelivery: { label: 'Frais de livraison facturés', fallback: '7071', within: ['70'], where: 'les ventes se tiennent en classe 70' },
  accountVat: { label: 'TVA facturée', fallback: '4431', within: ['443'], where: 'la TVA facturée se tient au compte 443' },
  accountDiscounts: {
    label: 'Remises accordées',
    fallback: '709',
    within: ['709', '673'],
    where: 'les remises se tiennent au compte 709 (ou 673 pour des escomptes)',
  },
} as const;
export type BookAccount = keyof typeof BOOK_ACCOUNTS;

/** Whether an account number is one of the chart's (or a sub-account of one), in this setting's class. */
export function accountFits(key: BookAccount, value: string): boolean {
  return (
    /^\d{2,8}$/.test(value) &&
    Object.keys(SYSCOHADA_ACCOUNTS).some((n) => n.length >= 3 && value.startsWith(n)) &&
    BOOK_ACCOUNTS[key].within.some((prefix) => value.startsWith(prefix))
  );
}

/** How the journal groups the sales: one entry per day and channel (the default), or one per sale. */
export const journalGroupings = { day: 'Une écriture par jour et par canal', sale: 'Une écriture par vente' } as const;
/** How discounts appear: sales net of them, or sales at full price and the discounts in their account. */
export const discountPresentations = {
  net: 'Ventes nettes des remises',
  gross: 'Ventes au prix plein, remises au compte de remises',
} as const;

/** Paramètres' fields for the books, the accounts with their SYSCOHADA révisé defaults. */
const account = (key: BookAccount) =>
  f.text(`Compte : ${BOOK_ACCOUNTS[key].label}`, {
    adminOnly: true,
    max: 8,
    default: BOOK_ACCOUNTS[key].fallback as string,
    help: `Plan SYSCOHADA révisé : ${BOOK_ACCOUNTS[key].fallback} par défaut.`,
  });
export const booksSettingsFields = {
  accountCash: account('accountCash'),
  accountMobileMoney: account('accountMobileMoney'),
  accountBank: account('accountBank'),
  accountCustomers: account('accountCustomers'),
  accountCustomerCredit: account('accountCustomerCredit'),
  accountGoods: account('accountGoods'),
  accountServices: account('accountServices'),
  accountDelivery: account('accountDelivery'),
  accountVat: account('accountVat'),
  accountDiscounts: account('accountDiscounts'),
  salesJournal: f.text('Code du journal des ventes', { adminOnly: true, max: 6, default: 'VT' }),
  journalGrouping: f.enum('Écritures du journal des ventes', journalGroupings, { adminOnly: true, default: 'day' }),
  discountPresentation: f.enum('Remises dans le journal', discountPresentations, { adminOnly: true, default: 'net' }),
};

/** The resource checks of those accounts (Paramètres refuses an account outside the chart or its class). */
export const booksChecks = (Object.keys(BOOK_ACCOUNTS) as BookAccount[]).map((key) => ({
  fields: [key] as [BookAccount],
  message: `Ce n’est pas un compte du plan SYSCOHADA révisé qui convient : ${BOOK_ACCOUNTS[key].where} (par exemple ${BOOK_ACCOUNTS[key].fallback}).`,
  valid: (r: Readonly<Record<string, unknown>>) => r[key] === undefined || accountFits(key, String(r[key])),
}));

/** A journal's period and grouping, as the Comptabilité screen and the exports ask for it. */
export const journalQuerySchema = z
  .object({
    from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date de début invalide (AAAA-MM-JJ).'),
    to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date de fin invalide (AAAA-MM-JJ).'),
    grouping: z.enum(['day', 'sale']).optional(),
  })
  .refine((q) => q.from <= q.to, { message: 'La date de début doit précéder la date de fin.', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
    message: 'Une période d’un an au plus.',
    path: ['to'],
  });
export type JournalQuery = z.infer<typeof journalQuerySchema>;

const month = (label: string) => z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, `${label} invalide (AAAA-MM).`);
/** The months of the monthly result: two years at most. */
export const resultQuerySchema = z
  .object({ from: month('Premier mois'), to: month('Dernier mois') })
  .refine((q) => q.from <= q.to, { message: 'Le premier mois doit précéder le dernier.', path: ['to'] })
  .refine((q) => Number(q.to.slice(0, 4)) * 12 + Number(q.to.slice(5)) - (Number(q.from.slice(0, 4)) * 12 + Number(q.from.slice(5))) < 24, {
    message: 'Deux ans au plus.',
    path: ['to'],
  });
