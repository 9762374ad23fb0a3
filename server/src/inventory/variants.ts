import {
  barcodeError,
  combination,
  normalizeBarcode,
  type ProductOption,
  productOptionsSchema,
  products,
  type PublicVariant,
  variantKey,
  variantLabel,
  variantName,
} from '@app/shared';
import { TRPCError } from '@trpc/server';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';
import { atomically } from '../crud/repository';
import { invalid } from '../platform/errors';
import { openStock } from './ledger';

type Db = Kysely<Database>;

/**
 * A product's versions (shared/src/catalogue/variants.ts): each is a product row of its own, so the
 * stock, its movements, counts, purchases, costs, labels and the counter work per version unchanged.
 * What the versions share (name, description, category, brand, condition, tax group) is the group's,
 * copied onto them whenever either is written; what is theirs (price, barred price, stock, SKU,
 * barcode, photo, on or off) is edited in the group's grid, « Options et variantes ».
 */

const stockCount = z.number('Nombre entier attendu.').int('Nombre entier attendu.').min(0, 'Le stock ne peut pas être négatif.');
const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `${max} caractères au maximum.`)
    .nullable()
    .transform((v) => v || null);

export const variantInput = z.object({
  id: z.uuid().optional(),
  values: z.array(z.string().trim().min(1).max(40)).max(3),
  price: products.fields.price.base as z.ZodType<number>,
  compareAtPrice: (products.fields.compareAtPrice.base as z.ZodType<number>).nullable(),
  /** A new version's opening stock (null: not tracked); an existing one's changes by « Corriger le stock ». */
  stock: stockCount.nullable().optional(),
  sku: nullableText(40),
  barcode: nullableText(20),
  image: z.string().max(300).nullable(),
  published: z.boolean(),
});

export const saveVariantsInput = z.object({
  id: z.uuid('Identifiant invalide.'),
  options: productOptionsSchema,
  variants: z.array(variantInput).max(200, '200 variantes au maximum.'),
});

export type SaveVariants = z.infer<typeof saveVariantsInput>;

/** A version in the owner's grid: the public part, plus what only the team reads. */
export interface AdminVariant extends PublicVariant {
  published: boolean;
  cost: number | null;
}

const SHARED = ['category', 'brand', 'condition', 'taxGroup', 'shortDescription'] as const;

/** Orders a group's versions as its options list their values (the first option varies slowest). */
function byOptions(options: readonly ProductOption[] | null) {
  const rank = (values: readonly string[]) =>
    (options ?? []).reduce(
      (n, option, i) =>
        n * 100 +
        Math.max(
          0,
          option.values.findIndex((v) => v.label === values[i]),
        ),
      0,
    );
  return (a: { variant: string[] | null }, b: { variant: string[] | null }) => rank(a.variant ?? []) - rank(b.variant ?? []);
}

/**
 * A group's live versions, in its options' order: for the shop (published ones, public fields) or
 * for the team's grid (all, with SKU, barcode and cost).
 */
export async function variantsOf(db: Db, group: { id: string; options: ProductOption[] | null }, team: boolean): Promise<AdminVariant[]> {
  const rows = await db
    .selectFrom('products')
    .select(['id', 'name', 'variant', 'price', 'compareAtPrice', 'stock', 'images', 'sku', 'barcode', 'published', 'cost'])
    .where('parent', '=', group.id)
    .where('archivedAt', 'is', null)
    .$if(!team, (q) => q.where('published', '=', true))
    .execute();
  return rows.sort(byOptions(group.options)).map((r) => ({
    id: r.id,
    key: variantKey(r.variant ?? []),
    values: r.variant ?? [],
    name: r.name,
    price: Number(r.price),
    compareAtPrice: r.compareAtPrice === null ? null : Number(r.compareAtPrice),
    stock: r.stock,
    image: r.images[0] ?? null,
    sku: r.sku,
    barcode: r.barcode,
    ...(team ? { published: r.published, cost: r.cost === null ? null : Number(r.cost) } : {}),
  })) as AdminVariant[];
}

/** The shop's read: the published versions of a published product, by its address (none for a plain product). */
export async function publicVariants(db: Db, slug: string): Promise<PublicVariant[]> {
  const group = await db
    .selectFrom('products')
    .select(['id', 'options'])
    .where('slug', '=', slug)
    .where('published', '=', true)
    .where('options', 'is not', null)
    .executeTakeFirst();
  if (!group) return [];
  return variantsOf(db, group, false);
}

async function lockGroup(tx: Db, id: string) {
  const group = await tx.selectFrom('products').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!group) throw new TRPCError({ code: 'NOT_FOUND', message: 'Produit introuvable.' });
  if (group.parent) {
    const parent = await tx.selectFrom('products').select('name').where('id', '=', group.parent).executeTakeFirst();
    invalid('options', `Ce produit est une variante de « ${parent?.name ?? '?'} » : ses options se règlent sur ce produit-là.`);
  }
  return group;
}

/** The checks a grid must pass before anything is written, each naming what is wrong. */
function checkGrid(input: SaveVariants) {
  const names = new Set<string>();
  for (const option of input.options) {
    const name = option.name.toLowerCase();
    if (names.has(name)) invalid('options', `L’option « ${option.name} » est donnée deux fois.`);
    names.add(name);
    const values = new Set<string>();
    for (const value of option.values) {
      if (values.has(value.label.toLowerCase()))
        invalid('options', `L’option « ${option.name} » a deux fois la valeur « ${value.label} ».`);
      values.add(value.label.toLowerCase());
    }
  }
  if (!input.options.length && input.variants.length)
    invalid('options', 'Ajoutez d’abord une option (par exemple « Couleur ») à ces variantes.');
  if (input.options.length && !input.variants.length) invalid('variants', 'Ajoutez au moins une variante, ou retirez les options.');
  const seen = new Map<string, string>();
  const codes = new Map<string, string>();
  for (const v of input.variants) {
    const label = variantLabel(v.values);
    if (v.values.length !== input.options.length)
      invalid('variants', `La variante « ${label} » n’a pas une valeur par option (${input.options.map((o) => o.name).join(', ')}).`);
    v.values.forEach((value, i) => {
      const option = input.options[i]!;
      if (!option.values.some((o) => o.label === value))
        invalid(
          'variants',
          `La variante « ${label} » utilise « ${value} », qui n’est plus une valeur de l’option « ${option.name} » : supprimez ou changez d’abord cette variante.`,
        );
    });
    const key = combination(v.values);
    if (seen.has(key)) invalid('variants', `La combinaison « ${label} » apparaît deux fois.`);
    seen.set(key, label);
    if (v.compareAtPrice !== null && v.compareAtPrice <= v.price)
      invalid('variants', `« ${label} » : le prix barré doit être supérieur au prix (c’est l’ancien prix, affiché barré).`);
    if (v.barcode) {
      v.barcode = normalizeBarcode(v.barcode);
      const error = barcodeError(v.barcode);
      if (error) invalid('variants', `« ${label} » : ${error}`);
      const other = codes.get(`b:${v.barcode}`);
      if (other) invalid('variants', `Le code-barres ${v.barcode} est donné à « ${other} » et à « ${label} ».`);
      codes.set(`b:${v.barcode}`, label);
    }
    if (v.sku) {
      const { source, message } = products.fields.sku.pattern!;
      if (!new RegExp(source).test(v.sku)) invalid('variants', `« ${label} » : ${message.charAt(0).toLowerCase()}${message.slice(1)}`);
      const other = codes.get(`s:${v.sku.toLowerCase()}`);
      if (other) invalid('variants', `La référence ${v.sku} est donnée à « ${other} » et à « ${label} ».`);
      codes.set(`s:${v.sku.toLowerCase()}`, label);
    }
  }
}

/** A barcode or SKU another product already has: refused with its name, before the database would. */
async function checkTaken(tx: Db, groupId: string, input: SaveVariants) {
  const mine = input.variants.map((v) => v.id).filter((id): id is string => !!id);
  for (const column of ['barcode', 'sku'] as const) {
    const wanted = input.variants.map((v) => v[column]).filter((c): c is string => !!c);
    if (!wanted.length) continue;
    const taken = await tx
      .selectFrom('products')
      .select(['name', column])
      .where(column, 'in', wanted)
      .where('id', 'not in', [groupId, ...mine])
      .executeTakeFirst();
    if (taken)
      invalid(
        'variants',
        `${column === 'barcode' ? 'Le code-barres' : 'La référence'} ${taken[column]} est déjà celui de « ${taken.name} ».`,
      );
  }
}

/** A version some order or stock movement names: put aside (archived), never removed from their history. */
async function referenced(tx: Db, id: string) {
  const { rows } = await sql<{ used: boolean }>`
    SELECT EXISTS (SELECT 1 FROM orders WHERE items @> ${JSON.stringify([{ id }])}::jsonb)
        OR EXISTS (SELECT 1 FROM stock_movements WHERE product = ${id} AND kind <> 'opening') AS used`.execute(tx);
  return rows[0]?.used ?? false;
}

/**
 * Saves a group's options and versions in one transaction: versions created (with their opening
 * stock), changed, or removed (archived when history names them), the group's shared fields copied
 * onto them and its own price set to its cheapest version's (its list price, « à partir de »).
 */
export async function saveVariants(db: Db, input: SaveVariants, actor: string) {
  checkGrid(input);
  return atomically(db, async (tx) => {
    const group = await lockGroup(tx, input.id);
    const existing = await tx
      .selectFrom('products')
      .select(['id', 'name', 'variant'])
      .where('parent', '=', group.id)
      .where('archivedAt', 'is', null)
      .execute();
    const known = new Map(existing.map((v) => [v.id, v]));
    for (const v of input.variants)
      if (v.id && !known.has(v.id)) invalid('variants', 'Une variante de la grille n’existe plus : rechargez la page.');
    if (input.variants.length && !group.options) {
      if (group.stock !== null && group.stock !== 0)
        invalid(
          'options',
          `« ${group.name} » a ${group.stock} en stock : passez-le à 0 par « Corriger le stock » et donnez ce stock à ses variantes.`,
        );
      if (group.barcode) invalid('options', 'Retirez d’abord le code-barres de ce produit : chaque variante a le sien.');
    }
    for (const v of input.variants)
      if (v.image && !group.images.includes(v.image)) invalid('variants', 'Choisissez la photo d’une variante parmi celles du produit.');
    await checkTaken(tx, group.id, input);

    // Removed first: their combinations and codes become free for the versions that follow.
    const kept = new Set(input.variants.map((v) => v.id));
    for (const gone of existing.filter((v) => !kept.has(v.id))) {
      if (await referenced(tx, gone.id))
        await tx
          .updateTable('products')
          .set({ archivedAt: sql<string>`now()`, published: false, barcode: null, sku: null, updatedAt: sql`now()` })
          .where('id', '=', gone.id)
          .execute();
      else await tx.deleteFrom('products').where('id', '=', gone.id).execute();
    }
    const shared = Object.fromEntries(SHARED.map((k) => [k, group[k]])) as Pick<typeof group, (typeof SHARED)[number]>;
    const made: string[] = [];
    for (const v of input.variants) {
      const own = {
        ...shared,
        name: variantName(group.name, v.values),
        variant: sql<string[]>`${JSON.stringify(v.values)}::jsonb`,
        price: v.price,
        compareAtPrice: v.compareAtPrice,
        sku: v.sku,
        barcode: v.barcode,
        // As JSON: node-postgres would send an array as a PostgreSQL array.
        images: sql<string[]>`${JSON.stringify(v.image ? [v.image] : [])}::jsonb`,
        published: v.published,
        updatedAt: sql<string>`now()`,
      };
      if (v.id) {
        await tx.updateTable('products').set(own).where('id', '=', v.id).execute();
        continue;
      }
      const row = await tx
        .insertInto('products')
        .values({
          ...own,
          slug: await freeSlug(tx, `${group.slug}-${variantKey(v.values)}`),
          description: '',
          parent: group.id,
          // Beside its product in the lists that put the newest first.
          createdAt: group.createdAt,
          stock: v.stock ?? null,
          featured: false,
          supplier: group.supplier,
          supplierReference: group.supplierReference,
          cost: group.cost,
          lowStockThreshold: group.lowStockThreshold,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      made.push(row.id);
    }
    if (made.length) await openStock(tx, actor, made);
    await tx
      .updateTable('products')
      .set({
        options: input.options.length ? sql<ProductOption[]>`${JSON.stringify(input.options)}::jsonb` : null,
        stock: input.options.length ? null : group.stock,
        updatedAt: sql<string>`now()`,
      })
      .where('id', '=', group.id)
      .execute();
    await priceGroup(tx, group.id);
    return { id: group.id };
  });
}

/** A slug nobody has: the wanted one, or it with a number. */
async function freeSlug(tx: Db, wanted: string) {
  const base = wanted.slice(0, 110).replace(/-+$/, '');
  const taken = new Set((await tx.selectFrom('products').select('slug').where('slug', 'like', `${base}%`).execute()).map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * The group's list price: its cheapest version on sale (of all of them when none is), with that
 * one's barred price, and whether the versions on sale differ in price (« à partir de »).
 */
export async function priceGroup(tx: Db, groupId: string) {
  await sql`
    UPDATE products g SET price = v.price, compare_at_price = v.compare_at_price,
      prices_vary = (SELECT count(DISTINCT price) > 1 FROM products WHERE parent = ${groupId} AND archived_at IS NULL AND published)
    FROM (SELECT price, compare_at_price FROM products
          WHERE parent = ${groupId} AND archived_at IS NULL ORDER BY published DESC, price, id LIMIT 1) v
    WHERE g.id = ${groupId}`.execute(tx);
  await sql`UPDATE products SET prices_vary = false WHERE id = ${groupId} AND options IS NULL`.execute(tx);
}

/**
 * After a product's form is saved: a group's shared fields and name go to its versions; a version
 * keeps its group's (what it shares is changed on the group) and the group's price follows it.
 */
export async function syncVariants(tx: Db, row: { id: string; parent: string | null; options: unknown }) {
  if (row.parent) {
    const group = await tx.selectFrom('products').select(['id', 'options']).where('id', '=', row.parent).executeTakeFirst();
    if (group) await syncVariants(tx, { ...group, parent: null });
    return;
  }
  if (!row.options) return;
  await sql`
    UPDATE products v SET name = left(g.name || ' — ' || (SELECT string_agg(x, ', ' ORDER BY n) FROM jsonb_array_elements_text(v.variant) WITH ORDINALITY AS t(x, n)), 150),
      (category, brand, condition, tax_group, short_description) = (g.category, g.brand, g.condition, g.tax_group, g.short_description)
    FROM products g WHERE g.id = ${row.id} AND v.parent = g.id`.execute(tx);
  await priceGroup(tx, row.id);
}
