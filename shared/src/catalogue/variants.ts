import { slugify } from '../format/slugify';

/**
 * Products sold in several versions (issue 55): a phone in 128 and 256 Go, black and blue. The
 * product the shopper sees (the group) carries up to three options and what its versions share
 * (name, description, photos, category); each version is a product row of its own (`parent` = the
 * group, `variant` = its option values in the options' order) with its own price, stock, SKU and
 * barcode, so that sales, stock movements, counts, purchases, costs and labels work per version
 * exactly as they do per product. A product without options is its own single version.
 */

export const MAX_OPTIONS = 3;
export const MAX_OPTION_VALUES = 20;

/** An option and its values, in the order the shop shows them (a colour may have its swatch, #rrggbb). */
export interface ProductOption {
  name: string;
  values: Array<{ label: string; color?: string | undefined }>;
}

/** "128 Go, Noir": how a version reads after its product's name. */
export const variantLabel = (values: readonly string[]) => values.join(', ');

/** "iPhone 13 — 128 Go, Noir": the version's own name, on tickets, orders, invoices and labels. */
export const variantName = (productName: string, values: readonly string[]) => `${productName} — ${variantLabel(values)}`.slice(0, 150);

/** "128-go-noir": the version in the product page's address (`?variante=`). */
export const variantKey = (values: readonly string[]) => slugify(values.join(' '));

/** The option values a version has, in the options' order: the same combination is the same key. */
export const combination = (values: readonly string[]) => values.map((v) => v.trim().toLowerCase()).join('\u0000');

/** Every combination of the options' values, in order (the first option varies slowest). */
export function combinations(options: readonly ProductOption[]): string[][] {
  return options.reduce<string[][]>((acc, option) => acc.flatMap((values) => option.values.map((v) => [...values, v.label])), [[]]);
}

/** A version as the product page shows it (products.variants). */
export interface PublicVariant {
  id: string;
  key: string;
  values: string[];
  name: string;
  price: number;
  compareAtPrice: number | null;
  stock: number | null;
  image: string | null;
  sku: string | null;
  barcode: string | null;
}

/** The version an address names (`?variante=`), or the first one in stock, or the first. */
export function chosenVariant<V extends Pick<PublicVariant, 'key' | 'stock'>>(
  variants: readonly V[],
  key: string | null | undefined,
): V | null {
  return variants.find((v) => v.key === key) ?? variants.find((v) => v.stock === null || v.stock > 0) ?? variants[0] ?? null;
}

/** "à partir de 185 000 F CFA" is shown where the versions' prices differ. */
export const pricesDiffer = (variants: ReadonlyArray<{ price: number }>) => new Set(variants.map((v) => v.price)).size > 1;

/**
 * What an option is to catalogues and search engines (Google Merchant's `color`, `size`, `material`,
 * `pattern`; schema.org's `variesBy`): read from its French name, null for the shop's own kinds.
 */
export function optionProperty(name: string): 'color' | 'size' | 'material' | 'pattern' | null {
  const n = name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  if (/couleur|coloris|teinte|colou?r/.test(n)) return 'color';
  if (/taille|pointure|stockage|capacite|memoire|size/.test(n)) return 'size';
  if (/matiere|materiau|material/.test(n)) return 'material';
  if (/motif|pattern/.test(n)) return 'pattern';
  return null;
}

/**
 * The version a no-script form asked for (one value per option, `o1`…`o3`): the exact combination,
 * else the one sharing most of its values, in stock first.
 */
export function closestVariant<V extends Pick<PublicVariant, 'values' | 'stock'>>(
  variants: readonly V[],
  wanted: readonly (string | null)[],
): V | null {
  let best: V | null = null;
  let score = -1;
  for (const v of variants) {
    const same = v.values.filter((value, i) => value === wanted[i]).length * 2 + (v.stock === 0 ? 0 : 1);
    if (same > score) [best, score] = [v, same];
  }
  return best;
}
