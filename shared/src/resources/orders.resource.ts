import { z } from 'zod';
import { defineResource } from './define-resource';
import { f } from './fields';
import { itemTypes, needsShipping, orderChannels, orderStatuses, paymentMethods, paymentStatuses, WEB_PAYMENT_METHODS } from './labels';
import { honeypot } from './honeypot';
import { MANAGERS, SELLERS } from '../team/roles';

export const orderLineSchema = z.object({
  id: z.string(),
  type: z.enum(Object.keys(itemTypes) as [keyof typeof itemTypes]),
  name: z.string(),
  unitPrice: z.number(),
  quantity: z.number().int(),
  /** The line's share of the order's promo discount, in F CFA (absent: none). */
  discount: z.number().optional(),
  /** A training's session: a seat of it is taken per unit (server/src/orders/seats.ts). */
  sessionId: z.string().optional(),
});
export const orderDeliverySchema = z.object({ id: z.string(), name: z.string(), price: z.number() });
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orders = defineResource({
  name: 'orders',
  label: { singular: 'Commande', plural: 'Commandes', feminine: true },
  titleField: 'number',
  read: 'admin',
  // Sellers take and follow orders; couriers see theirs only, through their round.
  team: { read: SELLERS, write: SELLERS },
  fields: {
    number: f.text('Numéro', { readOnly: true }),
    customerName: f.text('Nom du client', { max: 100 }),
    // A counter sale may have no customer; an order placed online always has a phone (placeOrderSchema).
    phone: f.phone('Téléphone', { optional: true }),
    email: f.email('E-mail', { optional: true }),
    // Only orders with something to deliver have them (see placeOrderSchema).
    city: f.text('Ville', { max: 100, optional: true }),
    address: f.longText('Adresse', { max: 500, optional: true }),
    note: f.longText('Note', { optional: true, max: 1000 }),
    items: f.json('Articles', z.array(orderLineSchema), { readOnly: true }),
    delivery: f.json('Livraison', orderDeliverySchema, { readOnly: true, optional: true }),
    subtotal: f.money('Sous-total', { readOnly: true }),
    promoCode: f.text('Code promo', { optional: true, readOnly: true, max: 40 }),
    promoLabel: f.text('Libellé du code promo', { optional: true, readOnly: true, max: 100 }),
    discount: f.money('Remise', { readOnly: true, default: 0 }),
    /** Loyalty points the customer spent on it (customers/loyalty.ts); their value is part of `discount`. */
    loyaltyPoints: f.integer('Points fidélité utilisés', { optional: true, readOnly: true }),
    deliveryCost: f.money('Frais de livraison', { readOnly: true }),
    total: f.money('Total', { readOnly: true }),
    paymentMethod: f.enum('Mode de paiement', paymentMethods, { default: 'cash_on_delivery' }),
    /** The shopper's own choice at checkout (the box "offres par WhatsApp"): the owner cannot tick it for them. */
    marketingConsent: f.boolean('Accepte les offres WhatsApp', { default: false, readOnly: true }),
    // Both move only through the order process (orders.transition, orders.setPayment), never a plain update.
    status: f.enum('Statut', orderStatuses, { default: 'new', readOnly: true }),
    paymentStatus: f.enum('Paiement', paymentStatuses, { default: 'pending', readOnly: true }),
    paymentReference: f.text('Référence de paiement', { optional: true, readOnly: true, max: 200 }),
    // At the counter: the part of the total paid in cash (the drawer's count) and the notes handed over.
    cashAmount: f.money('Part payée en espèces', { optional: true, readOnly: true }),
    cashGiven: f.money('Espèces reçues', { optional: true, readOnly: true }),
    /** At the counter: the part paid with the customer's credit (« avoir », from a return). */
    creditAmount: f.money('Part payée par avoir', { optional: true, readOnly: true }),
    /** The cash drawer's day open when the counter recorded the sale (its closing counts it). */
    cashSession: f.reference('Journée de caisse', 'cashSessions', { optional: true, readOnly: true }),
    buyerIfu: f.text('IFU de l’acheteur', {
      optional: true,
      max: 13,
      pattern: { regex: /^\d{13}$/, message: 'L’IFU compte 13 chiffres.' },
      help: 'Pour une entreprise qui déduit la TVA : porté sur sa facture normalisée.',
    }),
    channel: f.enum('Canal', orderChannels, { default: 'web', readOnly: true }),
    /**
     * Why the owner must look at this sale: an offline sale that broke one of her rules (a discount
     * beyond her limit, less cash than due, more Mobile Money than the total, a date the phone got
     * wrong). Recorded all the same, since the goods left; she was alerted at once.
     */
    review: f.longText('À vérifier', { optional: true, readOnly: true, max: 1000 }),
    /**
     * What each product of the order cost the shop when it was sold (product id → unit cost, F CFA),
     * for its margin: the managers' alone, never the sellers' who read the order (a product without
     * a cost then is absent).
     */
    lineCosts: f.json('Coûts d’achat à la vente', z.record(z.string(), z.number()), { readOnly: true, optional: true, readers: MANAGERS }),
    trackingToken: f.text('Jeton de suivi', { readOnly: true, adminOnly: true }),
    idempotencyKey: f.text('Clé de requête', { readOnly: true, adminOnly: true }),
  },
  list: {
    columns: ['number', 'customerName', 'phone', 'total', 'status', 'paymentStatus', 'createdAt'],
    search: ['number', 'customerName', 'phone'],
    filters: ['status', 'paymentStatus', 'paymentMethod', 'channel'],
    sortable: ['number', 'total', 'status', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  admin: { icon: 'shopping-cart', detail: 'orders' },
  // Orders are placed by shoppers (orders.place); the admin follows them up and never deletes one.
  operations: { create: false, delete: false },
  checks: [
    {
      fields: ['phone', 'channel'],
      message: 'Indiquez le téléphone du client : c’est le seul moyen de le joindre.',
      valid: (order) => order.channel === 'counter' || !!order.phone,
    },
  ],
});

/** A cart's line as the checkout sends it: what and how many, never a price. */
const cartItemSchema = z.strictObject({
  id: z.uuid('Article inconnu.'),
  type: orderLineSchema.shape.type,
  quantity: z.number().int('Quantité entière attendue.').min(1, 'Quantité minimale : 1.').max(99, 'Quantité maximale : 99.'),
  /** The session chosen for a training. */
  sessionId: z.uuid('Session inconnue : choisissez-en une autre.').optional(),
});
const itemsOf = <T extends z.ZodType>(item: T) =>
  z.array(item, 'Liste d’articles attendue.').min(1, 'Votre panier est vide.').max(50, 'Trop d’articles dans une seule commande.');
const cartItemsSchema = itemsOf(cartItemSchema);

const promoCodeInput = z.string().trim().max(40, 'Code promo inconnu : vérifiez-le.');

/** A text field's schema of a value given (a field's `base` is typed loosely for any kind). */
const given = (field: { base: z.ZodType }) => field.base as z.ZodType<string, string>;

/** Generated once per checkout or counter ticket by the client: a retry returns the same order. */
const idempotencyKeySchema = z
  .string()
  .min(16)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/);

/** A code tried at checkout before ordering: its discount on this cart, or why not. */
export const promoQuoteSchema = z.strictObject({
  promoCode: promoCodeInput.min(1, 'Tapez un code promo.'),
  items: cartItemsSchema,
});

/** What the checkout sends: prices are never taken from the client. */
export const placeOrderSchema = orders.createSchema
  .pick({ customerName: true, phone: true, email: true, city: true, address: true, note: true, paymentMethod: true })
  .extend({
    // Required online (the order's only contact, and the customer's key), unlike a counter sale.
    phone: given(orders.fields.phone),
    paymentMethod: z.enum(WEB_PAYMENT_METHODS, 'Mode de paiement inconnu.').optional(),
    items: cartItemsSchema,
    deliveryOptionId: z.uuid('Option de livraison inconnue.').nullish(),
    /** Typed by the shopper: checked and applied by the server (orders/promo.ts), never a price from the client. */
    promoCode: promoCodeInput.nullish(),
    /** Francs of the signed-in customer's credit (« avoir », from returns) to pay part or all of it with. */
    useCredit: z.number('Montant de l’avoir attendu.').int('Montant en francs entiers.').min(0).max(100_000_000).optional(),
    /** Loyalty points to spend: the signed-in customer's own (customers/loyalty.ts), checked by the server. */
    loyaltyPoints: z.number('Nombre de points attendu.').int('Nombre de points entier attendu.').min(0).max(1_000_000).optional(),
    /** The unticked box by default: consent is given, never assumed. */
    marketingConsent: z.boolean('Oui ou non attendu.').optional(),
    /** The order's news by e-mail rather than on WhatsApp (kept for this phone, changed at any order). */
    updatesByEmail: z.boolean('Oui ou non attendu.').optional(),
    idempotencyKey: idempotencyKeySchema,
    ...honeypot,
  })
  .strict()
  .superRefine((order, ctx) => {
    if (!needsShipping(order.items)) return;
    if (!order.city?.trim()) ctx.addIssue({ code: 'custom', path: ['city'], message: 'Indiquez votre ville.' });
    if (!order.address?.trim()) ctx.addIssue({ code: 'custom', path: ['address'], message: 'Indiquez votre adresse de livraison.' });
  });
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;

const cashGiven = z.number('Montant reçu attendu.').min(0).max(100_000_000);
const mobileMoneyReference = z.string().trim().min(4, 'Indiquez la référence de la transaction Mobile Money.').max(100);

/**
 * A sale at the shop's counter, as the counter screen sends it: what and how many (never a price),
 * how it is paid (cash handed over, a Mobile Money reference, or both), and the buyer if they want
 * to be known (their phone makes them a customer; a business gives its IFU for its invoice).
 */
export const counterSaleSchema = z.strictObject({
  items: itemsOf(
    cartItemSchema.extend({
      // The shelf holds more than a cart: no per-line cap but the stock.
      quantity: z.number().int('Quantité entière attendue.').min(1, 'Quantité minimale : 1.').max(100_000),
      /** A discount on this line, in F CFA (with the whole sale's, within the owner's limit). */
      discount: z
        .number('Remise en F CFA attendue.')
        .int('Remise en francs entiers.')
        .min(0, 'Une remise ne peut pas être négative.')
        .optional(),
    }),
  ),
  payment: z.discriminatedUnion(
    'method',
    [
      z.strictObject({ method: z.literal('cash'), given: cashGiven }),
      z.strictObject({ method: z.literal('mobile_money'), reference: mobileMoneyReference }),
      // Part by Mobile Money, the rest in cash.
      z.strictObject({
        method: z.literal('cash_mobile_money'),
        mobileMoney: z
          .number('Montant payé par Mobile Money attendu.')
          .min(1, 'Indiquez le montant payé par Mobile Money.')
          .max(100_000_000),
        reference: mobileMoneyReference,
        given: cashGiven,
      }),
    ],
    'Choisissez le paiement : espèces, Mobile Money ou les deux.',
  ),
  /**
   * Part of the sale paid with a customer's credit (« avoir », from a return): whose (their phone, or
   * the return's number for a customer without one) and how much. The rest is paid as `payment` says.
   */
  credit: z
    .strictObject({
      from: z.string().trim().min(3, 'Le téléphone du client ou le numéro du retour.').max(40),
      amount: z.number('Montant de l’avoir attendu.').int('Montant en francs entiers.').min(1).max(100_000_000),
    })
    .optional(),
  /** A discount on the whole sale, in F CFA, within the owner's limit (Paramètres). */
  discount: z
    .number('Remise en F CFA attendue.')
    .int('Remise en francs entiers.')
    .min(0, 'Une remise ne peut pas être négative.')
    .optional(),
  // The buyer, if known, with the rules and messages of the orders' own fields (a phone in E.164).
  customerName: given(orders.fields.customerName).optional(),
  phone: given(orders.fields.phone).optional(),
  /** The ticket's link is sent there. */
  email: given(orders.fields.email).optional(),
  buyerIfu: given(orders.fields.buyerIfu).optional(),
  /** Loyalty points of the customer whose phone is given, spent as a discount (server/src/customers/loyalty.ts). */
  loyaltyPoints: z.number('Nombre de points attendu.').int('Nombre de points entier attendu.').min(1).max(1_000_000).optional(),
  idempotencyKey: idempotencyKeySchema,
  /**
   * Made while the phone was offline and sent later: the articles were handed over and the money
   * taken, so nothing that changed since (stock, a price) refuses it; the server records it and
   * tells the owner what differs.
   */
  offline: z
    .strictObject({
      soldAt: z.iso.datetime({ message: 'Date de vente invalide.' }),
      /** The total the phone showed and collected. */
      total: z.number().min(0).max(100_000_000),
    })
    .optional(),
});
export type CounterSaleInput = z.input<typeof counterSaleSchema>;
