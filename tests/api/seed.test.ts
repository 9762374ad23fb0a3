import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../../server/src/auth/admins';
import { seedIfEmpty } from '../../server/src/seed/seed';
import type { Database } from '../../server/src/db/schema';
import { demoData } from '../../server/src/seed/demo-data';
import { createTestDb } from '../support/db';
import { startTestApp } from '../support/app';
import { settings } from '@app/shared';

const dbs: Array<Awaited<ReturnType<typeof createTestDb>>> = [];
afterAll(async () => {
  for (const d of dbs) await d.drop();
});
async function fresh() {
  const d = await createTestDb();
  dbs.push(d);
  return d.db;
}
/** Rows of a table (named as in the code: CamelCasePlugin maps it), where a condition holds. */
const count = async (db: Awaited<ReturnType<typeof fresh>>, table: keyof Database, where = sql<boolean>`true`) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE ${where}`.execute(db)).rows[0]!.n;

describe('demo content', () => {
  it("lists newest first in the demo's own order, the same on every install", async () => {
    const db = await fresh();
    await seedIfEmpty(db, { demo: true });
    const names = (
      await db.selectFrom('products').select('name').where('parent', 'is', null).orderBy('createdAt', 'desc').orderBy('id').execute()
    ).map((p) => p.name);
    expect(names).toEqual(demoData.products.map((p) => p.name));
    // Orders too, newest (the last placed, the highest number) first, and each one's history in
    // the order it happened.
    const orders = await db.selectFrom('orders').select(['id', 'number']).orderBy('createdAt', 'desc').orderBy('id').execute();
    expect(orders.map((o) => o.number)).toEqual(
      orders
        .map((o) => o.number)
        .sort()
        .reverse(),
    );
    const delivered = orders.at(-1)!;
    const steps = await db
      .selectFrom('orderEvents')
      .select(['kind', 'toValue', 'createdAt'])
      .where('orderId', '=', delivered.id)
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    expect(steps.map((e) => `${e.kind}:${e.toValue}`)).toEqual(['created:new', 'status:confirmed', 'status:shipped', 'status:delivered']);
    // A minute a step, as the owner reads it in the history (not four times the same minute), and
    // none in the future.
    const moments = steps.map((e) => new Date(e.createdAt).getTime());
    expect(moments.slice(1).map((t, i) => Math.round((t - moments[i]!) / 60_000))).toEqual([1, 1, 1]);
    expect(Math.max(...moments)).toBeLessThan(Date.now());
  });

  it('seeds a shop that looks real, once', async () => {
    const db = await fresh();
    expect(await seedIfEmpty(db, { demo: true })).toBe(true);
    expect(await count(db, 'products')).toBeGreaterThanOrEqual(12);
    const { rows } = await sql<{ n: number }>`SELECT count(DISTINCT category)::int AS n FROM products`.execute(db);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(4);
    expect(await count(db, 'services')).toBeGreaterThanOrEqual(4);
    expect(await count(db, 'cryptoCourses')).toBeGreaterThanOrEqual(3);
    expect(await count(db, 'blogPosts')).toBeGreaterThanOrEqual(6);
    expect(await count(db, 'trendingCryptos')).toBeGreaterThanOrEqual(6);
    expect(await count(db, 'testimonials')).toBeGreaterThanOrEqual(5);
    expect(await count(db, 'deliveryOptions')).toBeGreaterThanOrEqual(3);
    expect(await count(db, 'deliveryOptions', sql`recommended`)).toBe(1);
    for (const status of ['pending', 'completed', 'rejected']) {
      expect(await count(db, 'cryptoVerifications', sql`status = ${status}`)).toBeGreaterThanOrEqual(1);
    }
    expect(await count(db, 'orders')).toBeGreaterThanOrEqual(3);
    expect(await count(db, 'settings')).toBe(1);
    // A second start changes nothing.
    expect(await seedIfEmpty(db, { demo: true })).toBe(false);
    expect(await count(db, 'settings')).toBe(1);
  });

  it('with SEED_DEMO=false, creates only the settings row', async () => {
    const db = await fresh();
    await seedIfEmpty(db, { demo: false });
    expect(await count(db, 'settings')).toBe(1);
    expect(await count(db, 'products')).toBe(0);
    expect(await count(db, 'orders')).toBe(0);
  });

  it('creates a first admin from ADMIN_EMAIL/ADMIN_PASSWORD, and never a second one', async () => {
    const db = await fresh();
    expect(await ensureFirstAdmin(db, { adminEmail: 'Chef@Example.com', adminPassword: 'mot de passe du chef' })).toEqual({
      email: 'Chef@Example.com',
      generatedPassword: null,
    });
    expect(await ensureFirstAdmin(db, { adminEmail: 'autre@example.com', adminPassword: 'encore un autre mot' })).toBeNull();
    // Called by a name from her address, not « Admin ».
    const admins = await db.selectFrom('admins').select(['email', 'displayName']).execute();
    expect(admins).toEqual([{ email: 'chef@example.com', displayName: 'Chef' }]);
  });

  it('creates exactly one first admin when several servers start at once on a new database', async () => {
    const db = await fresh();
    const starts = await Promise.all(
      [1, 2, 3].map(() => ensureFirstAdmin(db, { adminEmail: 'patronne@example.bj', adminPassword: 'mot de passe de la patronne' })),
    );
    expect(starts.filter(Boolean)).toEqual([{ email: 'patronne@example.bj', generatedPassword: null }]);
    expect(await db.selectFrom('admins').select('email').execute()).toEqual([{ email: 'patronne@example.bj' }]);
  });
});

describe('a shop started without the demo', () => {
  it('lists on the dashboard what Paramètres still hold of the example, and its home page has no empty sections', async () => {
    const app = await startTestApp();
    try {
      // Before Paramètres are filled: no made-up phone, e-mail or WhatsApp button for shoppers.
      // What the page shows (the data it hydrates from, in a script, is not shown).
      const shown = async (path: string) => (await (await fetch(`${app.url}${path}`)).text()).replace(/<script[\s\S]*?<\/script>/g, '');
      const before = await shown('/contact');
      for (const example of ['01 99 99 99 99', 'contact@example.com', 'Écrire sur WhatsApp', 'Contact WhatsApp'])
        expect(before, example).not.toContain(example);
      const labels = (keys: (keyof typeof settings.fields)[]) => keys.map((k) => settings.fields[k].label);
      expect((await app.asAdmin.dashboard.stats()).settingsToFill).toEqual(
        labels(['businessName', 'tagline', 'phone', 'whatsapp', 'email', 'address']),
      );
      await app.asAdmin.settings.update({ phone: '01 97 12 34 56', email: 'bonjour@boutique.bj', businessName: 'Boutique Awa' });
      expect((await app.asAdmin.dashboard.stats()).settingsToFill).toEqual(labels(['tagline', 'whatsapp', 'address']));
      const home = await shown('/');
      expect(home).toContain('bonjour@boutique.bj');
      expect(home).toContain('01 97 12 34 56');
      for (const heading of ['Produits phares', 'Nos services', 'Formations Crypto', 'Cryptos tendance', 'Derniers articles'])
        expect(home, heading).not.toContain(`>${heading}</h2>`);
      // No promise the owner did not make (issue 46: "Livraison partout au Bénin" for every shop).
      for (const promise of ['Livraison partout au Bénin', 'Garantie et service après-vente', 'Paiement à la livraison'])
        expect(home, promise).not.toContain(promise);
      await app.asAdmin.settings.update({ homePromises: ['Retrait en boutique à Parakou'] });
      expect(await shown('/')).toContain('✓ Retrait en boutique à Parakou');
    } finally {
      await app.close();
    }
  });
});
