import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseUnconfirmedOrders, RELEASE_ACTOR } from '../../server/src/orders/release';
import { failure, startTestApp, type TestApp } from '../support/app';
import { readOutbox } from '../support/outbox';
import { postFrom } from '../support/raw-http';

// One anonymous cash-on-delivery order for every unit in stock used to empty the shop until the
// owner cancelled it by hand. The shop's rules, as a new shop has them (Paramètres).

const dataDir = `.tmp/test-stock-${process.pid}`;
let app: TestApp;
beforeAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  app = await startTestApp({ demo: true, shopRules: 'default', env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function product(stock: number, price = 20_000) {
  return (await app.asAdmin.products.create({
    name: `Clé USB ${randomUUID().slice(0, 6)}`,
    shortDescription: '64 Go',
    description: '<p>Clé</p>',
    price,
    category: 'accessories',
    stock,
  })) as { id: string; name: string };
}
const stockOf = async (id: string) => ((await app.asAdmin.products.get({ id })) as { stock: number | null }).stock;
const place = (productId: string, quantity: number, phone: string) =>
  app.asVisitor.orders.place({
    customerName: 'Client pressé',
    phone,
    email: 'client@example.com',
    city: 'Cotonou',
    address: 'Akpakpa, rue de la démonstration',
    items: [{ id: productId, type: 'product', quantity }],
    idempotencyKey: randomUUID(),
  }) as Promise<{ id: string; number: string }>;

describe('stock that cannot be hoarded', () => {
  it('refuses an anonymous order for the whole stock, in French, and takes nothing', async () => {
    const p = await product(40);
    const refused = await failure(place(p.id, 40, '01 90 00 00 01'));
    expect(refused.message).toBe(`« ${p.name} » : 10 au maximum par commande. Pour une plus grande quantité, contactez-nous.`);
    expect(await stockOf(p.id)).toBe(40);
  });

  it('counts one article listed on several lines as one, and takes nothing when refused', async () => {
    const p = await product(37);
    const refused = await failure(
      app.asVisitor.orders.place({
        customerName: 'Client pressé',
        phone: '01 90 00 00 11',
        city: 'Cotonou',
        address: 'Akpakpa',
        items: [10, 10, 7].map((quantity) => ({ id: p.id, type: 'product' as const, quantity })),
        idempotencyKey: randomUUID(),
      }),
    );
    expect(refused.message).toBe(`« ${p.name} » : 10 au maximum par commande. Pour une plus grande quantité, contactez-nous.`);
    expect(await stockOf(p.id)).toBe(37);
    // Two lines within the limit together are an ordinary order.
    const fine = await app.asVisitor.orders.place({
      customerName: 'Client raisonnable',
      phone: '01 90 00 00 12',
      city: 'Cotonou',
      address: 'Akpakpa',
      items: [4, 6].map((quantity) => ({ id: p.id, type: 'product' as const, quantity })),
      idempotencyKey: randomUUID(),
    });
    expect(fine).toMatchObject({ status: 'new' });
    expect(await stockOf(p.id)).toBe(27);
  });

  it('caps the seats one order takes on a training session, across its lines', async () => {
    const course = (await app.asAdmin.cryptoCourses.create({
      title: `Bitcoin ${randomUUID().slice(0, 6)}`,
      duration: '1 jour',
      price: 20_000,
      description: 'Les bases',
      image: 'https://exemple.bj/b.jpg',
    })) as { id: string; title: string };
    const s = (await app.asAdmin.courseSessions.create({
      course: course.id,
      startsAt: new Date(Date.now() + 10 * 86_400_000).toISOString(),
      place: 'Cotonou',
      seats: 10,
    })) as { id: string };
    const book = (quantities: number[], phone: string) =>
      app.asVisitor.orders.place({
        customerName: 'Groupe',
        phone,
        items: quantities.map((quantity) => ({ id: course.id, type: 'course' as const, quantity, sessionId: s.id })),
        idempotencyKey: randomUUID(),
      });
    for (const quantities of [[10], [3, 3]]) {
      const refused = await failure(book(quantities, '01 90 00 00 13'));
      expect(refused.message).toMatch(/: 5 place\(s\) au maximum par commande sur une session\. Pour un groupe, contactez-nous\.$/);
    }
    await book([5], '01 90 00 00 14');
    const taken = (await app.asAdmin.courseSessions.get({ id: s.id })) as { seatsTaken: number };
    expect(taken.seatsTaken).toBe(5);
  });

  it('refuses a cash-on-delivery order above the owner’s ceiling', async () => {
    const p = await product(5, 300_000);
    const refused = await failure(place(p.id, 2, '01 90 00 00 02'));
    expect(refused.message).toMatch(/^Une commande payée à la livraison ne peut pas dépasser 500\s000\sF\sCFA\./);
    expect(await stockOf(p.id)).toBe(5);
  });

  it('allows three orders waiting for confirmation per phone, however it is typed', async () => {
    const p = await product(20);
    await place(p.id, 1, '01 90 00 00 03');
    await place(p.id, 1, '+229 0190000003');
    await place(p.id, 1, '0190000003');
    const refused = await failure(place(p.id, 1, '01-90-00-00-03'));
    expect(refused.message).toMatch(/^Ce numéro a déjà 3 commande\(s\) en attente de confirmation\./);
    expect(await stockOf(p.id)).toBe(17);
    // Ten sent at once from a fresh phone: still three.
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => place(p.id, 1, '01 90 00 00 04')));
    expect(results.filter((r) => r.status === 'fulfilled').length).toBe(3);
  });

  it('lets unpaid orders together hold half a product’s stock at most; paid ones, confirmed ones and the rest are free', async () => {
    const p = await product(20);
    // Two strangers used to empty it: 10, then 10.
    const first = await place(p.id, 10, '01 90 00 00 21');
    const refused = await failure(place(p.id, 10, '01 90 00 00 22'));
    expect(refused.message).toBe(
      `« ${p.name} » est très demandé : 0 au plus en paiement à la livraison pour le moment. Payez en ligne par Mobile Money pour en prendre plus, ou contactez-nous.`,
    );
    expect(await stockOf(p.id)).toBe(10);
    // One article on two lines counts once: 4 held, then 3 + 4 of 20 is more than half.
    const r = await product(20);
    await place(r.id, 4, '01 90 00 00 24');
    const split = await failure(
      app.asVisitor.orders.place({
        customerName: 'Client pressé',
        phone: '01 90 00 00 23',
        city: 'Cotonou',
        address: 'Akpakpa, rue de la démonstration',
        items: [
          { id: r.id, type: 'product', quantity: 3 },
          { id: r.id, type: 'product', quantity: 4 },
        ],
        idempotencyKey: randomUUID(),
      }),
    );
    expect(split.message).toMatch(/est très demandé : 6 au plus en paiement à la livraison/);
    expect(await stockOf(r.id)).toBe(16);
    // Twenty one-unit orders from invented phones: the same half, whatever the phones.
    const q = await product(37);
    const results = [];
    for (let i = 0; i < 20; i++)
      results.push(
        await place(q.id, 1, `01 91 00 00 ${String(i).padStart(2, '0')}`).then(
          () => 'ok',
          () => 'refused',
        ),
      );
    expect(results.filter((r) => r === 'ok')).toHaveLength(19);
    expect(await stockOf(q.id)).toBe(18);
    // Once the owner confirms a real order, its units no longer count as held.
    await app.asAdmin.orders.transition({ id: first.id, to: 'confirmed' });
    await place(p.id, 5, '01 90 00 00 22');
    expect(await stockOf(p.id)).toBe(5);
  });

  it('limits the orders one internet address places in an hour, whatever the phones, as the owner set it', async () => {
    const limited = await startTestApp({ shopRules: 'default', env: { RATE_LIMIT: 'on' } });
    try {
      await limited.asAdmin.settings.update({ maxOrdersPerAddressPerHour: 3 });
      const p = (await limited.asAdmin.products.create({
        name: 'Batterie externe',
        shortDescription: '20 000 mAh',
        description: '<p>Batterie</p>',
        price: 15_000,
        category: 'accessories',
        stock: 37,
      })) as { id: string };
      const order = (from: string, phone: string) =>
        postFrom(from, `${limited.url}/trpc/orders.place`, {
          customerName: 'Client',
          phone,
          city: 'Cotonou',
          address: 'Cadjèhoun',
          items: [{ id: p.id, type: 'product', quantity: 1 }],
          idempotencyKey: randomUUID(),
        });
      // A refused order (unknown product) does not count.
      const bad = await postFrom('127.0.0.61', `${limited.url}/trpc/orders.place`, {
        customerName: 'Client',
        phone: '01 91 00 00 00',
        city: 'Cotonou',
        address: 'Cadjèhoun',
        items: [{ id: randomUUID(), type: 'product', quantity: 1 }],
        idempotencyKey: randomUUID(),
      });
      expect(bad.status).toBe(400);
      for (let i = 1; i <= 3; i++) expect((await order('127.0.0.61', `01 91 00 00 0${i}`)).status).toBe(200);
      const fourth = await order('127.0.0.61', '01 91 00 00 04');
      expect(fourth.status).toBe(429);
      expect(JSON.parse(fourth.body).error.message).toBe(
        'Trop de commandes passées depuis cette connexion en une heure. Réessayez plus tard, ou contactez-nous pour commander.',
      );
      // Another address is not affected; the stock held is three units, not ten.
      expect((await order('127.0.0.62', '01 91 00 00 05')).status).toBe(200);
      expect(((await limited.asAdmin.products.get({ id: p.id })) as { stock: number }).stock).toBe(33);
    } finally {
      await limited.close();
    }
  });

  it('tells the owner when an order takes the last units', async () => {
    const p = await product(2);
    const before = readOutbox(dataDir).length;
    await place(p.id, 2, '01 90 00 00 05');
    let alert: string | undefined;
    for (let i = 0; i < 200 && !alert; i++) {
      alert = readOutbox(dataDir)
        .slice(before)
        .find((m) => m.includes('Rupture de stock : cette commande'));
      if (!alert) await new Promise((r) => setTimeout(r, 25));
    }
    expect(alert).toContain(`Rupture de stock : cette commande a pris les dernières unités de « ${p.name} »`);
  });

  it('gives the stock of an order nobody confirmed back after the delay, with a history row and the customer told', async () => {
    const p = await product(10);
    const stale = await place(p.id, 4, '01 90 00 00 06');
    const fresh = await place(p.id, 1, '01 90 00 00 07');
    await sql`update orders set created_at = now() - interval '49 hours' where id = ${stale.id}`.execute(app.db);
    expect(await stockOf(p.id)).toBe(5);
    const before = readOutbox(dataDir).length;
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    expect(await releaseUnconfirmedOrders(app.db, app.config, log)).toBe(1);
    expect(await stockOf(p.id)).toBe(9);
    const [staleRow, freshRow] = await Promise.all([app.asAdmin.orders.get({ id: stale.id }), app.asAdmin.orders.get({ id: fresh.id })]);
    expect((staleRow as { status: string }).status).toBe('cancelled');
    expect((freshRow as { status: string }).status).toBe('new');
    const history = await app.asAdmin.orders.history({ id: stale.id });
    expect(history.at(-1)).toMatchObject({ actor: RELEASE_ACTOR, kind: 'status', fromValue: 'new', toValue: 'cancelled' });
    expect(history.at(-1)?.note).toContain('48 h');
    // The customer's mail was queued with the cancellation; the worker sends it.
    const told = () =>
      readOutbox(dataDir)
        .slice(before)
        .some((m) => m.includes(`votre commande ${stale.number} est annulée`));
    for (let i = 0; i < 200 && !told(); i++) await new Promise((r) => setTimeout(r, 25));
    expect(told()).toBe(true);
    // A second pass (another server) finds nothing left to release.
    expect(await releaseUnconfirmedOrders(app.db, app.config, log)).toBe(0);
  });
});
