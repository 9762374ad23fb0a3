import { defineResource, f, resources } from '@app/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { adminEntries } from '../../admin/src/crud/registry';
import { buildAppRouter } from '../../server/src/routers/_app';
import { describeAccessWalk } from '../support/access';
import { ADMIN, failure, httpClient, startTestApp } from '../support/app';
import { describeContract } from '../support/contract';

// The promise to developers: a resource file added to the registry tuple, and its migration,
// and the entity is served, listed in the admin menu, walked for access and contract-tested.
// Nothing below names the resource except to look at the result.
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
});

const registry = [...resources, gadgets] as const;
const router = buildAppRouter(registry);

/** An app on the extended registry, with what the resource's migration would hold. */
async function start() {
  const app = await startTestApp({ router });
  await sql`CREATE TABLE gadgets (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text NOT NULL, price numeric(12,2) NOT NULL CHECK (price >= 0),
    supplier_note text, visible boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now())`.execute(app.db);
  await sql`CREATE INDEX gadgets_name_trgm ON gadgets USING gin (f_unaccent(lower(name)) gin_trgm_ops)`.execute(app.db);
  return app;
}

describe('a resource added to the registry', () => {
  it('is served over HTTP with its types, access rules and hidden fields', async () => {
    const app = await start();
    try {
      const admin = httpClient<typeof router>(app.url).client;
      const visitor = httpClient<typeof router>(app.url).client;
      await admin.auth.login.mutate(ADMIN);

      const made = await admin.gadgets.create.mutate({ name: 'Lampe solaire', price: 7500, supplierNote: 'Remise 10 %' });
      expect(made).toMatchObject({ name: 'Lampe solaire', price: 7500, visible: true, supplierNote: 'Remise 10 %' });
      await admin.gadgets.create.mutate({ name: 'Chargeur caché', price: 3000, visible: false });
      const publicList = await visitor.gadgets.list.query();
      expect(publicList.rows.map((r) => r.name)).toEqual(['Lampe solaire']);
      expect(publicList.rows[0]).not.toHaveProperty('supplierNote');
      expect((await failure(visitor.gadgets.create.mutate({ name: 'X', price: 1 }))).code).toBe('UNAUTHORIZED');
    } finally {
      await app.close();
    }
  });

  it('gets its admin menu entry and screens, with the default route and label', () => {
    const entry = adminEntries(registry).at(-1)!;
    expect(entry).toMatchObject({
      name: 'gadgets',
      menuLabel: 'Gadgets',
      paths: { list: '/gadgets', create: '/gadgets/add', edit: '/gadgets/edit/:id' },
    });
  });
});

describe('the access walk', () => {
  describeAccessWalk(router, registry, start);
});

describe('the contract suite', () => {
  describeContract([gadgets], start);
});
