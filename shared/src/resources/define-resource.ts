import { z } from 'zod';
import type { AnyField, Field } from './fields';
import { MANAGERS, type Roles } from '../team/roles';

export type Fields = Record<string, AnyField>;
export type SortOrder = 'asc' | 'desc';
export const SYSTEM_COLUMNS = ['id', 'createdAt', 'updatedAt'] as const;

/** The generic writes; each is on unless the resource turns it off. */
export interface Operations {
  create?: boolean;
  update?: boolean;
  delete?: boolean;
}

export interface ResourceConfig<N extends string, F extends Fields, O extends Operations = Operations, S extends boolean = boolean> {
  /** Plural camelCase: the router key, the Refine resource, and (snake_case) the table. */
  name: N;
  label: {
    singular: string;
    plural: string;
    /** Grammatical gender, for 'Aucun produit trouvé' / 'Aucune demande trouvée'. */
    feminine?: boolean;
  };
  fields: F;
  /** Field shown as the record's title. */
  titleField: keyof F & string;
  /** Who may read: anyone (published records, public fields) or the admin only. Writes are always admin. */
  read: 'public' | 'admin';
  /**
   * Which roles of the team read its records in the admin (its menu entry, all its fields) and
   * which write them; the owner and the manager unless said (shared/src/team/roles.ts).
   */
  team?: { read?: Roles; write?: Roles };
  /** For public resources: a boolean field that hides the record from the public while false. */
  publishedField?: keyof F & string;
  /**
   * A reference field set on records that are part of another (a product's versions, shown on its
   * page): the shop's lists, searches, sitemap and addresses never show such a record on its own.
   */
  partOf?: keyof F & string;
  list: {
    columns: ReadonlyArray<(keyof F & string) | 'createdAt' | 'updatedAt'>;
    /** Case-insensitive substring search over these fields. */
    search: ReadonlyArray<keyof F & string>;
    /** Equality filters (enum, boolean or text fields). */
    filters?: ReadonlyArray<keyof F & string>;
    sortable: ReadonlyArray<(keyof F & string) | 'createdAt' | 'updatedAt'>;
    defaultSort: { field: (keyof F & string) | 'createdAt' | 'updatedAt'; order: SortOrder };
  };
  /**
   * Admin screens: the path under /admin (default: the name in kebab-case) and the menu entry
   * (default: the plural label). The menu follows the order of the `resources` tuple; records are
   * made in `dependencyOrder`, whatever that order.
   */
  admin?: {
    route?: string;
    menuLabel?: string;
    icon?: AdminIcon;
    /**
     * A hand-made detail screen opens a record at `/<detail>/:id` instead of the generic edit form
     * (spec: verifications/:id, orders/:id; messages/:id).
     */
    detail?: string;
  };
  /**
   * A public record with a page of its own on the storefront: its address (from its slug), and the
   * name of its sitemap files (`/sitemaps/<sitemap>-1.xml`, listing every published one).
   */
  page?: { path: (record: { slug: string }) => string; sitemap: string };
  /** One row only (settings): read with `get`, written with `update`, no list. */
  singleton?: S;
  /** Which generic writes the admin may use (all by default); a verb turned off is not in the API at all. */
  operations?: O;
  /**
   * Rules across fields, on the whole record (for an update: the stored record with the changes).
   * The admin form and the server both apply them; the message shows on the first field named.
   */
  checks?: ReadonlyArray<RecordCheck<keyof F & string>>;
}

/** The menu icons the admin has (admin/src/layout/icons.tsx maps each one: a name missing there does not compile). */
export const ADMIN_ICONS = [
  'dashboard',
  'shopping',
  'read',
  'rise',
  'safety',
  'car',
  'tool',
  'message',
  'book',
  'calendar',
  'shopping-cart',
  'team',
  'tag',
  'mail',
  'inbox',
  'send',
  'setting',
  'wallet',
  'rollback',
  'shop',
  'audit',
  'whatsapp',
  'stock',
  'exception',
  'account-book',
] as const;
export type AdminIcon = (typeof ADMIN_ICONS)[number];

export interface RecordCheck<K extends string = string> {
  fields: readonly [K, ...K[]];
  message: string;
  valid: (record: Readonly<Record<string, unknown>>) => boolean;
}

/** The first rule a record breaks, or null. */
export function brokenCheck(resource: Pick<AnyResource, 'checks'>, record: Readonly<Record<string, unknown>>): RecordCheck | null {
  return (resource.checks ?? []).find((check) => !check.valid(record)) ?? null;
}

type WritableKeys<F extends Fields> = {
  [K in keyof F]: F[K] extends Field<z.ZodType, true> ? never : K;
}[keyof F];
type UpdatableKeys<F extends Fields> = Exclude<WritableKeys<F>, { [K in keyof F]: F[K]['createOnly'] extends true ? K : never }[keyof F]>;

export type CreateShape<F extends Fields> = { [K in WritableKeys<F>]: F[K]['schema'] };
export type UpdateShape<F extends Fields> = { [K in UpdatableKeys<F>]: z.ZodOptional<z.ZodType<z.output<F[K]['schema']>>> };
export type RowOf<F extends Fields> = { id: string; createdAt: string; updatedAt: string } & {
  [K in keyof F]: Exclude<z.output<F[K]['schema']>, undefined> | (F[K]['optional'] extends true ? null : never);
};

/** What `list` returns: rich-text fields are left out (fetch one record for them). */
export type ListRowOf<F extends Fields> = Omit<RowOf<F>, { [K in keyof F]: F[K]['kind'] extends 'html' ? K : never }[keyof F]>;

export interface Resource<
  N extends string = string,
  F extends Fields = Fields,
  O extends Operations = Operations,
  S extends boolean = boolean,
> extends Omit<ResourceConfig<N, F, O, S>, 'admin' | 'operations' | 'team'> {
  admin: { route: string; menuLabel: string; icon?: AdminIcon; detail?: string };
  team: { read: Roles; write: Roles };
  createSchema: z.ZodObject<CreateShape<F>>;
  updateSchema: z.ZodObject<UpdateShape<F>>;
  filterSchema: z.ZodObject<Record<string, z.ZodOptional<z.ZodType>>>;
  operations: { create: boolean; update: boolean; delete: boolean };
  /** Type-only markers: the row shape, and the verbs turned off. */
  readonly $row?: RowOf<F>;
  readonly $operations?: O;
}

export type AnyResource = Resource<string, Fields, Operations, boolean>;
/** The generic verbs a resource turns off ('create' | 'delete' for orders). */
export type DisabledVerbs<R> =
  R extends Resource<string, Fields, infer O, boolean> ? { [K in keyof O]: O[K] extends false ? K : never }[keyof O] : never;
export type RowOfResource<R> = R extends Resource<string, infer F> ? RowOf<F> : never;
export type ListRowOfResource<R> = R extends Resource<string, infer F> ? ListRowOf<F> : never;

/** Declares an entity once; validation, table, API and admin screens all derive from it. */
export function defineResource<
  const N extends string,
  const F extends Fields,
  const O extends Operations = Operations,
  const S extends boolean = false,
>(config: ResourceConfig<N, F, O, S>): Resource<N, F, O, S> {
  const writable = Object.entries(config.fields).filter(([, field]) => !field.readOnly);
  const createShape = Object.fromEntries(writable.map(([key, field]) => [key, field.schema]));
  const updateShape = Object.fromEntries(
    writable
      .filter(([, field]) => !field.createOnly)
      .map(([key, field]) => [
        key,
        field.optional ? z.preprocess((v) => (v === '' ? null : v), field.base.nullable()).optional() : field.base.optional(),
      ]),
  );
  const filterShape = Object.fromEntries((config.list.filters ?? []).map((key) => [key, config.fields[key]!.base.optional()]));
  for (const key of [...config.list.search, ...config.list.columns, ...config.list.sortable]) {
    if (!(key in config.fields) && !(SYSTEM_COLUMNS as readonly string[]).includes(key)) {
      throw new Error(`Resource ${config.name}: unknown field "${String(key)}" in list settings`);
    }
  }
  for (const [key, field] of Object.entries(config.fields)) {
    // Shown to some of the team only: nobody may write what they may not read, nor search or sort by it.
    if (
      field.readers &&
      (!field.readOnly ||
        [...config.list.search, ...config.list.columns, ...config.list.sortable, ...(config.list.filters ?? [])].includes(key))
    )
      throw new Error(`Resource ${config.name}: "${key}" has readers, so it is readOnly and out of the list's settings`);
    if (field.ownScreen && !field.readOnly)
      throw new Error(`Resource ${config.name}: "${key}" is left to its own screen, so it is readOnly`);
  }
  // Unknown keys are refused rather than silently dropped, with the key named.
  const strict = {
    error: (issue: { code?: string; keys?: string[] }) =>
      issue.code === 'unrecognized_keys' ? `Champ inconnu : ${issue.keys?.join(', ')}.` : undefined,
  };
  return {
    ...config,
    admin: {
      route: config.admin?.route ?? kebabCase(config.name),
      menuLabel: config.admin?.menuLabel ?? config.label.plural,
      ...(config.admin?.icon ? { icon: config.admin.icon } : {}),
      ...(config.admin?.detail ? { detail: config.admin.detail } : {}),
    },
    team: { read: config.team?.read ?? MANAGERS, write: config.team?.write ?? MANAGERS },
    createSchema: z.strictObject(createShape, strict) as unknown as z.ZodObject<CreateShape<F>>,
    updateSchema: z.strictObject(updateShape, strict) as unknown as z.ZodObject<UpdateShape<F>>,
    filterSchema: z.strictObject(filterShape, strict) as z.ZodObject<Record<string, z.ZodOptional<z.ZodType>>>,
    operations: { create: true, update: true, delete: true, ...config.operations },
  };
}

/**
 * A registry in the order its records can be made: each resource after those its references point
 * at (the seed, a test's migrations). The registry's own order is only the admin menu's.
 */
export function dependencyOrder<R extends Pick<AnyResource, 'name' | 'fields'>>(registry: readonly R[]): R[] {
  const byName = new Map(registry.map((r) => [r.name, r]));
  const state = new Map<string, 'visiting' | 'done'>();
  const ordered: R[] = [];
  const visit = (resource: R, path: readonly string[]) => {
    if (state.get(resource.name) === 'done') return;
    if (state.get(resource.name) === 'visiting') throw new Error(`Références en boucle : ${[...path, resource.name].join(' → ')}`);
    state.set(resource.name, 'visiting');
    for (const [key, field] of Object.entries(resource.fields)) {
      if (!field.references || field.references === resource.name) continue;
      const target = byName.get(field.references);
      if (!target) throw new Error(`${resource.name}.${key} désigne « ${field.references} », qui n’est pas dans le registre`);
      visit(target, [...path, resource.name]);
    }
    state.set(resource.name, 'done');
    ordered.push(resource);
  };
  for (const resource of registry) visit(resource, []);
  return ordered;
}

/** 'Aucun produit trouvé' / 'Aucune demande trouvée' */
export function emptyMessage(resource: Pick<AnyResource, 'label'>): string {
  const { singular, feminine } = resource.label;
  return `${feminine ? 'Aucune' : 'Aucun'} ${singular.toLowerCase()} ${feminine ? 'trouvée' : 'trouvé'}`;
}

/** 'deliveryOptions' → 'delivery-options' */
export const kebabCase = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * Where a resource lives in the admin, from its declaration alone (paths under /admin, as the
 * admin's router sees them): its list, its create form, and where one record opens.
 */
export function adminRoutes(resource: Pick<AnyResource, 'admin' | 'singleton' | 'operations'>) {
  const list = `/${resource.admin.route}`;
  if (resource.singleton) return { list };
  return {
    list,
    ...(resource.operations.create ? { create: `${list}/add` } : {}),
    ...(resource.admin.detail ? { show: `/${resource.admin.detail}/:id` } : resource.operations.update ? { edit: `${list}/edit/:id` } : {}),
  };
}

/**
 * The address of a resource's admin screen, or of one of its records: every link the server writes
 * (an e-mail, a notification) comes from here, never from a hand-built string.
 */
export function adminPath(resource: Pick<AnyResource, 'admin' | 'singleton' | 'operations'>, id?: string): string {
  const routes = adminRoutes(resource);
  const record = 'show' in routes ? routes.show : 'edit' in routes ? routes.edit : undefined;
  return `/admin${id !== undefined && record ? record.replace(':id', encodeURIComponent(id)) : routes.list}`;
}

/** 'Nouveau produit', 'Nouvelle lettre', 'Nouvel inventaire' / 'Modifier le produit', 'Modifier l’inventaire', 'Modifier la lettre' */
export function formTitle(resource: Pick<AnyResource, 'label'>, action: 'create' | 'edit'): string {
  const { singular, feminine } = resource.label;
  const name = singular.toLowerCase();
  const vowel = /^[aeiouyhéèêàâîôû]/i.test(name);
  if (action === 'create') return `${feminine ? 'Nouvelle' : vowel ? 'Nouvel' : 'Nouveau'} ${name}`;
  return `Modifier ${vowel ? 'l’' : feminine ? 'la ' : 'le '}${name}`;
}
