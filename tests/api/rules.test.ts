import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type Client, failure, httpClient, startTestApp, type TestApp } from '../support/app';

// Rules across fields live in the resource declaration and hold on every write, create or update.

let app: TestApp;
let admin: Client;
beforeAll(async () => {
  app = await startTestApp();
  admin = httpClient(app.url).client;
  await admin.auth.login.mutate(ADMIN);
});
afterAll(() => app?.close());

const product = (extra: Record<string, unknown>) =>
  admin.products.create.mutate({
    name: 'Clavier sans fil',
    shortDescription: 'AZERTY',
    description: '<p>Clavier</p>',
    price: 15_000,
    category: 'accessories',
    ...extra,
  });

describe('a product', () => {
  it('refuses a "prix barré" not above the price, on create and on an update of either field', async () => {
    for (const compareAtPrice of [15_000, 9_000]) {
      const refused = await failure(product({ compareAtPrice }));
      expect(refused).toMatchObject({
        code: 'BAD_REQUEST',
        fieldErrors: { compareAtPrice: expect.stringMatching(/prix barré doit être supérieur au prix/) },
      });
    }
    const row = (await product({ compareAtPrice: 18_000 })) as { id: string };
    expect((await failure(admin.products.update.mutate({ id: row.id, data: { price: 20_000 } }))).fieldErrors).toMatchObject({
      compareAtPrice: expect.any(String),
    });
    expect((await failure(admin.products.update.mutate({ id: row.id, data: { compareAtPrice: 10_000 } }))).fieldErrors).toMatchObject({
      compareAtPrice: expect.any(String),
    });
    await admin.products.update.mutate({ id: row.id, data: { price: 12_000 } });
    await admin.products.update.mutate({ id: row.id, data: { compareAtPrice: null } });
    expect(await app.asAdmin.products.get({ id: row.id })).toMatchObject({ price: 12_000, compareAtPrice: null });
  });

  it('refuses a negative stock or price in French instead of changing it', async () => {
    expect((await failure(product({ stock: -1 }))).fieldErrors).toEqual({ stock: 'Minimum 0.' });
    expect((await failure(product({ price: -5 }))).fieldErrors).toEqual({ price: 'Le montant ne peut pas être négatif.' });
  });
});
