import { randomUUID } from 'node:crypto';
import { adminPath, formatXOF, orders } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../support/until';
import { ADMIN, httpClient, startTestApp, type TestApp } from '../support/app';
import { startPushStandIn } from '../support/push-stand-in';
import { sql } from 'kysely';
import { loadConfig } from '../../server/src/config';
import { pushEndpointRefusal } from '../../server/src/platform/push-delivery';
import { DEVICES_PER_ADMIN } from '../../server/src/routers/devices.router';

// The owner's phone rings on a new order: Web Push with VAPID, checked by a push service of our
// own that decrypts what it receives as a browser would.

let push: Awaited<ReturnType<typeof startPushStandIn>>;
let app: TestApp;

beforeAll(async () => {
  push = await startPushStandIn();
  // The stand-in is this machine's push service: the only host the server may call besides browsers' own.
  app = await startTestApp({ env: { PUSH_SERVICE_HOSTS: '127.0.0.1' } });
});
afterAll(async () => {
  await app?.close();
  await push?.close();
});

async function signedIn() {
  const { client } = httpClient(app.url);
  await client.auth.login.mutate(ADMIN);
  return client;
}

async function placeOrder(customerName: string) {
  const product = (await app.asAdmin.products.create({
    name: `Casque ${randomUUID().slice(0, 6)}`,
    shortDescription: 'Bluetooth',
    description: '<p>Casque</p>',
    price: 15_000,
    category: 'accessories',
    stock: null,
  })) as { id: string };
  return (await httpClient(app.url).client.orders.place.mutate({
    customerName,
    phone: '01 96 00 00 01',
    city: 'Porto-Novo',
    address: 'Ouando',
    items: [{ id: product.id, type: 'product', quantity: 2 }],
    idempotencyKey: randomUUID(),
  })) as { id: string; number: string; total: number };
}

describe('alerts on the owner’s devices', () => {
  it('sends a new order to the devices that asked for orders, signed and encrypted, with the screen to open', async () => {
    const owner = await signedIn();
    const { publicKey } = await owner.devices.vapidKey.query();
    const phone = push.subscribe();
    const tablet = push.subscribe();
    await owner.devices.save.mutate({ endpoint: phone.endpoint, keys: phone.keys, device: 'Téléphone', kinds: ['order', 'payment'] });
    await owner.devices.save.mutate({ endpoint: tablet.endpoint, keys: tablet.keys, device: 'Tablette', kinds: ['message'] });
    expect(await owner.devices.mine.query({ endpoint: phone.endpoint })).toEqual({ device: 'Téléphone', kinds: ['order', 'payment'] });

    const order = await placeOrder('Koffi Adjovi');
    const message = await until('the phone’s notification', () => push.delivered.find((d) => d.subscription === phone.id));
    expect(JSON.parse(message.payload)).toEqual({
      title: `Nouvelle commande ${order.number} – ${formatXOF(30_000)}`,
      body: 'Koffi Adjovi · 1 article',
      path: adminPath(orders, order.id),
      tag: adminPath(orders, order.id),
    });
    expect(message.vapid.publicKey).toBe(publicKey);
    expect(message.vapid.alg).toBe('ES256');
    expect(message.vapid.claims.aud).toBe(push.origin);
    expect(message.vapid.claims.sub).toMatch(/^(mailto:|https:)/);
    expect(message.vapid.claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(message.vapid.claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);
    expect(message.headers.ttl).toBe('86400');
    expect(message.headers.urgency).toBe('high');
    // The tablet asked for contact messages only.
    const rows = await app.db.selectFrom('outbox').select(['recipient', 'status']).where('channel', '=', 'push').execute();
    expect(rows.filter((r) => r.recipient === 'Tablette')).toEqual([]);
    expect(push.delivered.filter((d) => d.subscription === tablet.id)).toEqual([]);
  });

  it('removes a device the push service no longer knows (410), and says so in the "Envois"', async () => {
    const owner = await signedIn();
    const lost = push.subscribe();
    await owner.devices.save.mutate({ endpoint: lost.endpoint, keys: lost.keys, device: 'Ancien téléphone', kinds: ['order'] });
    push.gone.add(lost.id);
    await placeOrder('Mariam Sanni');
    const row = await until('the refused notification', async () => {
      const found = await app.db.selectFrom('outbox').selectAll().where('recipient', '=', 'Ancien téléphone').executeTakeFirst();
      return found?.status === 'cancelled' && found;
    });
    expect(row.lastError).toBe('Le service de notification ne connaît plus cet appareil (410) : il a été retiré.');
    expect(await owner.devices.mine.query({ endpoint: lost.endpoint })).toBeNull();
  });

  it('stops ringing a device when the owner signs out there, not elsewhere', async () => {
    const here = await signedIn();
    const there = await signedIn();
    const a = push.subscribe();
    const b = push.subscribe();
    await here.devices.save.mutate({ endpoint: a.endpoint, keys: a.keys, device: 'Ici', kinds: ['order'] });
    await there.devices.save.mutate({ endpoint: b.endpoint, keys: b.keys, device: 'Là-bas', kinds: ['order'] });
    await here.auth.logout.mutate();
    const devices = await app.db
      .selectFrom('pushSubscriptions')
      .select('device')
      .where('endpoint', 'in', [a.endpoint, b.endpoint])
      .execute();
    expect(devices.map((d) => d.device)).toEqual(['Là-bas']);
  });

  it('refuses a subscription that is not one, in French', async () => {
    const owner = await signedIn();
    await expect(
      owner.devices.save.mutate({ endpoint: 'javascript:alert(1)', keys: { p256dh: 'x', auth: 'y' }, device: '', kinds: ['order'] }),
    ).rejects.toThrow(/Adresse d’abonnement invalide/);
    await expect(httpClient(app.url).client.devices.vapidKey.query()).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });
  });

  it('calls only a push service over https: no address of the server’s network, no http', async () => {
    const owner = await signedIn();
    const keys = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };
    for (const endpoint of [
      'http://127.0.0.1:9/push',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push',
      'https://10.0.0.5/push',
      'https://fcm.googleapis.com.evil.example/push',
      'https://user:pass@127.0.0.1/push',
    ]) {
      await expect(owner.devices.save.mutate({ endpoint, keys, device: 'Sonde', kinds: ['order'] }), endpoint).rejects.toThrow(
        /Adresse d’abonnement (refusée|invalide)/,
      );
    }
    // The browsers' own services pass, with the shop's default list.
    const defaults = loadConfig({});
    expect(pushEndpointRefusal('https://fcm.googleapis.com/fcm/send/abc', defaults)).toBeNull();
    expect(pushEndpointRefusal('https://updates.push.services.mozilla.com/wpush/v2/abc', defaults)).toBeNull();
    expect(pushEndpointRefusal('https://web.push.apple.com/abc', defaults)).toBeNull();
    expect(pushEndpointRefusal('https://127.0.0.1/push', defaults)).toMatch(/refusée/);
    // A row saved before this rule, to an address now refused: dropped at its first alert, never called.
    const old = await app.db
      .insertInto('pushSubscriptions')
      .values({
        adminId: (await app.db.selectFrom('admins').select('id').executeTakeFirstOrThrow()).id,
        endpoint: 'http://127.0.0.1:9/ancien',
        ...keys,
        device: 'Ancien',
        kinds: JSON.stringify(['order']),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await placeOrder('Client de la sonde');
    await until(
      'the refused device dropped',
      async () => !(await app.db.selectFrom('pushSubscriptions').select('id').where('id', '=', old.id).executeTakeFirst()),
    );
    // The device is removed, then its alert noted as given up: the second write is waited for too.
    const alertOf = () =>
      app.db
        .selectFrom('outbox')
        .select(['status', 'lastError'])
        .where('payload', '@>', sql<never>`${JSON.stringify({ subscriptionId: old.id })}::jsonb`)
        .executeTakeFirstOrThrow();
    await until('its alert given up', async () => (await alertOf()).status !== 'pending');
    expect(await alertOf()).toMatchObject({ status: 'cancelled', lastError: expect.stringMatching(/refusée.*retiré/) });
  });

  it('keeps alerts on ten devices per person at most, dropping the first registered', async () => {
    const owner = await signedIn();
    const admin = (await app.db.selectFrom('admins').select('id').executeTakeFirstOrThrow()).id;
    await app.db.deleteFrom('pushSubscriptions').execute();
    for (let i = 0; i < DEVICES_PER_ADMIN + 3; i++) {
      const device = push.subscribe();
      await owner.devices.save.mutate({ endpoint: device.endpoint, keys: device.keys, device: `Appareil ${i}`, kinds: ['order'] });
    }
    const kept = await app.db.selectFrom('pushSubscriptions').select('device').where('adminId', '=', admin).execute();
    expect(kept).toHaveLength(DEVICES_PER_ADMIN);
    expect(kept.map((d) => d.device)).toContain(`Appareil ${DEVICES_PER_ADMIN + 2}`);
    expect(kept.map((d) => d.device)).not.toContain('Appareil 0');
  });
});
