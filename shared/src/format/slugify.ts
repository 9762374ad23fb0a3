/** Longest slug the database accepts (slug fields are capped at 120 characters). */
export const SLUG_MAX_LENGTH = 120;

/** What a slug is made of (the database's CHECK is the same pattern). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MESSAGE = 'Lettres minuscules, chiffres et tirets uniquement.';

// Letters that Unicode does not decompose into a base letter plus an accent, so the
// accent-stripping step below would otherwise drop them (œuvre → "uvre").
const LIGATURES: Record<string, string> = {
  œ: 'oe',
  æ: 'ae',
  ß: 'ss',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
};

// Characters that join two words: apostrophes (l'été, l’été), dashes, slashes and underscores.
// They become a hyphen so "L'été" gives "l-ete" and "Achat/Vente" gives "achat-vente" instead of
// gluing the words together. Any other punctuation is removed (spec section 5), which keeps
// "15.000" as "15000" and "Node.js" as "nodejs".
const WORD_SEPARATORS = /[\s'‘’ʼ`´\-‐‑‒–—―/\\_|]+/g;

/**
 * Builds a URL slug from a title (spec section 5: lowercase, punctuation removed, whitespace to
 * hyphens), also stripping French accents. The result matches /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
 * is at most 120 characters, or is '' when the text has no letter or digit.
 */
export function slugify(text: string): string {
  const slug = text
    .toLowerCase()
    // NFKD splits "é" into "e" + combining accent, and compatibility forms ("ﬁ", "²") into plain ones.
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[œæßøđðłþ]/g, (letter) => LIGATURES[letter] ?? '')
    .replace(WORD_SEPARATORS, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
  return truncate(slug);
}

/** Cuts at a word boundary when possible, so the URL does not end in half a word. */
function truncate(slug: string): string {
  if (slug.length <= SLUG_MAX_LENGTH) return slug;
  const cut = slug.slice(0, SLUG_MAX_LENGTH);
  // The cut already falls between two words.
  if (slug[SLUG_MAX_LENGTH] === '-') return cut.replace(/-+$/, '');
  const lastHyphen = cut.lastIndexOf('-');
  // A single word longer than the limit has no boundary to fall back on.
  return lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A record id can only be a UUID: anything else is "introuvable" without asking the server. */
export const isUuid = (value: string) => UUID.test(value);

/**
 * What a page's address may hold for a record: its slug, a slug it had before, or its id (the
 * address products and services had before they had slugs). Anything else cannot be a record.
 */
export const isRecordKey = (value: string) => value.length <= SLUG_MAX_LENGTH && (SLUG_PATTERN.test(value.toLowerCase()) || isUuid(value));
