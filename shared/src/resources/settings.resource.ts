import { openingHoursError } from '../format/opening-hours';
import { defineResource } from './define-resource';
import { f } from './fields';
import { booksChecks, booksSettingsFields } from './books';
import { invoicingSettingsFields } from './invoicing';
import { SHOP_RULES, TICKET_WIDTHS } from './labels';
import { MANAGERS, OWNER_ONLY } from '../team/roles';

/** One row: the business details the storefront shows. */
export const settings = defineResource({
  name: 'settings',
  label: { singular: 'Paramètres', plural: 'Paramètres' },
  titleField: 'businessName',
  read: 'public',
  team: { read: MANAGERS, write: OWNER_ONLY },
  fields: {
    businessName: f.text("Nom de l'entreprise", { max: 100 }),
    tagline: f.text('Slogan', { max: 300 }),
    homePromises: f.stringList('Engagements affichés sur la page d’accueil', {
      max: 4,
      default: [] as string[],
      help: 'Sous la bannière, ce que la boutique garantit vraiment (par exemple « Paiement à la livraison »). Vide : rien n’est affiché.',
    }),
    phone: f.phone('Téléphone'),
    whatsapp: f.phone('Numéro WhatsApp'),
    email: f.email('E-mail du support'),
    // Private: never in the public settings answer.
    notificationEmail: f.email('E-mail des alertes (commandes, demandes, messages)', {
      optional: true,
      adminOnly: true,
      help: 'Vide : les alertes vont à l’e-mail du premier administrateur. S’il s’agit de admin@boutique.local (créé au premier démarrage), personne ne les lit : mettez ici une vraie adresse.',
    }),
    // Private: the owner's own number, for the alerts by WhatsApp (when the shop's WhatsApp is configured).
    alertWhatsapp: f.phone('Numéro WhatsApp des alertes', {
      optional: true,
      adminOnly: true,
      help: 'Les alertes (commandes, paiements, messages…) arrivent aussi sur ce WhatsApp, par le numéro WhatsApp Business de la boutique. Vide : par e-mail et notifications seulement.',
    }),
    address: f.longText('Adresse postale', { max: 300 }),
    openingHours: f.stringList('Heures d’ouverture', {
      max: 7,
      default: [] as string[],
      item: openingHoursError,
      help: 'Une plage par ligne, par exemple « Lundi-Vendredi 08:00-18:30 » puis « Samedi 9h-13h ». Affichées sur la page Contact et données aux moteurs de recherche. Vide : rien n’est affiché.',
    }),
    // The shop's rules against stock hoarding (README, "Orders"). The per-line limit is public: the cart applies it.
    maxQuantityPerLine: f.integer('Quantité maximale par article', {
      min: 1,
      max: 10_000,
      default: SHOP_RULES.maxQuantityPerLine,
      help: 'Au-delà, la commande est refusée avec un message : le client vous contacte pour une grosse quantité.',
    }),
    maxUnconfirmedTotal: f.money('Montant maximal d’une commande payée à la livraison', {
      adminOnly: true,
      default: SHOP_RULES.maxUnconfirmedTotal,
      help: 'Une commande à payer à la livraison au-delà de ce montant est refusée ; le paiement Mobile Money en ligne n’a pas de plafond.',
    }),
    maxOpenOrdersPerPhone: f.integer('Commandes non confirmées par numéro de téléphone', {
      adminOnly: true,
      min: 1,
      max: 100,
      default: SHOP_RULES.maxOpenOrdersPerPhone,
      help: 'Au-delà, une nouvelle commande avec ce numéro est refusée tant que vous n’avez pas confirmé ou annulé les précédentes.',
    }),
    maxSeatsPerOrder: f.integer('Places maximales par commande et par session de formation', {
      adminOnly: true,
      min: 1,
      max: 1000,
      default: SHOP_RULES.maxSeatsPerOrder,
      help: 'Une commande ne peut pas réserver plus de places sur une même session : un groupe vous contacte.',
    }),
    maxOrdersPerAddressPerHour: f.integer('Commandes par heure depuis une même connexion', {
      adminOnly: true,
      min: 1,
      max: 10_000,
      default: SHOP_RULES.maxOrdersPerAddressPerHour,
      help: 'Au-delà, les commandes venant de la même adresse internet sont refusées pendant une heure. Sur mobile, plusieurs clients peuvent partager une adresse : ne descendez pas trop bas.',
    }),
    unpaidStockPercent: f.integer('Part du stock que les commandes non payées peuvent réserver (%)', {
      adminOnly: true,
      min: 1,
      max: 100,
      default: SHOP_RULES.unpaidStockPercent,
      help: 'Les commandes ni confirmées ni payées (paiement à la livraison) réservent ensemble au plus cette part du stock de chaque produit ; le reste attend les clients qui paient en ligne ou que vous avez confirmés. 100 : aucune limite.',
    }),
    maxCounterDiscountPercent: f.integer('Remise maximale au comptoir (%)', {
      adminOnly: true,
      min: 0,
      max: 100,
      default: SHOP_RULES.maxCounterDiscountPercent,
      help: 'Une vente au comptoir peut recevoir une remise jusqu’à ce pourcentage de son total ; 0 : aucune remise.',
    }),
    sellerRefundLimit: f.money('Remboursement permis aux vendeurs (F CFA)', {
      adminOnly: true,
      default: 0,
      help: 'Un vendeur peut rembourser un retour jusqu’à ce montant ; au-delà, le gérant ou vous. 0 : les vendeurs ne remboursent pas.',
    }),
    loyaltyRate: f.integer('Points de fidélité par tranche de 1 000 F', {
      adminOnly: true,
      default: 0,
      max: 1000,
      help: 'Un client identifié par son téléphone gagne ces points par 1 000 F d’achats payés et livrés (livraison non comptée), en ligne et au comptoir. 0 : pas de programme de fidélité.',
    }),
    loyaltyValue: f.money('Valeur d’un point (F CFA)', {
      adminOnly: true,
      default: 10,
      help: 'La remise qu’un point donne quand le client l’utilise, à la commande (connecté à Mon espace) ou au comptoir.',
    }),
    returnDays: f.integer('Délai de retour en ligne (jours)', {
      adminOnly: true,
      default: 0,
      max: 365,
      help: 'Pendant ces jours après la livraison, un client peut demander un retour depuis la page de suivi de sa commande (motif et photo) ; vous acceptez ou refusez. 0 : pas de demande en ligne.',
    }),
    ticketWidth: f.enum('Largeur des tickets de caisse', TICKET_WIDTHS, {
      adminOnly: true,
      default: 'mm80',
      help: 'La largeur du rouleau de votre imprimante de tickets : 80 mm (la plus courante) ou 58 mm (petites imprimantes portables).',
    }),
    holdHours: f.integer('Délai de confirmation (heures)', {
      adminOnly: true,
      min: 1,
      max: 720,
      default: SHOP_RULES.holdHours,
      help: 'Une commande « nouvelle » ni confirmée ni payée dans ce délai est annulée automatiquement : son stock revient et le client est prévenu.',
    }),
    whatsappMediaDays: f.integer('Conservation des fichiers reçus sur WhatsApp (jours)', {
      adminOnly: true,
      min: 1,
      max: 3650,
      default: 90,
      help: 'Les photos, messages vocaux et documents envoyés par les clients sont effacés de la boutique après ce délai (le message reste, le fichier reste dans WhatsApp).',
    }),
    outboxKeepDays: f.integer('Conservation des envois (jours)', {
      adminOnly: true,
      min: 7,
      max: 3650,
      default: 90,
      help: 'Les e-mails, notifications et messages envoyés (ou abandonnés) quittent la page « Envois » après ce délai ; ce qui attend ou a échoué reste, et les chiffres de vos lettres sont gardés.',
    }),
    auditKeepDays: f.integer('Conservation du journal d’audit (jours)', {
      adminOnly: true,
      min: 90,
      max: 3650,
      default: 365,
      help: 'Les entrées plus anciennes du journal d’audit sont effacées. Conservés 30 jours : les documents PDF refaits à la demande et les notifications reçues de WhatsApp.',
    }),
    ...invoicingSettingsFields,
    ...booksSettingsFields,
    facebook: f.url('Facebook', { optional: true }),
    instagram: f.url('Instagram', { optional: true }),
    linkedin: f.url('LinkedIn', { optional: true }),
    youtube: f.url('YouTube', { optional: true }),
    tiktok: f.url('TikTok', { optional: true }),
  },
  list: {
    columns: ['businessName', 'phone', 'email'],
    search: ['businessName'],
    sortable: ['updatedAt'],
    defaultSort: { field: 'updatedAt', order: 'desc' },
  },
  admin: { icon: 'setting' },
  singleton: true,
  operations: { create: false, delete: false },
  checks: [
    ...booksChecks,
    {
      fields: ['ifu'],
      message: 'L’IFU compte 13 chiffres (il figure sur votre attestation d’immatriculation).',
      valid: (r) => r.ifu === null || r.ifu === undefined || r.ifu === '' || /^\d{13}$/.test(String(r.ifu)),
    },
  ],
});
