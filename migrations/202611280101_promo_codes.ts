import { type Kysely, sql } from 'kysely';

// Written by `npm run migration:new promoCodes` from the resource's declaration, then completed by
// hand: a code is unique whatever its case, and an order keeps the code, its label and its discount
// (the per-phone count reads them by phone). Frozen once landed: change the schema in a new file.

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
CREATE TABLE promo_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL CHECK (char_length(code) <= 40 AND code ~ '^[A-Za-z0-9_-]{3,40}$'),
  label text NOT NULL CHECK (char_length(label) <= 100),
  kind text NOT NULL DEFAULT 'percent' CHECK (kind IN ('percent', 'amount')),
  value integer NOT NULL CHECK (value >= 1 AND value <= 100000000),
  minimum_order numeric(12,2) CHECK (minimum_order >= 0),
  applies_to text NOT NULL DEFAULT 'all' CHECK (applies_to IN ('all', 'product', 'service', 'course')),
  starts_on date,
  ends_on date,
  max_uses integer CHECK (max_uses >= 1),
  max_uses_per_phone integer CHECK (max_uses_per_phone >= 1),
  uses integer NOT NULL DEFAULT 0 CHECK (uses >= 0),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX promo_codes_created_at ON promo_codes (created_at DESC, id);
CREATE INDEX promo_codes_code_search ON promo_codes USING gin (f_unaccent(lower(code)) gin_trgm_ops);
CREATE INDEX promo_codes_label_search ON promo_codes USING gin (f_unaccent(lower(label)) gin_trgm_ops);
CREATE UNIQUE INDEX promo_codes_code_unique ON promo_codes (upper(code));
ALTER TABLE orders
  ADD COLUMN promo_code text CHECK (char_length(promo_code) <= 40),
  ADD COLUMN promo_label text CHECK (char_length(promo_label) <= 100),
  ADD COLUMN discount numeric(12,2) NOT NULL DEFAULT 0 CHECK (discount >= 0),
  DROP CONSTRAINT orders_check,
  ADD CONSTRAINT orders_total CHECK (total = subtotal - discount + delivery_cost AND discount <= subtotal);
CREATE INDEX orders_promo_code ON orders (upper(promo_code), phone) WHERE promo_code IS NOT NULL;
`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
DROP INDEX IF EXISTS orders_promo_code;
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_total;
ALTER TABLE orders DROP COLUMN IF EXISTS discount, DROP COLUMN IF EXISTS promo_label, DROP COLUMN IF EXISTS promo_code;
ALTER TABLE orders ADD CONSTRAINT orders_check CHECK (total = subtotal + delivery_cost);
DROP TABLE IF EXISTS promo_codes;
`,
    )
    .execute(db);
}
