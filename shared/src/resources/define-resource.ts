import { z } from 'zod';
import type { AnyField, Field } from './fields';

export type Fields = Record<string, AnyField>;
export type SortOrder = 'asc' | 'desc';
export const SYSTEM_COLUMNS = ['id', 'createdAt', 'updatedAt'] as const;

export interface ResourceConfig<N extends string, F extends Fields> {
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
  /** For public resources: a boolean field that hides the record from the public while false. */
  publishedField?: keyof F & string;
  list: {
    columns: ReadonlyArray<(keyof F & string) | 'createdAt' | 'updatedAt'>;
    /** Case-insensitive substring search over these fields. */
    search: ReadonlyArray<keyof F & string>;
    /** Equality filters (enum, boolean or text fields). */
    filters?: ReadonlyArray<keyof F & string>;
    sortable: ReadonlyArray<(keyof F & string) | 'createdAt' | 'updatedAt'>;
    defaultSort: { field: (keyof F & string) | 'createdAt' | 'updatedAt'; order: SortOrder };
  };
  /** Admin screens: the path under /admin and the menu entry. */
  admin: { route: string; menuLabel: string; order: number; icon?: string };
  /** One row only (settings): read with `get`, written with `update`, no list. */
  singleton?: boolean;
  /** Which generic writes the admin may use (all by default). */
  operations?: { create?: boolean; update?: boolean; delete?: boolean };
  /**
   * Rules across fields, on the whole record (for an update: the stored record with the changes).
   * The admin form and the server both apply them; the message shows on the first field named.
   */
  checks?: ReadonlyArray<RecordCheck<keyof F & string>>;
}

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

export type CreateShape<F extends Fields> = { [K in WritableKeys<F>]: F[K]['schema'] };
export type UpdateShape<F extends Fields> = { [K in WritableKeys<F>]: z.ZodOptional<z.ZodType<z.output<F[K]['schema']>>> };
export type RowOf<F extends Fields> = { id: string; createdAt: string; updatedAt: string } & {
  [K in keyof F]: Exclude<z.output<F[K]['schema']>, undefined> | (F[K]['optional'] extends true ? null : never);
};

/** What `list` returns: rich-text fields are left out (fetch one record for them). */
export type ListRowOf<F extends Fields> = Omit<RowOf<F>, { [K in keyof F]: F[K]['kind'] extends 'html' ? K : never }[keyof F]>;

export interface Resource<N extends string = string, F extends Fields = Fields> extends ResourceConfig<N, F> {
  createSchema: z.ZodObject<CreateShape<F>>;
  updateSchema: z.ZodObject<UpdateShape<F>>;
  filterSchema: z.ZodObject<Record<string, z.ZodOptional<z.ZodType>>>;
  operations: { create: boolean; update: boolean; delete: boolean };
  /** Type-only marker for the row shape. */
  readonly $row?: RowOf<F>;
}

export type AnyResource = Resource<string, Fields>;
export type RowOfResource<R> = R extends Resource<string, infer F> ? RowOf<F> : never;

/** Declares an entity once; validation, table, API and admin screens all derive from it. */
export function defineResource<const N extends string, const F extends Fields>(config: ResourceConfig<N, F>): Resource<N, F> {
  const writable = Object.entries(config.fields).filter(([, field]) => !field.readOnly);
  const createShape = Object.fromEntries(writable.map(([key, field]) => [key, field.schema]));
  const updateShape = Object.fromEntries(
    writable.map(([key, field]) => [
      key,
      field.optional ? z.preprocess((v) => (v === '' ? null : v), field.base.nullable()).optional() : field.base.optional(),
    ]),
  );
  const filterShape = Object.fromEntries((config.list.filters ?? []).map((key) => [key, config.fields[key]!.base.optional()]));
  for (const key of [...config.list.search, ...config.list.columns, ...config.list.sortable]) {
    if (!(key in config.fields) && !SYSTEM_COLUMNS.includes(key as never)) {
      throw new Error(`Resource ${config.name}: unknown field "${String(key)}" in list settings`);
    }
  }
  // Unknown keys are refused rather than silently dropped, with the key named.
  const strict = {
    error: (issue: { code?: string; keys?: string[] }) =>
      issue.code === 'unrecognized_keys' ? `Champ inconnu : ${issue.keys?.join(', ')}.` : undefined,
  };
  return {
    ...config,
    createSchema: z.strictObject(createShape, strict) as unknown as z.ZodObject<CreateShape<F>>,
    updateSchema: z.strictObject(updateShape, strict) as unknown as z.ZodObject<UpdateShape<F>>,
    filterSchema: z.strictObject(filterShape, strict) as z.ZodObject<Record<string, z.ZodOptional<z.ZodType>>>,
    operations: { create: true, update: true, delete: true, ...config.operations },
  };
}

/** 'Aucun produit trouvé' / 'Aucune demande trouvée' */
export function emptyMessage(resource: Pick<AnyResource, 'label'>): string {
  const { singular, feminine } = resource.label;
  return `${feminine ? 'Aucune' : 'Aucun'} ${singular.toLowerCase()} ${feminine ? 'trouvée' : 'trouvé'}`;
}
