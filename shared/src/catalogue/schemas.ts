import { z } from 'zod';
import { MAX_OPTION_VALUES, MAX_OPTIONS, type ProductOption } from './variants';

// The checks of a product's options (shared/src/catalogue/variants.ts), apart from its helpers so
// that the shop's pages, which use the helpers, never download zod for them.

const HEX = /^#[0-9a-fA-F]{6}$/;

export const optionValueSchema = z.object({
  label: z.string().trim().min(1, 'Donnez un nom à chaque valeur.').max(40, '40 caractères au maximum.'),
  /** A colour's swatch (#rrggbb), shown beside its name. */
  color: z.string().regex(HEX, 'Une couleur s’écrit #rrggbb (par exemple #1f2937).').optional(),
});

export const productOptionSchema = z.object({
  name: z.string().trim().min(1, 'Donnez un nom à chaque option (par exemple « Couleur »).').max(30, '30 caractères au maximum.'),
  values: z
    .array(optionValueSchema)
    .min(1, 'Chaque option a au moins une valeur.')
    .max(MAX_OPTION_VALUES, `${MAX_OPTION_VALUES} valeurs au maximum par option.`),
}) satisfies z.ZodType<ProductOption>;

export const productOptionsSchema = z.array(productOptionSchema).max(MAX_OPTIONS, `${MAX_OPTIONS} options au maximum.`);
