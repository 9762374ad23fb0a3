import { defineResource, f, resources } from '@app/shared';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../support/db';
import { schemaDrift } from '../support/drift';

// The migrations are hand-written and frozen; the resources are declared apart. This keeps them one.
const dbs: Awaited<ReturnType<typeof createTestDb>>[] = [];
afterAll(async () => {
  for (const d of dbs) await d.drop();
});
const fresh = async () => {
  const d = await createTestDb();
  dbs.push(d);
  return d.db;
};

describe('tables and declarations', () => {
  it('every resource table has exactly its declared columns, types, nullability, keys, checks and indexes', async () => {
    expect(await schemaDrift(await fresh(), resources)).toEqual([]);
  });

  it('a migration that drifts from its declaration is caught', async () => {
    const db = await fresh();
    const gadgets = defineResource({
      name: 'gadgets',
      label: { singular: 'Gadget', plural: 'Gadgets' },
      titleField: 'name',
      read: 'admin',
      fields: {
        name: f.text('Nom'),
        price: f.money('Prix'),
        note: f.longText('Note', { optional: true }),
        tags: f.stringList('Étiquettes', { default: [] }),
        kind: f.enum('Sorte', { small: 'Petit', big: 'Grand' }),
        label: f.text('Étiquette', { max: 40 }),
        product: f.reference('Produit', 'products', { optional: true }),
        serial: f.text('Numéro de série', { unique: 'Ce numéro de série est déjà enregistré.' }),
      },
      list: { columns: ['name'], search: ['name'], sortable: ['name'], defaultSort: { field: 'name', order: 'asc' } },
    });
    // price as an integer, note required, tags missing, an undeclared column; an enum's CHECK with
    // another value, a length bound not the declared one, a reference with no key nor index, and
    // a searched field with no search index.
    await sql`CREATE TABLE gadgets (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text NOT NULL, price integer NOT NULL, note text NOT NULL, colour text,
      kind text NOT NULL CHECK (kind IN ('small', 'huge')), label text NOT NULL CHECK (char_length(label) <= 400), product uuid, serial text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now())`.execute(db);
    expect(await schemaDrift(db, [gadgets])).toEqual([
      'gadgets.price: integer in the database, numeric declared',
      'gadgets.note: NOT NULL in the database, optional declared',
      'gadgets.tags: declared, not in the database',
      'gadgets.colour: in the database, not declared',
      'gadgets.kind: the database’s CHECK allows huge, small, declared big, small',
      'gadgets.label: length bound 400 in the database, 40 declared',
      'gadgets.product: no foreign key to products',
      'gadgets.product: no index for its foreign key',
      'gadgets.serial: declared unique, not unique in the database',
      'gadgets.name: searched, without its accent-insensitive index',
    ]);
  });
});
