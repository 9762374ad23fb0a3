// The French labels of every enum field, keyed by stored value, in display order.
// Kept free of zod so that the storefront's first route can import them cheaply;
// the resource declarations use the same maps, so there is one copy.

export const productCategories = {
  computers: 'Ordinateurs',
  phones: 'Smartphones et tablettes',
  accessories: 'Accessoires',
  networking: 'Réseau',
  audio: 'Audio',
  wallets: 'Portefeuilles crypto',
} as const;

export const courseLevels = { beginner: 'Débutant', intermediate: 'Intermédiaire', advanced: 'Avancé' } as const;
export const courseFormats = { online: 'En ligne', onsite: 'Présentiel' } as const;

export const cryptoTypes = { bitcoin: 'Bitcoin', ethereum: 'Ethereum', other: 'Autre' } as const;
export const verificationTypes = { basic: 'Basique', advanced: 'Approfondie' } as const;
export const verificationStatuses = { pending: 'En attente', completed: 'Complétée', rejected: 'Rejetée' } as const;

export const paymentMethods = {
  cash_on_delivery: 'Paiement à la livraison',
  mobile_money_on_delivery: 'Mobile money à la livraison',
} as const;
export const orderStatuses = {
  new: 'Nouvelle',
  confirmed: 'Confirmée',
  shipped: 'Expédiée',
  delivered: 'Livrée',
  cancelled: 'Annulée',
} as const;
export const paymentStatuses = { pending: 'À encaisser', paid: 'Payée', refunded: 'Remboursée' } as const;
export const orderEventKinds = {
  created: 'Commande passée',
  status: 'Statut',
  payment: 'Paiement',
  note: 'Note interne',
  edit: 'Coordonnées modifiées',
} as const;
export const itemTypes = { product: 'Produit', service: 'Service', course: 'Formation' } as const;
/** Which item types travel to the customer: services and courses need no address nor delivery option. */
export const shippedItemTypes: Record<keyof typeof itemTypes, boolean> = { product: true, service: false, course: false };
export const needsShipping = (items: readonly { type: string }[]) =>
  items.some((item) => shippedItemTypes[item.type as keyof typeof itemTypes] ?? true);
