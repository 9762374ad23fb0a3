import { randomUUID } from 'node:crypto';
import { today } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRequest } from '../../server/src/invoicing/invoices';
import { failure, startTestApp, type TestApp } from '../support/app';
import { exportOrders } from '../support/export';
import { pdfText } from '../support/pdf';

// Promo codes: checked and priced by the server in the order's transaction, refused in French
// with the reason, recorded on the order, its receipt, its invoice lines and the export, and
// counted exactly when many shoppers use one at once.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const day = (offset: number) => today(new Date(Date.now() + offset * 86_400_000));
const uniqueCode = (prefix: string) => `${prefix}${randomUUID().slice(0, 6).toUpperCase()}`;

async function promo(data: Record<string, unknown>) {
  return (await app.asAdmin.promoCodes.create({
    code: uniqueCode('PROMO'),
    label: 'Tabaski -10 %',
    kind: 'percent',
    value: 10,
    ...data,
  })) as {
    id: string;
    code: string;
  };
}
async function product(price: number, stock: number | null = 50) {
  return (await app.asAdmin.products.create({
    name: `Casque ${randomUUID().slice(0, 6)}`,
    shortDescription: 'Sans fil',
    description: '<p>Casque</p>',
    price,
    category: 'audio',
    stock,
  })) as { id: string; name: string };
}
async function course(price: number) {
  return (await app.asAdmin.cryptoCourses.create({
    title: `Bitcoin ${randomUUID().slice(0, 6)}`,
    duration: '2 jours',
    price,
    description: 'Les bases',
    image: 'https://exemple.bj/bitcoin.jpg',
  })) as { id: string };
}
function place(
  items: { id: string; type: 'product' | 'service' | 'course'; quantity: number }[],
  promoCode: string | null,
  phone = '01 97 12 34 56',
  extra: { deliveryOptionId?: string } = {},
) {
  return app.asVisitor.orders.place({
    customerName: 'Kossi Agbo',
    phone,
    city: 'Cotonou',
    address: 'Akpakpa',
    items,
    promoCode,
    idempotencyKey: randomUUID(),
    ...extra,
  });
}
type Placed = Awaited<ReturnType<typeof place>>;
const usesOf = async (id: string) => ((await app.asAdmin.promoCodes.get({ id })) as { uses: number }).uses;

describe('a promo code at checkout', () => {
  it('takes its percentage off the items, not the delivery, and the order, receipt and export say so', async () => {
    const code = await promo({ label: 'Tabaski -10 %', value: 10 });
    const a = await product(25_000);
    const b = await product(7_500);
    const delivery = (await app.asAdmin.deliveryOptions.create({
      name: 'Cotonou',
      description: 'En ville',
      price: 2_000,
      deliveryTime: '24 h',
    })) as {
      id: string;
    };
    const quote = await app.asVisitor.orders.quotePromo({
      promoCode: code.code.toLowerCase(),
      items: [
        { id: a.id, type: 'product', quantity: 2 },
        { id: b.id, type: 'product', quantity: 1 },
      ],
    });
    expect(quote).toEqual({ code: code.code, label: 'Tabaski -10 %', discount: 5_750 });

    const order = await place(
      [
        { id: a.id, type: 'product', quantity: 2 },
        { id: b.id, type: 'product', quantity: 1 },
      ],
      ` ${code.code.toLowerCase()} `,
      '01 97 00 11 22',
      { deliveryOptionId: delivery.id },
    );
    expect(order).toMatchObject({
      subtotal: 57_500,
      promoCode: code.code,
      promoLabel: 'Tabaski -10 %',
      discount: 5_750,
      deliveryCost: 2_000,
      total: 53_750,
    });
    // Shared out over the lines in proportion, whole francs adding up to the discount.
    expect(order.items.map((l) => l.discount)).toEqual([5_000, 750]);
    expect(await usesOf(code.id)).toBe(1);

    const tracked = await app.asVisitor.orders.track({ token: order.trackingToken });
    expect(tracked).toMatchObject({ promoCode: code.code, discount: 5_750, total: 53_750 });

    const receipt = await fetch(`${app.url}/suivi/${order.trackingToken}/recu.pdf`);
    expect(receipt.status).toBe(200);
    const text = pdfText(Buffer.from(await receipt.arrayBuffer()));
    expect(text).toContain(`Code promo ${code.code} (Tabaski -10 %)`);
    expect(text).toMatch(/− 5\s750 F CFA/);
    expect(text).toMatch(/53\s750 F CFA/);

    const { csv } = await exportOrders(app.url, today(), today());
    const cells = (line: string) => line.split(';').map((c) => c.replace(/^"|"$/g, ''));
    const header = cells(csv.split('\r\n')[0]!.replace(/^\uFEFF/, ''));
    const row = cells(csv.split('\r\n').find((line) => line.startsWith(`"${order.number}"`))!);
    expect(row[header.indexOf('Code promo')]).toBe(code.code);
    expect(row[header.indexOf('Remise')]).toBe('5750,00');
    expect(row[header.indexOf('Total')]).toBe('53750,00');
  });

  it('a fixed amount on courses only; the normalized invoice lines add up to the total paid', async () => {
    const code = await promo({ label: 'Formation -1 000', kind: 'amount', value: 1_000, appliesTo: 'course' });
    const c = await course(40_000);
    const p = await product(9_999);
    const order = await place(
      [
        { id: c.id, type: 'course', quantity: 3 },
        { id: p.id, type: 'product', quantity: 1 },
      ],
      code.code,
      '01 97 00 33 44',
    );
    expect(order).toMatchObject({ subtotal: 129_999, discount: 1_000, total: 128_999 });
    expect(order.items.map((l) => l.discount ?? 0)).toEqual([1_000, 0]);

    await app.db.updateTable('settings').set({ ifu: '0202212345678' }).execute();
    const invoice = await app.db.insertInto('invoices').values({ orderId: order.id, type: 'FV' }).returningAll().executeTakeFirstOrThrow();
    const request = await buildRequest(app.db, invoice as never);
    // 1 000 F over 3 places does not divide: two at 39 667 F and one at 39 666 F.
    expect(request.items.map((i) => [i.price, i.quantity, i.originalPrice ?? null])).toEqual([
      [39_667, 2, 40_000],
      [39_666, 1, 40_000],
      [9_999, 1, null],
    ]);
    expect(request.items[0]!.priceModification).toBe(`Remise code promo ${code.code}`);
    expect(request.items.reduce((sum, i) => sum + i.price * i.quantity, 0)).toBe(order.total);
    expect(request.payment).toEqual([{ name: expect.any(String), amount: 128_999 }]);
  });

  it('is refused in French with the precise reason, on the code field, and nothing is taken', async () => {
    const p = await product(20_000, 5);
    const line = [{ id: p.id, type: 'product' as const, quantity: 1 }];
    const cases: [string, Record<string, unknown> | null, RegExp][] = [
      ['unknown', null, /Code promo inconnu/],
      ['inactive', { active: false }, /Code promo inconnu/],
      ['expired', { endsOn: day(-1) }, /a expiré le/],
      ['not started', { startsOn: day(2) }, /valable qu’à partir du/],
      ['minimum', { minimumOrder: 50_000 }, /au moins 50\s000\sF\sCFA d’articles ; votre panier en fait 20\s000\sF\sCFA/],
      ['other kind', { appliesTo: 'service' }, /ne vaut que pour les services/],
    ];
    for (const [what, data, message] of cases) {
      const code = data ? (await promo(data)).code : 'NEXISTEPAS';
      const refused = await failure(place(line, code));
      expect(refused.code, what).toBe('BAD_REQUEST');
      expect(refused.message, what).toMatch(message);
      expect(refused.fieldErrors?.promoCode, what).toMatch(message);
      const quoted = await failure(app.asVisitor.orders.quotePromo({ promoCode: code, items: line }));
      expect(quoted.message, what).toMatch(message);
    }
    expect(((await app.asAdmin.products.get({ id: p.id })) as { stock: number }).stock).toBe(5);
    // A code valid today, on its last day, passes.
    expect((await place(line, (await promo({ startsOn: day(0), endsOn: day(0) })).code, '01 60 00 00 01')).discount).toBe(2_000);
  });

  it('serves once per phone, however the number is typed; a cancelled order gives the use back', async () => {
    const code = await promo({ maxUsesPerPhone: 1 });
    const p = await product(10_000);
    const line = [{ id: p.id, type: 'product' as const, quantity: 1 }];
    const first = await place(line, code.code, '01 97 55 66 77');
    const again = await failure(place(line, code.code, '+229 0197556677'));
    expect(again.fieldErrors?.promoCode).toBe('Vous avez déjà utilisé ce code promo avec ce numéro : il ne sert qu’une fois par client.');
    expect((await place(line, code.code, '01 97 55 66 78')).discount).toBe(1_000);
    expect(await usesOf(code.id)).toBe(2);

    await app.asAdmin.orders.transition({ id: first.id, to: 'cancelled' });
    expect(await usesOf(code.id)).toBe(1);
    expect((await place(line, code.code, '0197556677')).discount).toBe(1_000);
    expect(await usesOf(code.id)).toBe(2);
  });

  it('reopens a cancelled order only while its code has a use left: a 2-use code never serves 3 orders', async () => {
    const code = await promo({ maxUses: 2 });
    const p = await product(10_000);
    const line = [{ id: p.id, type: 'product' as const, quantity: 1 }];
    const first = await place(line, code.code, '01 97 55 66 80');
    await app.asAdmin.orders.transition({ id: first.id, to: 'cancelled' });
    await place(line, code.code, '01 97 55 66 81');
    await place(line, code.code, '01 97 55 66 82');
    expect(await usesOf(code.id)).toBe(2);
    const refused = await failure(app.asAdmin.orders.reopen({ id: first.id }));
    expect(refused).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/a servi entre-temps autant de fois que prévu/) });
    expect(await usesOf(code.id)).toBe(2);
    expect(((await app.asAdmin.orders.get({ id: first.id })) as { status: string }).status).toBe('cancelled');
    // With a use given back, it reopens and takes it.
    await app.asAdmin.promoCodes.update({ id: code.id, data: { maxUses: 3 } });
    await app.asAdmin.orders.reopen({ id: first.id });
    expect(await usesOf(code.id)).toBe(3);
  });

  it('20 orders at once with a code limited to 5 uses: exactly 5 discounted, the rest told why', async () => {
    const code = await promo({ maxUses: 5 });
    const p = await product(5_000, null);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => place([{ id: p.id, type: 'product', quantity: 1 }], code.code, `01 61 00 00 ${String(10 + i)}`)),
    );
    const placed = results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<Placed>).value);
    expect(placed).toHaveLength(5);
    expect(placed.every((o) => o.discount === 500 && o.total === 4_500)).toBe(true);
    for (const r of results.filter((x) => x.status === 'rejected')) {
      expect(String((r as PromiseRejectedResult).reason)).toMatch(/a déjà servi autant de fois que prévu/);
    }
    expect(await usesOf(code.id)).toBe(5);
    const counted = await app.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('promoCode', '=', code.code)
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(5);
  });
});

describe('the owner’s codes', () => {
  it('one code whatever its case, a well-formed code, a percentage up to 100, an end after the start', async () => {
    const code = await promo({});
    const twin = await failure(promo({ code: code.code.toLowerCase() }));
    expect(twin.code).toBe('CONFLICT');
    expect(twin.fieldErrors?.code).toMatch(/Ce code existe déjà/);
    expect((await failure(promo({ code: 'TA BA' }))).fieldErrors?.code).toMatch(/3 à 40 lettres sans accent/);
    expect((await failure(promo({ value: 150 }))).fieldErrors?.value).toBe('Un pourcentage va de 1 à 100.');
    expect((await promo({ kind: 'amount', value: 150 })).code).toMatch(/^PROMO/);
    expect((await failure(promo({ startsOn: day(3), endsOn: day(1) }))).fieldErrors?.endsOn).toMatch(/après son début/);
    // Only the owner sees them.
    expect((await failure(app.asVisitor.promoCodes.list({}))).code).toBe('UNAUTHORIZED');
  });
});
