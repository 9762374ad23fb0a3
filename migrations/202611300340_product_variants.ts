import { type Kysely, sql } from 'kysely';

// Products sold in several versions (issue 55, shared/src/catalogue/variants.ts): a group carries its
// options; each version is a product row pointing at its group, with its option values. Existing
// products have neither: each stays its own single version, and nothing sold before changes.
// Two live versions of one group never share a combination (the unique index, whatever the case).

const statements = `
ALTER TABLE products
  ADD COLUMN options jsonb,
  ADD COLUMN parent uuid REFERENCES products (id),
  ADD COLUMN variant jsonb,
  ADD COLUMN archived_at timestamptz,
  ADD COLUMN prices_vary boolean NOT NULL DEFAULT false;
CREATE INDEX products_parent ON products (parent) WHERE parent IS NOT NULL;
CREATE UNIQUE INDEX products_variant_combination ON products (parent, lower(variant::text)) WHERE parent IS NOT NULL AND archived_at IS NULL;
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      'ALTER TABLE products DROP COLUMN prices_vary, DROP COLUMN archived_at, DROP COLUMN variant, DROP COLUMN parent, DROP COLUMN options',
    )
    .execute(db);
}
