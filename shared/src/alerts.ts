import { MANAGERS, type Role, type Roles, SELLERS } from './team/roles';

/** What the owner may be alerted of, by e-mail and on each device they choose (in this order in the account screen). */
export const alertKinds = {
  order: 'Nouvelles commandes',
  payment: 'Paiements Mobile Money (reçus, refusés, à vérifier)',
  request: 'Demandes de vérification',
  message: 'Messages de contact',
  stock: 'Stock bas',
  review: 'Ventes au comptoir à vérifier (hors des règles de la caisse)',
  session: 'Rappels des sessions de formation (la veille)',
  delivery: 'Livraisons qui me sont confiées',
  whatsapp: 'Messages WhatsApp des clients',
} as const;
export type AlertKind = keyof typeof alertKinds;
export const ALERT_KINDS = Object.keys(alertKinds) as AlertKind[];

/**
 * Who of the team may receive each alert (what it tells is theirs to read): a seller hears of orders
 * and payments, a courier only of the deliveries given to him.
 */
export const ALERT_ROLES: Record<AlertKind, Roles> = {
  order: SELLERS,
  payment: SELLERS,
  request: MANAGERS,
  message: MANAGERS,
  stock: MANAGERS,
  review: MANAGERS,
  session: MANAGERS,
  delivery: ['courier'],
  whatsapp: SELLERS,
};

/** The alerts a role may choose for its devices. */
export const alertKindsFor = (role: Role) => ALERT_KINDS.filter((kind) => ALERT_ROLES[kind].includes(role));
