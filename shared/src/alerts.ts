/** What the owner may be alerted of, by e-mail and on each device they choose (in this order in the account screen). */
export const alertKinds = {
  order: 'Nouvelles commandes',
  payment: 'Paiements Mobile Money (reçus, refusés, à vérifier)',
  request: 'Demandes de vérification',
  message: 'Messages de contact',
  stock: 'Stock bas',
  session: 'Rappels des sessions de formation (la veille)',
} as const;
export type AlertKind = keyof typeof alertKinds;
export const ALERT_KINDS = Object.keys(alertKinds) as AlertKind[];
