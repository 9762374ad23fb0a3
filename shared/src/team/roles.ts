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
  seller: 'Vente au comptoir, caisse, commandes ; clients en lecture seule.',
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
} as const;
export type Area = keyof typeof AREAS;

export const may = (role: Role | undefined, roles: Roles) => role !== undefined && roles.includes(role);

/** Said when the server refuses a procedure to a role: a hidden menu is never a permission. */
export const forbiddenMessage = (role: Role) =>
  `Votre rôle (${ROLE_LABELS[role]}) ne permet pas cette action. Demandez au propriétaire de la boutique.`;
