// Who does what in the shop's team. Declared once: the resources name who reads and writes them
// (`team` in their declaration), the areas below name the rest; the server's policy per procedure
// (`meta.roles`), the admin's menu and its routes all read these lists and nothing else.

export const ROLES = ['owner', 'manager', 'seller', 'courier'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Propriétaire',
  manager: 'Gérant',
  seller: 'Vendeur',
  courier: 'Livreur',
};

/** What each role is for, shown where the owner chooses one. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: 'Tout, y compris l’équipe, les paramètres, les sauvegardes et le journal d’audit.',
  manager: 'Tout, sauf l’équipe, les paramètres et les sauvegardes.',
  seller: 'Vente au comptoir, caisse, commandes (sans remboursement ni export) ; clients en lecture seule.',
  courier: 'Seulement les livraisons qui lui sont confiées.',
};

export type Roles = readonly Role[];

/** The owner and the manager: a resource's readers and writers unless it says otherwise. */
export const MANAGERS: Roles = ['owner', 'manager'];
/** Who sells at the counter. */
export const SELLERS: Roles = ['owner', 'manager', 'seller'];
export const OWNER_ONLY: Roles = ['owner'];
export const EVERYONE: Roles = ROLES;

/**
 * The areas that are no resource's. A procedure or a screen of an area names it; a procedure that
 * names nothing is the managers' (safe by default: a new screen is hidden from sellers and couriers).
 */
export const AREAS = {
  /** Tableau de bord: sales figures, the shop's health. */
  dashboard: MANAGERS,
  /** Vente au comptoir: the catalogue kept on the phone, a sale, its ticket. */
  counter: SELLERS,
  /** Équipe: invitations, roles, removing someone, ending anyone's sessions. */
  team: OWNER_ONLY,
  /** Journal d'audit: who changed what. */
  audit: OWNER_ONLY,
  /** Sauvegardes. */
  backups: OWNER_ONLY,
  /** The courier's round (his own deliveries; the managers see every courier's). */
  round: ['owner', 'manager', 'courier'] as Roles,
  /** WhatsApp: the customers' conversations, and replying to them. */
  whatsapp: SELLERS,
  /** One's own account: password, passkeys, sessions, this device's alerts. */
  account: EVERYONE,
  /** Giving money back: a refund, a payment undone, a paid order cancelled (`reversesMoney`). */
  refunds: MANAGERS,
  /** The files of orders and customers (names, phones, addresses, totals). */
  exports: MANAGERS,
  /** Changing the phone or e-mail an order is tied to (which customer it belongs to). */
  customerContacts: MANAGERS,
  /** Comptabilité: the sales journal, the VAT figures, their exports for the accountant. */
  books: MANAGERS,
} as const;
export type Area = keyof typeof AREAS;

/** What each area allows, as Équipe says it (roleSummary). */
export const AREA_LABELS: Record<Area, string> = {
  dashboard: 'le tableau de bord et les chiffres de vente',
  counter: 'la vente au comptoir',
  team: 'l’équipe (invitations, rôles, sessions de chacun)',
  audit: 'le journal d’audit',
  backups: 'les sauvegardes',
  round: 'les tournées de livraison',
  whatsapp: 'les conversations WhatsApp avec les clients',
  account: 'son propre compte (mot de passe, clés d’accès, alertes)',
  refunds: 'rembourser, annuler une commande payée ou revenir sur un paiement',
  exports: 'exporter les commandes et les clients',
  customerContacts: 'changer le téléphone ou l’e-mail du client d’une commande',
  books: 'la comptabilité (journal des ventes, TVA, exports pour le comptable)',
};

/** A resource as roleSummary needs it: its name in the menu, who reads and who writes it. */
export interface RolePlace {
  label: { plural: string };
  read: Roles;
  write: Roles;
}

/**
 * What a role may and may not do, in French, from the declarations the server enforces: each
 * resource's readers and writers, and the areas. Shown in Équipe.
 */
export function roleSummary(role: Role, places: readonly RolePlace[]) {
  const may: string[] = [];
  const mayNot: string[] = [];
  for (const place of places) {
    const name = place.label.plural;
    if (place.write.includes(role)) may.push(name);
    else if (place.read.includes(role)) may.push(`${name} (lecture seule)`);
    else mayNot.push(name);
  }
  // An area that is also a resource (the audit log) is said once.
  const named = new Set(places.map((place) => place.label.plural.toLowerCase()));
  for (const area of (Object.keys(AREAS) as Area[]).filter((a) => !named.has(AREA_LABELS[a].replace(/^(le |la |les |l’)/, '')))) {
    const label = area === 'round' && role === 'courier' ? 'ses propres livraisons' : AREA_LABELS[area];
    (AREAS[area].includes(role) ? may : mayNot).push(label);
  }
  return { may, mayNot };
}

export const may = (role: Role | undefined, roles: Roles) => role !== undefined && roles.includes(role);

/** Said when the server refuses a procedure to a role: a hidden menu is never a permission. */
export const forbiddenMessage = (role: Role) =>
  `Votre rôle (${ROLE_LABELS[role]}) ne permet pas cette action. Demandez au propriétaire de la boutique.`;
