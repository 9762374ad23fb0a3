import { defineResource, f } from '@app/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crudRouter } from '../../server/src/crud/crud-router';
import { appRouter } from '../../server/src/routers/_app';
import { mergeRouters, router } from '../../server/src/trpc';
import { ADMIN, failure, httpClient, startTestApp, type TestApp } from '../support/app';

// The promise to developers: one resource, one migration, one router line, and the entity is served.
const gadgets = defineResource({
  name: 'gadgets',
  label: { singular: 'Gadget', plural: 'Gadgets' },
  titleField: 'name',
  read: 'public',
  publishedField: 'visible',
  fields: {
    name: f.text('Nom'),
    price: f.money('Prix'),
    supplierNote: f.longText('Note fournisseur', { optional: true, adminOnly: true }),
    visible: f.boolean('Visible', { default: true }),
  },
  list: {
    columns: ['name', 'price'],
    search: ['name'],
    sortable: ['name', 'price', 'createdAt'],
    defaultSort: { field: 'name', order: 'asc' },
  },
  admin: { route: 'gadgets', menuLabel: 'Gadgets', order: 50 },
});

const withGadgets = mergeRouters(appRouter, router({ gadgets: crudRouter(gadgets) }));

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ router: withGadgets });
  // What its migration would hold.
  await sql`CREATE TABLE gadgets (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text NOT NULL, price numeric(12,2) NOT NULL CHECK (price >= 0),
    supplier_note text, visible boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now())`.execute(app.db);
});
afterAll(() => app?.close());

describe('a resource declared in a test', () => {
  it('gets list, get, create, update and delete over HTTP, with access rules and hidden fields', async () => {
    const admin = httpClient<typeof withGadgets>(app.url).client;
    const visitor = httpClient<typeof withGadgets>(app.url).client;
    await admin.auth.login.mutate(ADMIN);

    const made = await admin.gadgets.create.mutate({ name: 'Lampe solaire', price: 7500, supplierNote: 'Remise 10 %' });
    expect(made).toMatchObject({ name: 'Lampe solaire', price: 7500, visible: true, supplierNote: 'Remise 10 %' });
    await admin.gadgets.create.mutate({ name: 'Chargeur caché', price: 3000, visible: false });

    const publicList = await visitor.gadgets.list.query();
    expect(publicList.rows.map((r) => r.name)).toEqual(['Lampe solaire']);
    expect(publicList.rows[0]).not.toHaveProperty('supplierNote');
    expect((await admin.gadgets.list.query({ search: 'CHARGEUR' })).total).toBe(1);

    expect((await failure(visitor.gadgets.create.mutate({ name: 'X', price: 1 }))).code).toBe('UNAUTHORIZED');
    expect((await failure(admin.gadgets.create.mutate({ name: 'X', price: -1 }))).fieldErrors?.price).toBe(
      'Le montant ne peut pas être négatif.',
    );
    const updated = await admin.gadgets.update.mutate({ id: made.id, data: { price: 8000 } });
    expect(updated.price).toBe(8000);
    await admin.gadgets.delete.mutate({ id: made.id });
    expect((await failure(visitor.gadgets.get.query({ id: made.id }))).message).toBe('Gadget introuvable.');
  });
});
