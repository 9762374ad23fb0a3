import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import { sql } from 'kysely';
import { defineResource, f, resources } from '@app/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { addColumnsSql, createTableSql } from '../../server/src/db/columns';
import { migrateToLatest, migrationFolder } from '../../server/src/db/migrate';
import { migrationSource, migrationStamp } from '../../server/src/db/migration-new-cli';
import { buildApp } from '../../server/src/http/app';
import { seedIfEmpty } from '../../server/src/seed/seed';
import { createTestDb } from '../support/db';
import { schemaDrift } from '../support/drift';

// Shops already hold data: each release's migrations are applied to a database the previous
// release migrated, never only to an empty one as the rest of the suite does.

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The landed migrations plus new files, in a folder of the project (so they import kysely as the real ones do). */
function releaseWith(files: Record<string, string>) {
  const dir = path.resolve(`.tmp/migrations-${randomBytes(4).toString('hex')}`);
  fs.mkdirSync(dir, { recursive: true });
  folders.push(dir);
  for (const file of fs.readdirSync(migrationFolder)) fs.copyFileSync(path.join(migrationFolder, file), path.join(dir, file));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

const newestLanded = fs.readdirSync(migrationFolder).sort().at(-1)!;
// Today's date, as a hand-named file or a clock behind the landed files stamps it; once the landed
// files are older than today, the start of the newest one's day stands in for that case.
const now = new Date().toISOString().replace(/\D/g, '').slice(0, 12);
const today = now < newestLanded ? now : `${newestLanded.slice(0, 8)}0000`;
const addColumn = `import { type Kysely, sql } from 'kysely';
export async function up(db: Kysely<any>): Promise<void> {
  await sql\`ALTER TABLE settings ADD COLUMN release_note text NOT NULL DEFAULT 'nouvelle version'\`.execute(db);
}
`;

describe('a new release migrates a shop the current one migrated', () => {
  it("applies a migration named with today's date, sorting before landed ones, and the shop starts", async () => {
    const shop = await createTestDb();
    try {
      // The newest landed file sorts after it: the case Kysely refuses by default.
      expect(`${today}_release_note.ts` < newestLanded).toBe(true);
      const release = releaseWith({ [`${today}_release_note.ts`]: addColumn });

      expect(await migrateToLatest(shop.db, { folder: release })).toEqual([`${today}_release_note`]);
      // The next start finds nothing to do, seeds nothing over the data, and answers.
      expect(await migrateToLatest(shop.db, { folder: release })).toEqual([]);
      await seedIfEmpty(shop.db, { demo: false });
      const note = await sql<{ releaseNote: string }>`SELECT release_note FROM settings`.execute(shop.db);
      expect(note.rows[0]?.releaseNote).toBe('nouvelle version');
      const app = await buildApp({ db: shop.db, config: loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT: 'off' }), logger: false });
      try {
        expect((await app.inject({ url: '/health/ready' })).statusCode).toBe(200);
        const settings = await app.inject({ url: '/trpc/settings.get' });
        expect(settings.statusCode).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await shop.drop();
    }
  });

  it('says in French which migration failed and what to do, and leaves the database as it was', async () => {
    const shop = await createTestDb();
    try {
      const broken = `import { type Kysely, sql } from 'kysely';
export async function up(db: Kysely<any>): Promise<void> {
  await sql\`ALTER TABLE settings ADD COLUMN half_done text\`.execute(db);
  await sql\`ALTER TABLE no_such_table ADD COLUMN x text\`.execute(db);
}
`;
      const release = releaseWith({ [`${today}_broken.ts`]: broken });
      const error = await migrateToLatest(shop.db, { folder: release }).then(
        () => null,
        (e: unknown) => e as Error,
      );
      expect(error?.message).toMatch(new RegExp(`^La migration ${today}_broken a échoué : .*no_such_table`));
      expect(error?.message).toMatch(/annulée en entier.*redémarrez/s);
      const columns = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'settings' AND column_name = 'half_done'`.execute(
        shop.db,
      );
      expect(columns.rows[0]?.n).toBe(0);
    } finally {
      await shop.drop();
    }
  });

  it('says in French when the database was migrated by a newer release than this one', async () => {
    const shop = await createTestDb();
    try {
      await migrateToLatest(shop.db, { folder: releaseWith({ [`${today}_release_note.ts`]: addColumn }) });
      // The previous release started again on that database (a rollback of the code alone).
      await expect(migrateToLatest(shop.db)).rejects.toThrow(
        new RegExp(`a reçu la migration ${today}_release_note, que cette version de la boutique ne connaît pas.*npm run restore`),
      );
    } finally {
      await shop.drop();
    }
  });
});

describe('npm run migration:new', () => {
  it('names a new file after the newest one, whatever the clock says', () => {
    const existing = ['202611300301_event_moments.ts', '202611220001_initial.ts', 'README.md'];
    expect(migrationStamp(new Date('2026-11-27T19:50:00Z'), existing)).toBe('202611300302');
    expect(migrationStamp(new Date('2026-12-01T08:15:00Z'), existing)).toBe('202612010815');
    expect(migrationStamp(new Date('2026-11-27T19:50:00Z'), ['202612312359_end_of_year.ts'])).toBe('202701010000');
    expect(migrationStamp(new Date('2026-11-27T19:50:00Z'), [])).toBe('202611271950');
    // On the real folder: after every landed file.
    expect(`${migrationStamp()}_x.ts` > fs.readdirSync(migrationFolder).sort().at(-1)!).toBe(true);
  });

  it('writes a file that passes the lint as it is', async () => {
    const resource = resources.find((r) => r.name === 'testimonials')!;
    const source = migrationSource(createTableSql(resource), 'DROP TABLE IF EXISTS testimonials', 'npm run migration:new testimonials');
    const file = path.join(migrationFolder, `${migrationStamp()}_testimonials.ts`);
    const options = await prettier.resolveConfig(file);
    expect(await prettier.check(source, { ...options, filepath: file })).toBe(true);
    const [result] = await new ESLint().lintText(source, { filePath: file });
    expect(result?.messages).toEqual([]);
  });
});

describe('npm run migration:new <resource> <field...>', () => {
  it('adds declared fields (a relation among them) to an existing table that holds rows, lint-clean', async () => {
    const testimonials = resources.find((r) => r.name === 'testimonials')!;
    // The declaration after the change: a city, and the product the testimonial is about.
    const grown = defineResource({
      ...testimonials,
      fields: {
        ...testimonials.fields,
        city: f.text('Ville', { max: 80, optional: true }),
        product: f.reference('Produit', 'products', { optional: true }),
      },
      list: { ...testimonials.list, search: [...testimonials.list.search, 'city'] },
    });
    const { up, down } = addColumnsSql(grown, ['city', 'product']);
    const source = migrationSource(up, down, 'npm run migration:new testimonials city product');
    const file = path.join(migrationFolder, `${migrationStamp()}_testimonials_city_product.ts`);
    expect(await prettier.check(source, { ...(await prettier.resolveConfig(file)), filepath: file })).toBe(true);
    expect((await new ESLint().lintText(source, { filePath: file }))[0]?.messages).toEqual([]);
    const shop = await createTestDb();
    try {
      await seedIfEmpty(shop.db, { demo: true });
      const folder = releaseWith({ [path.basename(file)]: source });
      await migrateToLatest(shop.db, { folder });
      expect(await schemaDrift(shop.db, [grown])).toEqual([]);
      expect(() => addColumnsSql(grown, ['colour'])).toThrow('testimonials n’a pas de champ « colour »');
    } finally {
      await shop.drop();
    }
  });
});

describe('202611300306_settings_home_promises', () => {
  it('keeps the promises a filled shop showed, and gives a new shop none', async () => {
    const migration = (await import('../../migrations/202611300306_settings_home_promises')) as {
      up: (db: unknown) => Promise<void>;
      down: (db: unknown) => Promise<void>;
    };
    for (const [businessName, promises] of [
      ['Boutique Awa', ['Paiement à la livraison', 'Livraison partout au Bénin', 'Garantie et service après-vente']],
      ['Ma boutique', []],
    ] as const) {
      const shop = await createTestDb();
      try {
        await seedIfEmpty(shop.db, { demo: false });
        await migration.down(shop.db);
        await sql`UPDATE settings SET business_name = ${businessName}`.execute(shop.db);
        await migration.up(shop.db);
        expect((await sql<{ p: string[] }>`SELECT home_promises AS p FROM settings`.execute(shop.db)).rows[0]!.p).toEqual(promises);
      } finally {
        await shop.drop();
      }
    }
  });
});

describe('202611300304_placeholder_contacts', () => {
  it('moves an untouched placeholder phone off the demo’s number, and leaves a filled one alone', async () => {
    const shop = await createTestDb();
    try {
      const { up } = (await import('../../migrations/202611300304_placeholder_contacts')) as { up: (db: unknown) => Promise<void> };
      await shop.db
        .insertInto('settings')
        .values({
          businessName: 'Ma boutique',
          tagline: 'x',
          phone: '+2290100000000',
          whatsapp: '+2290100000000',
          email: 'contact@example.com',
          address: 'Bénin',
        })
        .execute();
      await up(shop.db);
      expect(await shop.db.selectFrom('settings').select(['phone', 'whatsapp']).executeTakeFirstOrThrow()).toEqual({
        phone: '+2290199999999',
        whatsapp: '+2290199999999',
      });
      await shop.db.updateTable('settings').set({ phone: '+2290100000000', email: 'vrai@boutique.bj' }).execute();
      await up(shop.db);
      expect((await shop.db.selectFrom('settings').select('phone').executeTakeFirstOrThrow()).phone).toBe('+2290100000000');
    } finally {
      await shop.drop();
    }
  });
});

describe('202611300340_product_variants', () => {
  it('leaves every product, order, invoice and movement of the demo shop as it was, each product its own single version', async () => {
    const shop = await createTestDb();
    const migration = (await import('../../migrations/202611300340_product_variants')) as {
      up: (db: unknown) => Promise<void>;
      down: (db: unknown) => Promise<void>;
    };
    try {
      // The demo shop as the release before this one made it: without its product sold in versions.
      await seedIfEmpty(shop.db, { demo: true });
      const grouped = sql`SELECT id FROM products WHERE options IS NOT NULL OR parent IS NOT NULL`;
      await sql`UPDATE purchase_orders SET lines = (SELECT coalesce(jsonb_agg(l), '[]') FROM jsonb_array_elements(lines) l
        WHERE (l->>'product')::uuid NOT IN (${grouped}))`.execute(shop.db);
      await sql`DELETE FROM products WHERE parent IS NOT NULL`.execute(shop.db);
      await sql`DELETE FROM products WHERE options IS NOT NULL`.execute(shop.db);
      await migration.down(shop.db);
      const snapshot = async () => ({
        products: (await sql`SELECT * FROM products ORDER BY id`.execute(shop.db)).rows,
        orders: (await sql`SELECT * FROM orders ORDER BY id`.execute(shop.db)).rows,
        invoices: (await sql`SELECT * FROM invoices ORDER BY id`.execute(shop.db)).rows,
        movements: (await sql`SELECT * FROM stock_movements ORDER BY id`.execute(shop.db)).rows,
      });
      const before = await snapshot();
      expect(before.products.length).toBeGreaterThan(20);
      expect(before.orders.length).toBeGreaterThan(5);
      await migration.up(shop.db);
      const after = await snapshot();
      const newColumns = { options: null, parent: null, variant: null, archivedAt: null, pricesVary: false };
      expect(after.products).toEqual(before.products.map((p) => ({ ...(p as object), ...newColumns })));
      expect(after.orders).toEqual(before.orders);
      expect(after.invoices).toEqual(before.invoices);
      expect(after.movements).toEqual(before.movements);
      // Each is still listed, and sold.
      const app = await buildApp({ db: shop.db, config: loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT: 'off' }), logger: false });
      try {
        const list = await app.inject({ url: `/trpc/products.list?input=${encodeURIComponent(JSON.stringify({ pageSize: 100 }))}` });
        const published = before.products.filter((p) => (p as { published: boolean }).published).length;
        expect((list.json() as { result: { data: { total: number } } }).result.data.total).toBe(published);
        const product = before.products.find(
          (p) => (p as { stock: number }).stock > 0 && Number((p as { price: string }).price) < 50_000,
        ) as { id: string; stock: number };
        const placed = await app.inject({
          method: 'POST',
          url: '/trpc/orders.place',
          headers: { 'content-type': 'application/json' },
          payload: {
            customerName: 'Client fidèle',
            phone: '+2290196000077',
            city: 'Cotonou',
            address: 'Akpakpa',
            items: [{ id: product.id, type: 'product', quantity: 1 }],
            idempotencyKey: randomBytes(16).toString('hex'),
          },
        });
        expect(placed.statusCode, placed.body).toBe(200);
        const stock = await sql<{ stock: number }>`SELECT stock FROM products WHERE id = ${product.id}`.execute(shop.db);
        expect(stock.rows[0]!.stock).toBe(product.stock - 1);
      } finally {
        await app.close();
      }
    } finally {
      await shop.drop();
    }
  });
});

describe('202611300353_files_outside', () => {
  it('keeps the files of a shop that held them in its database, until the move takes them out', async () => {
    const shop = await createTestDb();
    const migration = (await import('../../migrations/202611300353_files_outside')) as {
      up: (db: unknown) => Promise<void>;
      down: (db: unknown) => Promise<void>;
    };
    try {
      await seedIfEmpty(shop.db, { demo: true });
      await migration.down(shop.db);
      // Files as the release before this one kept them: in their rows.
      const voice = randomBytes(3000);
      const preview = randomBytes(500);
      await sql`INSERT INTO media (id, width, height) VALUES (${'cd'.repeat(16)}, 640, 480)`.execute(shop.db);
      await sql`INSERT INTO media_variants (media_id, name, content_type, width, height, bytes)
                VALUES (${'cd'.repeat(16)}, '640.webp', 'image/webp', 640, 480, ${preview})`.execute(shop.db);
      const { rows } = await sql<{ id: string }>`INSERT INTO whatsapp_messages (phone, direction, body, status)
                VALUES ('+2290197000002', 'in', '', 'received') RETURNING id`.execute(shop.db);
      await sql`INSERT INTO whatsapp_media (message_id, kind, content_type, bytes, preview)
                VALUES (${rows[0]!.id}, 'image', 'image/webp', ${voice}, ${preview})`.execute(shop.db);
      await migration.up(shop.db);
      const kept = await sql<{ size: number; bytes: Uint8Array; fileKey: string | null }>`
        SELECT size, bytes, file_key AS "fileKey" FROM whatsapp_media`.execute(shop.db);
      expect(kept.rows.map((r) => ({ ...r, bytes: Buffer.from(r.bytes) }))).toEqual([{ size: 3500, bytes: voice, fileKey: null }]);
      // A row needs its file somewhere: in its bytes or in the store.
      await expect(sql`UPDATE media_variants SET bytes = NULL`.execute(shop.db)).rejects.toThrow(/media_variants_stored/);
    } finally {
      await shop.drop();
    }
  });
});
