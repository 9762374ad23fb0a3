import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, newProduct, startTestApp, type TestApp } from '../support/app';
import { signInToSpace } from '../support/space';

// Loyalty (issue 59): 2 points per 1,000 F, a point worth 10 F. A counter sale and a web order earn
// points, a return takes its share back, a signed-in checkout spends them (once, from two phones at
// once), a cancelled order gives back what it spent; the balances right to the point.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await app.asAdmin.settings.update({ loyaltyRate: 2, loyaltyValue: 10 } as never);
});
afterAll(() => app?.close());

const phone = `0196${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
const e164 = `+229${phone}`;
const email = `fidele-${randomUUID().slice(0, 6)}@example.com`;
const balance = async () => (await app.asAdmin.customers.loyalty({ id: await customerId() })).balance;
const customerId = async () => (await app.db.selectFrom('customers').select('id').where('phone', '=', e164).executeTakeFirstOrThrow()).id;
const web = async (items: Array<[{ id: string }, number]>, extra: Record<string, unknown> = {}, client = app.asVisitor.orders.place) =>
  (await client({
    customerName: 'Fidèle Client',
    phone,
    email,
    city: 'Cotonou',
    address: 'Gbégamey',
    items: items.map(([p, quantity]) => ({ id: p.id, type: 'product', quantity })),
    idempotencyKey: randomUUID(),
    ...extra,
  } as never)) as {
    id: string;
    number: string;
    total: number;
    discount: number;
    loyaltyPoints: number | null;
    items: { discount?: number }[];
  };
const deliver = async (id: string) => {
  await app.asAdmin.orders.setPayment({ id, to: 'paid' });
  for (const to of ['confirmed', 'shipped', 'delivered'] as const) await app.asAdmin.orders.transition({ id, to });
};
describe('loyalty points', () => {
  it('are earned at the counter and online, taken back by a return, spent once at checkout, given back by a cancellation', async () => {
    const [speaker, cable, lamp] = [
      await newProduct(app, 'Enceinte', 25_500),
      await newProduct(app, 'Câble', 12_000),
      await newProduct(app, 'Lampe', 5_000, 50),
    ];
    // The counter: 25,500 F → 25 whole thousands → 50 points, at the sale.
    await app.asAdmin.orders.sellAtCounter({
      idempotencyKey: randomUUID(),
      items: [{ id: speaker.id, type: 'product', quantity: 1 }],
      payment: { method: 'cash', given: 30_000 },
      phone,
      customerName: 'Fidèle Client',
    } as never);
    expect(await balance()).toBe(50);
    // Online: nothing until paid and delivered; then 24,000 F → 48 points.
    const order = await web([[cable, 2]]);
    await app.asAdmin.orders.setPayment({ id: order.id, to: 'paid' });
    expect(await balance()).toBe(50);
    for (const to of ['confirmed', 'shipped', 'delivered'] as const) await app.asAdmin.orders.transition({ id: order.id, to });
    expect(await balance()).toBe(98);
    // One cable of two back: half of its 48 points go with it.
    await app.asAdmin.returns.make({
      orderId: order.id,
      lines: [{ id: cable.id, type: 'product', quantity: 1, state: 'restocked' }],
      reason: 'not_suitable',
      refundMethod: 'mobile_money',
      reference: 'MTN-FID-1',
      idempotencyKey: randomUUID(),
    });
    expect(await balance()).toBe(74);

    // Spending: only signed in, and for the phone of the space.
    expect((await failure(web([[lamp, 1]], { loyaltyPoints: 74 }))).message).toBe(
      'Connectez-vous à Mon espace pour utiliser vos points de fidélité.',
    );
    const [first, second] = [await signInToSpace(app, email), await signInToSpace(app, email)];
    expect((await first.client.account.me.query())?.loyalty).toMatchObject({ on: true, balance: 74, rate: 2, value: 10 });
    expect((await failure(web([[lamp, 1]], { loyaltyPoints: 74, phone: '0197000001' }, first.client.orders.place.mutate))).message).toBe(
      'Vos points sont ceux du téléphone de votre espace : commandez avec ce numéro pour les utiliser.',
    );
    // Two phones spend the same 74 points at once: one order gets them.
    const results = await Promise.allSettled([
      web([[lamp, 1]], { loyaltyPoints: 74 }, first.client.orders.place.mutate),
      web([[lamp, 1]], { loyaltyPoints: 74 }, second.client.orders.place.mutate),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason.message).toBe(
      'Vous avez 0 point(s) : vous ne pouvez pas en utiliser 74.',
    );
    const spent = (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof web>>>).value;
    // 74 points × 10 F off 5,000 F, on the line as a promo's share would be.
    expect(spent).toMatchObject({ total: 4_260, discount: 740, loyaltyPoints: 74 });
    expect(spent.items[0]!.discount).toBe(740);
    expect(await balance()).toBe(0);
    // Paid and delivered, it earns on what was paid: 4,260 F → 8 points.
    await deliver(spent.id);
    expect(await balance()).toBe(8);

    // An order that spends points and is cancelled gives them back.
    const undone = await web([[lamp, 1]], { loyaltyPoints: 8 }, first.client.orders.place.mutate);
    expect(await balance()).toBe(0);
    await app.asAdmin.orders.transition({ id: undone.id, to: 'cancelled' });
    expect(await balance()).toBe(8);
    // The customer's space and the owner's screen tell the same history.
    const history = (await first.client.account.me.query())!.loyalty.history.map((h) => [h.kind, h.points]);
    expect(history).toEqual([
      ['spend', 8],
      ['spend', -8],
      ['earn', 8],
      ['spend', -74],
      ['return', -24],
      ['earn', 48],
      ['earn', 50],
    ]);

    // At the counter, by the phone the seller typed: 8 points off 5,000 F; the sale earns on the 4,920 F paid.
    const sell = (extra: Record<string, unknown>) =>
      app.asAdmin.orders.sellAtCounter({
        idempotencyKey: randomUUID(),
        items: [{ id: lamp.id, type: 'product', quantity: 1 }],
        payment: { method: 'cash', given: 5_000 },
        ...extra,
      } as never) as Promise<{ order: { total: number; loyaltyPoints: number | null } }>;
    expect((await failure(sell({ loyaltyPoints: 8 }))).message).toBe(
      'Les points sont ceux d’un client : indiquez son téléphone dans « Client ».',
    );
    expect((await app.asAdmin.customers.points({ phone })).balance).toBe(8);
    const counter = await sell({ loyaltyPoints: 8, phone });
    expect(counter.order).toMatchObject({ total: 4_920, loyaltyPoints: 8 });
    expect(await balance()).toBe(8);
  });
});
