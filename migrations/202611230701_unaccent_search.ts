import { type Kysely, sql } from 'kysely';

// Search forgives accents and case: every searched column gets a trigram index on
// f_unaccent(lower(col)), the very expression the generic list filters on. unaccent()
// itself is only STABLE (its dictionary could change), so an IMMUTABLE wrapper naming
// the dictionary explicitly is what an index expression may use.

const searched: Record<string, string[]> = {
  products: ['name', 'short_description'],
  services: ['name', 'short_description'],
  crypto_courses: ['title', 'description'],
  blog_posts: ['title', 'author'],
  trending_cryptos: ['name', 'symbol'],
  testimonials: ['name', 'content'],
  delivery_options: ['name'],
  crypto_verifications: ['name', 'email', 'phone'],
  orders: ['number', 'customer_name', 'phone'],
  newsletter_subscribers: ['email'],
  contact_messages: ['name', 'contact', 'subject'],
};

const oldTrgm: Record<string, string[]> = {
  products: ['name', 'short_description'],
  blog_posts: ['title', 'author'],
  crypto_verifications: ['name', 'email', 'phone'],
  orders: ['number', 'customer_name', 'phone'],
  newsletter_subscribers: ['email'],
};

const each = (map: Record<string, string[]>, fn: (table: string, col: string) => string) =>
  Object.entries(map)
    .flatMap(([table, cols]) => cols.map((col) => fn(table, col)))
    .join('\n');

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
${each(oldTrgm, (t, c) => `DROP INDEX IF EXISTS ${t}_${c}_trgm;`)}
${each(searched, (t, c) => `CREATE INDEX ${t}_${c}_search ON ${t} USING gin (f_unaccent(lower(${c})) gin_trgm_ops);`)}
`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
${each(searched, (t, c) => `DROP INDEX IF EXISTS ${t}_${c}_search;`)}
${each(oldTrgm, (t, c) => `CREATE INDEX ${t}_${c}_trgm ON ${t} USING gin (${c} gin_trgm_ops);`)}
DROP FUNCTION IF EXISTS f_unaccent(text);
DROP EXTENSION IF EXISTS unaccent;
`,
    )
    .execute(db);
}
