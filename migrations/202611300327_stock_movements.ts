import { type Kysely, sql } from 'kysely';

// Written by `npm run migration:new stockMovements` from the resource's declaration. Review it; once landed it is frozen:
// change the schema in a new file.
// Reviewed: a product's history is read by product, newest first (one index for both); a movement
// is never changed or deleted (the trigger), except that its product's deletion unlinks it; the
// stock every product holds today becomes its opening movement.

const statements = `
CREATE TABLE stock_movements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product uuid REFERENCES products (id) ON DELETE SET NULL,
  product_name text NOT NULL CHECK (char_length(product_name) <= 150),
  kind text NOT NULL CHECK (kind IN ('opening', 'order', 'cancel', 'reopen', 'counter', 'offline', 'purchase', 'count', 'correction', 'untracked')),
  quantity integer NOT NULL CHECK (quantity >= -1000000000 AND quantity <= 1000000000),
  stock_after integer CHECK (stock_after >= -1000000000 AND stock_after <= 1000000000),
  order_number text CHECK (char_length(order_number) <= 40),
  actor text NOT NULL CHECK (char_length(actor) <= 320),
  reason text CHECK (reason IN ('received', 'found', 'damaged', 'lost', 'internal', 'error', 'other')),
  note text CHECK (char_length(note) <= 300),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stock_movements_created_at ON stock_movements (created_at DESC, id);
CREATE INDEX stock_movements_product ON stock_movements (product, created_at DESC, id);
CREATE INDEX stock_movements_product_name_search ON stock_movements USING gin (f_unaccent(lower(product_name)) gin_trgm_ops);
CREATE INDEX stock_movements_order_number_search ON stock_movements USING gin (f_unaccent(lower(order_number)) gin_trgm_ops);
CREATE FUNCTION stock_movements_kept() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.product IS NULL
     AND (to_jsonb(NEW) - 'product') = (to_jsonb(OLD) - 'product') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'Un mouvement de stock ne se modifie pas et ne se supprime pas : corrigez-le par un autre.'
    USING ERRCODE = 'restrict_violation';
END
$fn$;
CREATE TRIGGER stock_movements_kept BEFORE UPDATE OR DELETE ON stock_movements
  FOR EACH ROW EXECUTE FUNCTION stock_movements_kept();
INSERT INTO stock_movements (product, product_name, kind, quantity, stock_after, actor, note)
SELECT id, name, 'opening', stock, stock, 'Boutique', 'Stock enregistré avant le registre des mouvements'
FROM products WHERE stock IS NOT NULL;
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS stock_movements; DROP FUNCTION IF EXISTS stock_movements_kept').execute(db);
}
