import { type Kysely, sql } from 'kysely';

// Written by `npm run migration:new settings homePromises` from the resource's declaration. Review it; once landed it is frozen:
// change the schema in a new file.

const statements = `
ALTER TABLE settings ADD COLUMN home_promises jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(home_promises) = 'array');
-- Added by hand: a shop whose Paramètres were filled showed these three under its banner (fixed
-- copy until now) and keeps them; a new shop's placeholder row shows none until the owner writes some.
UPDATE settings SET home_promises = '["Paiement à la livraison", "Livraison partout au Bénin", "Garantie et service après-vente"]'
WHERE business_name <> 'Ma boutique';
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('ALTER TABLE settings DROP COLUMN IF EXISTS home_promises;').execute(db);
}
