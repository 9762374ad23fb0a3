import type { cryptoTypes, paymentMethods, productCategories, verificationTypes, courseLevels, courseFormats, itemTypes } from '@app/shared/resources';

// The French labels of the shared resources, repeated here because importing the resource modules
// would pull zod into the first route. `satisfies typeof …` is a type-only check: any label that
// drifts from shared/src/resources fails `tsc`, so the two copies cannot disagree.
export const productCategoryLabels = {
  computers: 'Ordinateurs',
  phones: 'Smartphones et tablettes',
  accessories: 'Accessoires',
  networking: 'Réseau',
  audio: 'Audio',
  wallets: 'Portefeuilles crypto',
} as const satisfies typeof productCategories;

export const paymentMethodLabels = {
  cash_on_delivery: 'Paiement à la livraison',
  mobile_money_on_delivery: 'Mobile money à la livraison',
} as const satisfies typeof paymentMethods;

export const cryptoTypeLabels = { bitcoin: 'Bitcoin', ethereum: 'Ethereum', other: 'Autre' } as const satisfies typeof cryptoTypes;
export const verificationTypeLabels = { basic: 'Basique', advanced: 'Approfondie' } as const satisfies typeof verificationTypes;
export const courseLevelLabels = { beginner: 'Débutant', intermediate: 'Intermédiaire', advanced: 'Avancé' } as const satisfies typeof courseLevels;
export const courseFormatLabels = { online: 'En ligne', onsite: 'Présentiel' } as const satisfies typeof courseFormats;
export const itemTypeLabels = { product: 'Produit', service: 'Service', course: 'Formation' } as const satisfies typeof itemTypes;

export const labelOf = <M extends Record<string, string>>(map: M, key: string): string => (key in map ? map[key as keyof M] : key) as string;
