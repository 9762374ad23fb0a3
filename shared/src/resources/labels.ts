// The French labels of every enum field, keyed by stored value, in display order.
// Kept free of zod so that the storefront's first route can import them cheaply;
// the resource declarations use the same maps, so there is one copy.

import { formatXOF } from '../format/money';

export const productCategories = {
  computers: 'Ordinateurs',
  phones: 'Smartphones et tablettes',
  accessories: 'Accessoires',
  networking: 'Réseau',
  audio: 'Audio',
  wallets: 'Portefeuilles crypto',
} as const;

/** A product's condition, as catalogues (Google, Meta) and schema.org name it: the keys are theirs. */
export const productConditions = { new: 'Neuf', refurbished: 'Reconditionné', used: 'Occasion' } as const;
export type ProductCondition = keyof typeof productConditions;
/**
 * What moved a product's stock (server/src/inventory/ledger.ts writes them, in the transaction of
 * their cause). A movement is never changed: a mistake is corrected by another.
 */
export const stockMovementKinds = {
  opening: 'Stock initial',
  order: 'Commande en ligne',
  cancel: 'Commande annulée',
  reopen: 'Commande rouverte',
  counter: 'Vente au comptoir',
  offline: 'Vente hors ligne',
  purchase: 'Réception fournisseur',
  count: 'Inventaire',
  correction: 'Correction manuelle',
  untracked: 'Stock plus suivi',
  return: 'Retour client',
} as const;
export type StockMovementKind = keyof typeof stockMovementKinds;
/** Why the owner corrected a stock by hand. */
export const stockReasons = {
  received: 'Réception de marchandise',
  found: 'Retrouvé en rayon',
  damaged: 'Casse ou défaut',
  lost: 'Perte ou vol',
  internal: 'Usage interne ou don',
  error: 'Erreur de saisie',
  other: 'Autre',
} as const;
export type StockReason = keyof typeof stockReasons;
/** Where a purchase order stands: moved by its procedures only (server/src/inventory/purchases.ts). */
export const purchaseStatuses = {
  draft: 'Brouillon',
  sent: 'Envoyée',
  partial: 'Reçue en partie',
  received: 'Reçue',
  cancelled: 'Annulée',
} as const;
export type PurchaseStatus = keyof typeof purchaseStatuses;
/** What a stock count covers, and where it stands. */
export const countScopes = { all: 'Tout le catalogue', category: 'Une catégorie', supplier: 'Les articles d’un fournisseur' } as const;
export const countStatuses = { open: 'En cours', applied: 'Appliqué', cancelled: 'Annulé' } as const;
export type CountStatus = keyof typeof countStatuses;

export const courseLevels = { beginner: 'Débutant', intermediate: 'Intermédiaire', advanced: 'Avancé' } as const;
export const courseFormats = { online: 'En ligne', onsite: 'Présentiel' } as const;

export const cryptoTypes = { bitcoin: 'Bitcoin', ethereum: 'Ethereum', other: 'Autre' } as const;
export const verificationTypes = { basic: 'Basique', advanced: 'Approfondie' } as const;
export const verificationStatuses = { pending: 'En attente', completed: 'Complétée', rejected: 'Rejetée' } as const;

/** Where an order was made: the web shop, or a sale at the shop's counter. */
export const orderChannels = { web: 'Boutique en ligne', counter: 'Comptoir' } as const;
export type OrderChannel = keyof typeof orderChannels;

export const paymentMethods = {
  cash_on_delivery: 'Paiement à la livraison',
  mobile_money_on_delivery: 'Mobile money à la livraison',
  mobile_money_online: 'Mobile Money en ligne (MTN, Moov)',
  cash: 'Espèces (comptoir)',
  mobile_money: 'Mobile Money (comptoir)',
  cash_mobile_money: 'Espèces et Mobile Money (comptoir)',
} as const;
/** The paper roll of the counter's ticket printer. */
export const TICKET_WIDTHS = { mm80: '80 mm', mm58: '58 mm' } as const;
/** What a shopper may choose online; the others are the counter's. */
export const WEB_PAYMENT_METHODS = ['cash_on_delivery', 'mobile_money_on_delivery', 'mobile_money_online'] as const;
export const COUNTER_PAYMENT_METHODS = ['cash', 'mobile_money', 'cash_mobile_money'] as const;
/** Paid before delivery, through a payment provider (FedaPay). */
export const ONLINE_PAYMENT_METHOD = 'mobile_money_online' as const;
/** A provider transaction, as the shop records it (FedaPay's own statuses, plus the shop's verdicts). */
export const onlinePaymentStatuses = {
  creating: 'En préparation',
  pending: 'En attente',
  approved: 'Réussi',
  declined: 'Refusé',
  canceled: 'Abandonné',
  expired: 'Expiré',
  failed: 'Échec technique',
  mismatch: 'Refusé (montant ou référence incohérents)',
} as const;
export const orderStatuses = {
  new: 'Nouvelle',
  confirmed: 'Confirmée',
  shipped: 'Expédiée',
  delivered: 'Livrée',
  cancelled: 'Annulée',
} as const;
export const paymentStatuses = { pending: 'À encaisser', paid: 'Payée', to_refund: 'À rembourser', refunded: 'Remboursée' } as const;
export const orderEventKinds = {
  created: 'Commande passée',
  status: 'Statut',
  payment: 'Paiement',
  note: 'Note interne',
  edit: 'Coordonnées modifiées',
  online_payment: 'Paiement en ligne',
  invoice: 'Facture normalisée',
  return: 'Retour',
} as const;
/** Why a customer brings articles back (issue 57). */
export const returnReasons = {
  defective: 'Défectueux',
  not_suitable: 'Ne convient pas',
  order_error: 'Erreur de commande',
  other: 'Autre',
} as const;
/** What becomes of an article brought back: on the shelf again (its stock), to repair, or lost. */
export const returnItemStates = { restocked: 'Remis en stock', repair: 'À réparer', lost: 'Perdu' } as const;
/** How a return is paid back: from the drawer, by a Mobile Money transfer, or as the customer's credit. */
export const refundMethods = {
  cash: 'Espèces (de la caisse)',
  mobile_money: 'Mobile Money',
  store_credit: 'Avoir client',
} as const;
/** Where a customer's return request stands: the owner answers it, then the return is made once the articles are back. */
export const returnRequestStatuses = {
  pending: 'À traiter',
  accepted: 'Acceptée',
  refused: 'Refusée',
  done: 'Remboursée',
} as const;
/** What moved a customer's loyalty points (server/src/customers/loyalty.ts). */
export const loyaltyKinds = { earn: 'Achat', spend: 'Points utilisés', return: 'Retour d’articles', adjust: 'Ajustement' } as const;
/** What a shopper types as a promo code: letters, digits, - and _, compared without regard to case. */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]{3,40}$/;
export const promoKinds = { percent: 'Pourcentage', amount: 'Montant fixe (F CFA)' } as const;
export const promoScopes = { all: 'Tous les articles', product: 'Produits', service: 'Services', course: 'Formations' } as const;
export const itemTypes = { product: 'Produit', service: 'Service', course: 'Formation' } as const;
/** Which item types travel to the customer: services and courses need no address nor delivery option. */
export const shippedItemTypes: Record<keyof typeof itemTypes, boolean> = { product: true, service: false, course: false };
export const needsShipping = (items: readonly { type: string }[]) =>
  items.some((item) => shippedItemTypes[item.type as keyof typeof itemTypes] ?? true);

/**
 * The delivery line of an order's totals ("Livraison (Cotonou)"), or null when nothing is carried
 * and nothing charged (services and courses): no "Livraison 0 F CFA".
 */
export function deliveryLine(order: { delivery: { name: string } | null; deliveryCost: number | string }): string | null {
  if (!order.delivery && Number(order.deliveryCost) <= 0) return null;
  return `Livraison${order.delivery ? ` (${order.delivery.name})` : ''}`;
}

/**
 * The discount line of an order's totals ("Code promo TABASKI10 (Tabaski -10 %)", "Points fidélité
 * (120 points)", or both joined), or null without one.
 */
export function discountLine(order: {
  promoCode?: string | null;
  promoLabel?: string | null;
  discount?: number | string | null;
  loyaltyPoints?: number | null;
}): string | null {
  if (!(Number(order.discount) > 0)) return null;
  const points = order.loyaltyPoints ? `${order.loyaltyPoints} point${order.loyaltyPoints > 1 ? 's' : ''}` : null;
  // A discount given at the counter: its label says so.
  const promo = order.promoCode
    ? `Code promo ${order.promoCode}${order.promoLabel ? ` (${order.promoLabel})` : ''}`
    : (order.promoLabel ?? (points ? null : 'Remise'));
  if (!points) return promo;
  return promo ? `${promo} et ${points} fidélité` : `Points fidélité (${points})`;
}

/** What is left to pay of an order once the customer's credit (« avoir ») paid its part. */
export const amountDue = (order: { total: number | string; creditAmount?: number | string | null }) =>
  Math.max(0, Number(order.total) - Number(order.creditAmount ?? 0));

/** The French label of a stored key (a status, a method...), or the key itself when the map lacks it. */
export const labelOf = (map: Readonly<Record<string, string>>, key: unknown): string => map[String(key)] ?? String(key);

/**
 * How a payment method reads to the shopper: an order with nothing to deliver (services, courses)
 * is not paid "à la livraison" but as agreed with the shop when it calls.
 */
export function paymentMethodLabel(method: string, shipped: boolean): string {
  if (!shipped && method === 'cash_on_delivery') return 'En espèces, comme convenu avec nous';
  if (!shipped && method === 'mobile_money_on_delivery') return 'Par mobile money, comme convenu avec nous';
  return method in paymentMethods ? paymentMethods[method as keyof typeof paymentMethods] : method;
}

/**
 * The payment methods a cart may use. Paying on delivery needs a delivery: with online payment
 * available, a cart of services and courses is paid online; without it, everything works as before
 * (the shop calls to agree on payment).
 */
export function paymentMethodsFor(items: readonly { type: string }[], onlineAvailable: boolean): (typeof WEB_PAYMENT_METHODS)[number][] {
  const onDelivery = ['cash_on_delivery', 'mobile_money_on_delivery'] as const;
  if (!onlineAvailable) return [...onDelivery];
  return needsShipping(items) ? [...onDelivery, ONLINE_PAYMENT_METHOD] : [ONLINE_PAYMENT_METHOD];
}

/**
 * The rules against hoarding of a shop not set up yet: the defaults of Paramètres' fields, and what
 * the server and the cart fall back on. Here, free of zod, so the storefront's first page can read it.
 */
export const SHOP_RULES = {
  maxQuantityPerLine: 10,
  maxUnconfirmedTotal: 500_000,
  maxOpenOrdersPerPhone: 3,
  maxSeatsPerOrder: 5,
  maxOrdersPerAddressPerHour: 20,
  unpaidStockPercent: 50,
  holdHours: 48,
  maxCounterDiscountPercent: 10,
} as const;

/** Why an order cannot be paid on delivery: above the owner's ceiling (Paramètres). */
export const overCashCeiling = (ceiling: number) =>
  `Une commande payée à la livraison ne peut pas dépasser ${formatXOF(ceiling)}. ` +
  'Payez-la en ligne par Mobile Money si ce moyen est proposé, ou contactez-nous pour la passer.';

/**
 * The DGI's tax groups on a normalized invoice (e-MECeF). Prices are TTC: the DGI computes HT and
 * TVA per group. B (and D) carry VAT at 18 %.
 */
export const taxGroups = {
  A: 'A · Exonéré',
  B: 'B · Taxable (TVA 18 %)',
  C: 'C · Exportation',
  D: 'D · Régime d’exception (TVA 18 %)',
  E: 'E · TPS',
  F: 'F · Réservé',
} as const;
export type TaxGroup = keyof typeof taxGroups;
/** How a normalized invoice says the customer paid (the DGI's list). */
export const emecefPaymentTypes = {
  ESPECES: 'Espèces',
  MOBILEMONEY: 'Mobile Money',
  VIREMENT: 'Virement',
  CARTEBANCAIRE: 'Carte bancaire',
  CHEQUES: 'Chèques',
  CREDIT: 'Crédit',
  AUTRE: 'Autre',
} as const;
/** A sale invoice (FV) when an order is paid, a credit note (FA) when it is refunded or cancelled. */
export const invoiceTypes = { FV: 'Facture de vente', FA: 'Facture d’avoir' } as const;
export const invoiceStatuses = {
  pending: 'En attente',
  created: 'Créée, en attente de confirmation',
  confirmed: 'Normalisée',
  failed: 'Échec',
} as const;

/**
 * What a shop started without the demo holds until the owner fills Paramètres: shown to nobody as
 * if it were true (the dashboard lists what is left to fill, the storefront shows no such contact).
 */
export const PLACEHOLDER_SETTINGS = {
  businessName: 'Ma boutique',
  tagline: 'Votre partenaire pour les solutions technologiques',
  // Not the demo's own number (01 00 00 00 00): the demo shows its sample contacts as a shop would.
  phone: '+229 01 99 99 99 99',
  whatsapp: '+229 01 99 99 99 99',
  email: 'contact@example.com',
  address: 'Bénin',
} as const;

/** The fields of Paramètres still holding their placeholder (phones compared by their digits). */
export function placeholderFields(row: Partial<Record<keyof typeof PLACEHOLDER_SETTINGS, string | null>>) {
  const digits = (v: unknown) => String(v ?? '').replace(/\D/g, '');
  return (Object.keys(PLACEHOLDER_SETTINGS) as (keyof typeof PLACEHOLDER_SETTINGS)[]).filter((key) =>
    key === 'phone' || key === 'whatsapp' ? digits(row[key]) === digits(PLACEHOLDER_SETTINGS[key]) : row[key] === PLACEHOLDER_SETTINGS[key],
  );
}
