import { EMAIL_MAX, isEmail } from '../format/email';
import { moneyError } from '../format/money';
import { parsePhone, phoneError } from '../format/phone';
import { barcodeError, normalizeBarcode } from '../format/barcode';
import { SLUG_MAX_LENGTH, SLUG_MESSAGE, SLUG_PATTERN } from '../format/slugify';
import { z } from 'zod';
import { visibleText } from '../format/visible';
import type { Roles } from '../team/roles';

// zod's own French messages are the fallback for anything our builders do not word themselves.
z.config(z.locales.fr());

export type FieldKind =
  | 'text'
  | 'longText'
  | 'html'
  | 'slug'
  | 'url'
  | 'image'
  | 'imageList'
  | 'money'
  | 'integer'
  | 'rating'
  | 'boolean'
  | 'enum'
  | 'date'
  | 'datetime'
  | 'stringList'
  | 'email'
  | 'phone'
  | 'barcode'
  | 'reference'
  | 'json';

export interface FieldOptions<T = unknown> {
  /** May be left empty; stored as NULL. */
  optional?: boolean;
  default?: T | (() => T);
  /** Never returned to anonymous readers. */
  adminOnly?: boolean;
  /**
   * Of the resource's team, the only roles that receive it (an order's costs: the managers', not the
   * sellers' who read the order): never sent to anyone else, public or team. Such a field is readOnly.
   */
  readers?: Roles;
  /** Set by the server: not part of create/update inputs. */
  readOnly?: boolean;
  /**
   * Shown and written by the resource's own screen, not its generated form (a product's options and
   * versions: « Options et variantes »). Such a field is readOnly.
   */
  ownScreen?: boolean;
  /**
   * Given when the record is made, then changed only by the resource's own procedures (a product's
   * stock, through its movements): not part of the update input, shown read-only on the edit form.
   */
  createOnly?: boolean;
  help?: string;
  /**
   * No two records share this value (the database holds it: UNIQUE, or a unique index the migration
   * writes): the French message a duplicate gets, on this field.
   */
  unique?: string;
}

export interface FieldMeta {
  kind: FieldKind;
  label: string;
  optional: boolean;
  adminOnly: boolean;
  /** Set: the only roles that receive it (see FieldOptions). */
  readers?: Roles;
  readOnly: boolean;
  /** Left to the resource's own screen (see FieldOptions). */
  ownScreen?: boolean;
  createOnly: boolean;
  hasDefault: boolean;
  default?: unknown;
  help?: string;
  /** The message of a duplicate value, for a field no two records may share. */
  unique?: string;
  /** text and list lengths, number bounds */
  min?: number;
  max?: number;
  /** slug: the field it is derived from */
  from?: string;
  /** enum: value -> French label, in display order */
  options?: Readonly<Record<string, string>>;
  /** text: the shape a value must have (a regular expression PostgreSQL reads too), and the French message */
  pattern?: { source: string; message: string };
  /** reference: the name of the resource whose record's id this field holds */
  references?: string;
  /**
   * reference: the record pointed at may be deleted all the same, this one keeping its other fields
   * (a stock movement outlives its product): ON DELETE SET NULL.
   */
  detachOnDelete?: boolean;
}

export interface Field<
  Z extends z.ZodType = z.ZodType,
  RO extends boolean = boolean,
  K extends FieldKind = FieldKind,
  CO extends boolean = boolean,
> extends FieldMeta {
  kind: K;
  createOnly: CO;
  /** Schema of the create input: defaults and optionality applied. */
  schema: Z;
  /** Schema of a present, non-empty value (used for updates and filters). */
  base: z.ZodType;
  readOnly: RO;
}

type Wrap<Z extends z.ZodType, O> = O extends { default: unknown }
  ? z.ZodDefault<Z>
  : O extends { optional: true }
    ? z.ZodOptional<z.ZodNullable<Z>>
    : Z;
type RO<O> = O extends { readOnly: true } ? true : false;
type CO<O> = O extends { createOnly: true } ? true : false;

export const REQUIRED = 'Ce champ est obligatoire.';

const typed = (expected: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null || issue.input === '' ? REQUIRED : expected),
});

const emptyToNull = (v: unknown) => (typeof v === 'string' && visibleText(v) === '' ? null : v);

function build<const K extends FieldKind, Z extends z.ZodType, const O extends FieldOptions>(
  kind: K,
  label: string,
  base: Z,
  opts: O | undefined,
  extra: Partial<FieldMeta> = {},
): Field<Wrap<Z, O>, RO<O>, K, CO<O>> {
  const o = (opts ?? {}) as FieldOptions;
  let schema: z.ZodType = base;
  if (o.default !== undefined) schema = (base as z.ZodType<unknown>).default(o.default);
  else if (o.optional) schema = z.preprocess(emptyToNull, base.nullable()).optional();
  return {
    ...extra,
    kind,
    label,
    optional: !!o.optional,
    adminOnly: !!o.adminOnly,
    readOnly: !!o.readOnly as RO<O>,
    createOnly: !!o.createOnly as CO<O>,
    hasDefault: o.default !== undefined,
    default: o.default,
    help: o.help,
    ...(o.unique ? { unique: o.unique } : {}),
    ...(o.readers ? { readers: o.readers } : {}),
    ...(o.ownScreen ? { ownScreen: true } : {}),
    schema: schema as Wrap<Z, O>,
    base,
  };
}

const str = (max: number, min = 1) =>
  z
    .string(typed('Texte attendu.'))
    .overwrite(visibleText)
    .min(min, min <= 1 ? REQUIRED : `Au moins ${min} caractères.`)
    .max(max, `${max} caractères au maximum.`);

/** A zod check from one of the shared, zod-free rules (format/): the same French message everywhere. */
const ruledBy =
  <T>(error: (value: T) => string | undefined) =>
  (value: T, ctx: z.RefinementCtx<T>) => {
    const message = error(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  };

const HTTP_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const LOCAL_PATH = /^\/(?!\/)[^\s]*$/;

const url = (allowLocal: boolean, message: string) =>
  str(2000).refine((v) => {
    if (allowLocal && LOCAL_PATH.test(v)) return true;
    if (!HTTP_URL.test(v)) return false;
    try {
      return ['http:', 'https:'].includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, message);

type TextOpts = FieldOptions<string> & { max?: number; min?: number; pattern?: { regex: RegExp; message: string } };

/** Field builders: each returns the metadata the admin and the database need, and the zod schema. */
export const f = {
  text: <const O extends TextOpts = object>(label: string, opts?: O) =>
    build(
      'text',
      label,
      opts?.pattern ? str(opts.max ?? 200, opts.min).regex(opts.pattern.regex, opts.pattern.message) : str(opts?.max ?? 200, opts?.min),
      opts,
      {
        max: opts?.max ?? 200,
        ...(opts?.pattern ? { pattern: { source: opts.pattern.regex.source, message: opts.pattern.message } } : {}),
      },
    ),
  longText: <const O extends TextOpts = object>(label: string, opts?: O) =>
    build('longText', label, str(opts?.max ?? 5000, opts?.min), opts, { max: opts?.max ?? 5000 }),
  /** Rich text; the server sanitizes it on every write. */
  html: <const O extends TextOpts = object>(label: string, opts?: O) =>
    build('html', label, str(opts?.max ?? 100_000), opts, { max: opts?.max ?? 100_000 }),
  /** Derived from another field when left empty, so always present once stored. */
  slug: <const O extends FieldOptions<string> = object>(label: string, from: string, opts?: O) =>
    build(
      'slug',
      label,
      str(SLUG_MAX_LENGTH).toLowerCase().regex(SLUG_PATTERN, SLUG_MESSAGE),
      { optional: true, unique: 'Ce slug est déjà utilisé : choisissez-en un autre.', ...opts } as O & { optional: true },
      { from, max: SLUG_MAX_LENGTH },
    ) as unknown as Field<z.ZodOptional<z.ZodType<string, string | null>>, RO<O>, 'slug'>,
  url: <const O extends FieldOptions<string> = object>(label: string, opts?: O) =>
    build('url', label, url(false, 'Adresse web invalide (http:// ou https://).'), opts),
  image: <const O extends FieldOptions<string> = object>(label: string, opts?: O) =>
    build('image', label, url(true, "Adresse d'image invalide."), opts),
  imageList: <const O extends FieldOptions<string[]> = object>(label: string, opts?: O & { max?: number }) =>
    build(
      'imageList',
      label,
      z
        .array(url(true, "Adresse d'image invalide."), typed('Liste attendue.'))
        .max(opts?.max ?? 12, `${opts?.max ?? 12} images au maximum.`),
      opts,
      { max: opts?.max ?? 12 },
    ),
  /** XOF, two decimals; numeric(12,2) in SQL. */
  /** `signed`: a difference (a cash count short of what was expected), negative as well. */
  money: <const O extends FieldOptions<number> & { signed?: boolean } = object>(label: string, opts?: O) =>
    build(
      'money',
      label,
      z
        .number(typed('Montant attendu.'))
        .superRefine(ruledBy(opts?.signed ? (amount: number) => moneyError(Math.abs(amount)) : moneyError)),
      opts,
      opts?.signed ? {} : { min: 0 },
    ),
  integer: <const O extends FieldOptions<number> & { min?: number; max?: number } = object>(label: string, opts?: O) =>
    build(
      'integer',
      label,
      z
        .number(typed('Nombre entier attendu.'))
        .int('Nombre entier attendu.')
        .min(opts?.min ?? 0, `Minimum ${opts?.min ?? 0}.`)
        .max(opts?.max ?? 1_000_000_000, `Maximum ${opts?.max ?? 1_000_000_000}.`),
      opts,
      { min: opts?.min ?? 0, max: opts?.max },
    ),
  rating: <const O extends FieldOptions<number> = object>(label: string, opts?: O) =>
    build(
      'rating',
      label,
      z.number(typed('Note attendue.')).int('Note entière attendue.').min(1, 'Note de 1 à 5.').max(5, 'Note de 1 à 5.'),
      opts,
      { min: 1, max: 5 },
    ),
  boolean: <const O extends FieldOptions<boolean> = object>(label: string, opts?: O) =>
    build('boolean', label, z.boolean(typed('Oui ou non attendu.')), opts),
  enum: <const V extends string, const O extends FieldOptions<V> = object>(label: string, options: Readonly<Record<V, string>>, opts?: O) =>
    build(
      'enum',
      label,
      z.enum(Object.keys(options) as [V, ...V[]], typed(`Valeur attendue : ${Object.values(options).join(', ')}.`)),
      opts,
      { options },
    ),
  /** yyyy-mm-dd */
  date: <const O extends FieldOptions<string> = object>(label: string, opts?: O) =>
    build(
      'date',
      label,
      z
        .string(typed('Date attendue.'))
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date attendue (AAAA-MM-JJ).')
        .refine(
          (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
          'Date invalide.',
        ),
      opts,
    ),
  /** A moment (ISO 8601 with its offset), set by the server: when a message left, when it is retried. */
  datetime: <const O extends FieldOptions<string> = object>(label: string, opts?: O) =>
    build('datetime', label, z.iso.datetime({ offset: true, ...typed('Date et heure attendues.') }), opts),
  /** A list of unique, non-empty strings (features, syllabus...), each following `item` when given. */
  stringList: <const O extends FieldOptions<string[]> = object>(
    label: string,
    opts?: O & { max?: number; item?: (value: string) => string | undefined },
  ) =>
    build(
      'stringList',
      label,
      z
        .array(opts?.item ? str(200).superRefine(ruledBy(opts.item)) : str(200), typed('Liste attendue.'))
        .max(opts?.max ?? 50, `${opts?.max ?? 50} éléments au maximum.`)
        .refine((list) => new Set(list.map((s) => s.toLowerCase())).size === list.length, 'Chaque élément doit être unique.'),
      opts,
      { max: opts?.max ?? 50 },
    ),
  email: <const O extends FieldOptions<string> = object>(label: string, opts?: O) =>
    build(
      'email',
      label,
      z
        .string(typed('Adresse e-mail attendue.'))
        .trim()
        .toLowerCase()
        .max(EMAIL_MAX, 'Adresse e-mail trop longue.')
        .refine(isEmail, 'Adresse e-mail invalide.'),
      opts,
    ),
  /** Benin by default (01 97 12 34 56) or any international number (+33 ...); stored in E.164. */
  phone: <const O extends FieldOptions<string> = object>(label: string, opts?: O) =>
    build(
      'phone',
      label,
      str(30)
        .superRefine(ruledBy(phoneError))
        .transform((v) => parsePhone(v)?.e164 ?? v),
      opts,
    ),
  /** A product barcode (EAN-13, UPC-A or EAN-8), its check digit verified; stored as digits only. */
  barcode: <const O extends FieldOptions<string> = object>(label: string, opts?: O) =>
    build('barcode', label, str(20).superRefine(ruledBy(barcodeError)).transform(normalizeBarcode), opts),
  /**
   * The id of a record of another resource (a session's training): a foreign key in SQL, a select
   * of that resource's records in the admin, its title in lists.
   */
  reference: <const O extends FieldOptions<string> & { detachOnDelete?: boolean } = object>(label: string, resource: string, opts?: O) =>
    build('reference', label, z.uuid({ error: (issue) => (issue.input ? 'Choix inconnu : choisissez dans la liste.' : REQUIRED) }), opts, {
      references: resource,
      ...(opts?.detachOnDelete ? { detachOnDelete: true } : {}),
    }),
  /** Structured data written by the server (order lines...). */
  json: <T, const O extends FieldOptions<T> = object>(label: string, schema: z.ZodType<T>, opts?: O) => build('json', label, schema, opts),
};

export type AnyField = Field<z.ZodType, boolean>;
