import { type AnyResource, deviceName, formatXOF, isUuid, resources, ROLE_LABELS, type Role } from '@app/shared';
import { sql } from 'kysely';
import type { DB } from '../db/schema';
import { snakeCase, tableName } from '../db/columns';

/**
 * The journal d'audit (shared/src/resources/audit-log.resource.ts): every admin write and every
 * sign-in. Writes are recorded by the tRPC middleware in server/src/trpc.ts, which reads the record
 * a procedure names (`meta.audit`) before and after it; sign-ins by the auth router.
 */

/** Columns never copied into the journal: secrets, and what every write changes. */
const HIDDEN = new Set(['passwordHash', 'tokenHash', 'idempotencyKey', 'trackingToken', 'updatedAt', 'createdAt']);

/** A member of the team, or one invited to be. */
const PERSON = {
  email: { label: 'E-mail' },
  displayName: { label: 'Nom' },
  role: { label: 'Rôle', options: ROLE_LABELS },
  phone: { label: 'Téléphone' },
} as const;
/** The team's accounts are no resource (their password hash stays out of the generic API): their own labels. */
const TEAM_TABLE = {
  name: 'admins',
  label: { singular: 'Membre de l’équipe', plural: 'Équipe', feminine: false },
  titleField: 'email',
  fields: PERSON,
} as const;
/** Invitations to the team (server/src/team/team.ts): whom, as what; their link's hash stays out (HIDDEN). */
const INVITATIONS_TABLE = {
  name: 'invitations',
  label: { singular: 'Invitation', plural: 'Invitations', feminine: true },
  titleField: 'email',
  fields: {
    ...PERSON,
    invitedBy: { label: 'Invité par' },
    expiresAt: { label: 'Valable jusqu’au' },
    revokedAt: { label: 'Annulée le' },
    usedAt: { label: 'Acceptée le' },
  },
} as const;
type Audited = Pick<AnyResource, 'name' | 'label' | 'titleField'> & {
  fields: Record<string, { label: string; options?: Readonly<Record<string, string>>; kind?: string; references?: string }>;
  singleton?: boolean;
};
const OWN_TABLES: Record<string, Audited> = { [TEAM_TABLE.name]: TEAM_TABLE, [INVITATIONS_TABLE.name]: INVITATIONS_TABLE };
const audited = (name: string): Audited | undefined =>
  OWN_TABLES[name] ?? (resources as readonly AnyResource[]).find((r) => r.name === name);

/** What a procedure's verb is called in the journal. */
const VERBS: Record<string, string> = {
  create: 'création',
  update: 'modification',
  delete: 'suppression',
  transition: 'changement de statut',
  reopen: 'réouverture',
  setPayment: 'paiement',
  addNote: 'note ajoutée',
  retryInvoice: 'facture redemandée',
  sellAtCounter: 'vente au comptoir',
  assignCourier: 'livreur attribué',
  deliver: 'livrée',
  collect: 'encaissée',
  setRole: 'rôle changé',
  remove: 'retrait de l’équipe',
  open: 'ouverture',
  move: 'entrée ou sortie d’espèces',
  close: 'clôture',
  stopOffers: 'plus d’offres',
  retry: 'nouvel essai',
  assign: 'livreur attribué',
  sendTest: 'test envoyé',
  send: 'envoi aux abonnés',
  invite: 'envoyée',
  revokeInvitation: 'annulée',
};

/** Writes that name no record, by their path. */
const ACTIONS: Record<string, string> = {
  'auth.logout': 'Déconnexion',
  'auth.changePassword': 'Mot de passe changé',
  'team.endSessions': 'Sessions fermées',
  'rounds.handover': 'Remise des espèces d’un livreur',
  'whatsapp.reply': 'WhatsApp — réponse à un client',
};

export interface AuditActor {
  email: string;
  role: Role | null;
  device?: string | undefined;
  ip?: string | undefined;
}

type Row = Record<string, unknown>;

/** The record a write names, as stored (a singleton: its one row). */
export async function auditedRow(db: DB, resourceName: string, id: string | null): Promise<Row | null> {
  const target = audited(resourceName);
  if (!target || (!id && !target.singleton)) return null;
  const table = OWN_TABLES[target.name] ? target.name : tableName(target);
  let query = db.selectFrom(sql.table(table).as('t')).selectAll();
  if (id) query = query.where(sql.ref('t.id'), '=', id);
  const row = (await query.limit(1).executeTakeFirst()) as Row | undefined;
  return row ?? null;
}

type Shown = { options?: Readonly<Record<string, string>>; kind?: string; titles?: ReadonlyMap<string, string> };

/** A value as the owner reads it: « 57 000 F CFA », « 2 × Souris », a record by its name, never a raw id or JSON. */
const shown = (value: unknown, field: Shown = {}): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (field.options && typeof value === 'string' && field.options[value]) return field.options[value]!;
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  if (field.kind === 'money' && Number.isFinite(Number(value))) return formatXOF(Number(value));
  if (typeof value === 'string' && field.titles?.has(value)) return field.titles.get(value)!;
  const lines = Array.isArray(value) && value.every((l) => l && typeof l === 'object' && 'name' in l && 'quantity' in l);
  const text = lines
    ? (value as { name: string; quantity: number }[]).map((l) => `${l.quantity} × ${l.name}`).join(', ')
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
};

/** The titles of the records a write's reference fields point at (« Journée du lundi… » for an id). */
export async function referencedTitles(db: DB, resourceName: string, rows: (Row | null)[]) {
  const titles = new Map<string, string>();
  const target = audited(resourceName);
  for (const [key, field] of Object.entries(target?.fields ?? {})) {
    const other = field.references ? audited(field.references) : undefined;
    if (!other) continue;
    const ids = [...new Set(rows.map((row) => row?.[key]).filter((v): v is string => typeof v === 'string' && isUuid(v)))];
    if (!ids.length) continue;
    const found = await db
      .selectFrom(sql.table(tableName(other as AnyResource)).as('t'))
      .select([sql.ref('t.id').as('id'), sql.ref(`t.${snakeCase(other.titleField)}`).as('title')])
      .where(sql.ref('t.id'), 'in', ids)
      .execute()
      .catch(() => []);
    for (const r of found as { id: string; title: unknown }[]) titles.set(r.id, String(r.title));
  }
  return titles;
}

/** The fields a write changed, before and after, and their summary in French ("Statut : Expédiée → Livrée"). */
export function diff(resourceName: string, before: Row | null, after: Row | null, titles: ReadonlyMap<string, string> = new Map()) {
  const target = audited(resourceName);
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (key) => !HIDDEN.has(key) && key !== 'id' && JSON.stringify(before?.[key] ?? null) !== JSON.stringify(after?.[key] ?? null),
  );
  const pick = (row: Row | null) => (row ? Object.fromEntries(keys.map((key) => [key, row[key] ?? null])) : null);
  const changes = keys
    .map((key) => {
      const field = target?.fields[key];
      const label = field?.label ?? snakeCase(key);
      const as = { ...field, titles };
      if (!before) return `${label} : ${shown(after?.[key], as)}`;
      if (!after) return `${label} : ${shown(before[key], as)}`;
      return `${label} : ${shown(before[key], as)} → ${shown(after[key], as)}`;
    })
    .join(' ; ');
  return { before: pick(before), after: pick(after), changes: changes.slice(0, 4000) || null };
}

/** "Commande — changement de statut" from the procedure's path. */
export function actionOf(path: string, resourceName?: string) {
  const verb = path.split('.').pop() ?? path;
  const target = resourceName ? audited(resourceName) : undefined;
  const what = VERBS[verb] ?? verb;
  return (target ? `${target.label.singular} — ${what}` : (ACTIONS[path] ?? path)).slice(0, 200);
}

/** "Commande CMD-00012": the record's title as the owner knows it. */
export function recordOf(resourceName: string, row: Row | null) {
  const target = audited(resourceName);
  if (!target || !row) return null;
  const title = row[target.titleField] ?? row.number ?? row.id;
  return `${target.label.singular} ${shown(title)}`.slice(0, 300);
}

export async function writeAudit(
  db: DB,
  actor: AuditActor,
  entry: { action: string; record?: string | null; before?: Row | null; after?: Row | null; changes?: string | null },
) {
  await db
    .insertInto('auditLog')
    .values({
      actor: actor.email.slice(0, 320),
      role: actor.role,
      action: entry.action.slice(0, 200),
      record: entry.record ?? null,
      changes: entry.changes ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
      device: deviceName(actor.device),
      ip: actor.ip?.slice(0, 64) ?? null,
    } as never)
    .execute();
}
