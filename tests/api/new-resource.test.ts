import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { adminPath, defineResource, dependencyOrder, f, resources } from '@app/shared';
import { TRPCError } from '@trpc/server';
import { type Migration, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { adminEntries } from '../../admin/src/crud/registry';
import { createTableSql, tableName } from '../../server/src/db/columns';
import { migrationSource, migrationStamp } from '../../server/src/db/migration-new-cli';
import { buildAppRouter } from '../../server/src/routers/_app';
import { describeAccessWalk } from '../support/access';
import { ADMIN, failure, httpClient, startTestApp } from '../support/app';
import { describeContract } from '../support/contract';
import { schemaDrift } from '../support/drift';

// The promise to developers: a resource file added to the registry tuple, and its migration,
// and the entity is served, listed in the admin menu, walked for access and contract-tested.
// Nothing below names the resource except to look at the result. Its place in the menu is free:
// gadgets refer to the shop's products (before them) and to makers (after them).
const makers = defineResource({
  name: 'makers',
  label: { singular: 'Fabricant', plural: 'Fabricants' },
  titleField: 'name',
  read: 'admin',
  fields: { name: f.text('Nom') },
  list: { columns: ['name'], search: ['name'], sortable: ['name'], defaultSort: { field: 'name', order: 'asc' } },
});

const gadgets = defineResource({
  name: 'gadgets',
  label: { singular: 'Gadget', plural: 'Gadgets' },
  titleField: 'name',
  read: 'public',
  publishedField: 'visible',
  admin: { icon: 'tool', detail: 'fiches-gadgets' },
  fields: {
    name: f.text('Nom'),
    kind: f.enum('Genre', { solar: 'Solaire', usb: 'USB' }, { default: 'usb' }),
    price: f.money('Prix'),
    product: f.reference('Produit', 'products', { optional: true }),
    maker: f.reference('Fabricant', 'makers', { optional: true }),
    supplier: f.enum('Fournisseur', { acme: 'Acme', sodeci: 'Sodeci' }, { default: 'acme', adminOnly: true }),
    supplierNote: f.longText('Note fournisseur', { optional: true, adminOnly: true }),
    visible: f.boolean('Visible', { default: true }),
  },
  list: {
    columns: ['name', 'price'],
    search: ['name', 'supplierNote'],
    filters: ['kind', 'supplier'],
    sortable: ['name', 'price', 'supplier', 'createdAt'],
    defaultSort: { field: 'name', order: 'asc' },
  },
});

const registry = [...resources, gadgets, makers] as const;
const router = buildAppRouter(registry);

/** The migration files `npm run migration:new <name>` would write, applied as the migrator applies them. */
async function migrate(db: Parameters<Migration['up']>[0]) {
  const dir = fs.mkdtempSync(path.resolve('.tmp/migration-new-'));
  try {
    for (const resource of dependencyOrder(registry).filter((r) => r === gadgets || r === makers)) {
      const file = path.join(dir, `${migrationStamp()}_${tableName(resource)}.ts`);
      fs.writeFileSync(
        file,
        migrationSource(createTableSql(resource), `DROP TABLE IF EXISTS ${tableName(resource)}`, `npm run migration:new ${resource.name}`),
      );
      await ((await import(pathToFileURL(file).href)) as Migration).up(db);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** An app on the extended registry, its table made by the scaffolded migration. */
async function start(on: typeof router = router) {
  const app = await startTestApp({ router: on });
  await migrate(app.db as unknown as Parameters<Migration['up']>[0]);
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

      // A hidden field answers no question: a visitor cannot filter, sort or search on it.
      const probe = await failure(visitor.gadgets.list.query({ filters: { supplier: 'acme' } }));
      expect(probe).toMatchObject({ code: 'BAD_REQUEST', message: 'Filtre réservé à l’administration : supplier.' });
      expect((await failure(visitor.gadgets.list.query({ sort: 'supplier' }))).code).toBe('BAD_REQUEST');
      expect((await visitor.gadgets.list.query({ search: 'Remise' })).total).toBe(0);
      expect((await visitor.gadgets.list.query({ filters: { kind: 'usb' } })).total).toBe(1);
      // The admin still can.
      expect((await admin.gadgets.list.query({ filters: { supplier: 'acme' } })).total).toBe(2);
      expect((await admin.gadgets.list.query({ search: 'Remise' })).total).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('gets its admin menu entry, icon and screens, and every link to a record opens its detail screen', () => {
    const entries = adminEntries(registry);
    expect(entries.map((e) => e.name).slice(-2)).toEqual(['gadgets', 'makers']);
    const entry = entries.at(-2)!;
    expect(entry).toMatchObject({
      name: 'gadgets',
      menuLabel: 'Gadgets',
      icon: 'tool',
      paths: { list: '/gadgets', create: '/gadgets/add', show: '/fiches-gadgets/:id' },
    });
    expect(adminPath(gadgets, 'abc')).toBe('/admin/fiches-gadgets/abc');
  });

  it('has a migration written from its declaration that matches it, with its checks and search index', async () => {
    const app = await start();
    try {
      expect(await schemaDrift(app.db, [gadgets, makers])).toEqual([]);
      const admin = httpClient<typeof router>(app.url).client;
      await admin.auth.login.mutate(ADMIN);
      // The database's own checks hold even where the API is bypassed.
      await expect(
        app.db
          .insertInto('gadgets' as never)
          .values({ name: 'X', price: -1 } as never)
          .execute(),
      ).rejects.toThrow(/check/i);
      await expect(
        app.db
          .insertInto('gadgets' as never)
          .values({ name: 'X', price: 1, kind: 'nuclear' } as never)
          .execute(),
      ).rejects.toThrow(/check/i);
      await admin.gadgets.create.mutate({ name: 'Lampe à énergie solaire', price: 7500, kind: 'solar' });
      expect((await admin.gadgets.list.query({ search: 'energie' })).rows.map((r) => r.name)).toEqual(['Lampe à énergie solaire']);
    } finally {
      await app.close();
    }
  });

  it('declares its policy to the server: public cached reads, admin writes that drop those reads', async () => {
    const meta = (path: string) =>
      (router._def.procedures as unknown as Record<string, { _def: { meta?: Record<string, unknown> } }>)[path]!._def.meta;
    expect(meta('gadgets.list')).toMatchObject({ access: 'public', cache: ['gadgets'] });
    expect(meta('gadgets.create')).toMatchObject({ access: 'admin', invalidates: ['gadgets'] });
    const app = await start();
    try {
      const admin = httpClient<typeof router>(app.url).client;
      const visitor = httpClient<typeof router>(app.url).client;
      await admin.auth.login.mutate(ADMIN);
      expect((await visitor.gadgets.list.query()).total).toBe(0);
      await expect.poll(() => app.cachedEntries()).toBeGreaterThan(0);
      await admin.gadgets.create.mutate({ name: 'Radio', price: 5000 });
      expect((await visitor.gadgets.list.query()).rows.map((r) => r.name)).toEqual(['Radio']);
    } finally {
      await app.close();
    }
  });
});

describe('a reaction declared with the resource', () => {
  it('runs once per create, typed with its row, in the write’s transaction: when it throws, nothing is written', async () => {
    // Each gadget made names its maker: the reaction writes in the same transaction as the gadget.
    const reacting = buildAppRouter(registry, {
      gadgets: {
        afterCreate: async ({ tx, actor }, after) => {
          if (after.price > 100_000) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Trop cher pour un gadget.' });
          await sql`INSERT INTO makers (name) VALUES (${`Fabricant de ${after.name} (${actor})`})`.execute(tx);
        },
      },
    });
    const app = await start(reacting);
    try {
      const admin = httpClient<typeof reacting>(app.url).client;
      await admin.auth.login.mutate(ADMIN);
      const makersNow = async () => (await admin.makers.list.query({ pageSize: 100 })).rows.map((r) => r.name);
      await admin.gadgets.create.mutate({ name: 'Lampe solaire', price: 7500 });
      await admin.gadgets.create.mutate({ name: 'Radio', price: 5000 });
      expect((await makersNow()).sort()).toEqual([`Fabricant de Lampe solaire (${ADMIN.email})`, `Fabricant de Radio (${ADMIN.email})`]);
      // Refused by the reaction: the gadget is not made either.
      expect(await failure(admin.gadgets.create.mutate({ name: 'Drone', price: 250_000 }))).toMatchObject({
        code: 'BAD_REQUEST',
        message: 'Trop cher pour un gadget.',
      });
      expect((await admin.gadgets.list.query({ search: 'Drone' })).total).toBe(0);
      expect(await makersNow()).toHaveLength(2);
    } finally {
      await app.close();
    }
  });
});

describe('the access walk', () => {
  describeAccessWalk(router, registry, start);
});

describe('the contract suite', () => {
  describeContract([gadgets, makers], start, registry);
});
