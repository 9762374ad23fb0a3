import { randomUUID } from 'node:crypto';
import { EXPORTS, formatXOF, type ReturnInput } from '@app/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, adminCookie, failure, memberClient, startTestApp, type TestApp, newProduct } from '../support/app';
import { startEmcfStandIn, type EmcfStandIn } from '../support/emcf-stand-in';
import { pdfText } from '../support/pdf';
import { signInToSpace } from '../support/space';

// Returns (issue 57): a line of a counter sale brought back and paid back from the drawer — the
// stock is back, the drawer expects less cash, the Z report names who refunded, and the DGI gets
// one credit note of that line citing the sale's invoice; never more back than was sold, even from
// two phones at once; a seller within the owner's limit only; a promo's share and the delivery.

const TOKEN = 'jeton-emcf-retours';
const IFU = '0202212345678';
let dgi: EmcfStandIn;
let app: TestApp;
let owner: string;

beforeAll(async () => {
  dgi = await startEmcfStandIn({ token: TOKEN, ifu: IFU });
  app = await startTestApp({ env: { EMECEF_TOKEN: TOKEN, EMECEF_API_BASE: dgi.url, OUTBOX_RETRY_SECONDS: '1' } });
  await app.db.updateTable('settings').set({ ifu: IFU }).execute();
  owner = await adminCookie(app.url);
});
afterAll(async () => {
  await app?.close();
  await dgi?.close();
});

const product = (name: string, price: number, stock: number) => newProduct(app, name, price, stock);
const stockOf = async (id: string) => ((await app.asAdmin.products.get({ id })) as { stock: number | null }).stock;
type Sold = { id: string; number: string };
const sell = async (items: Array<[{ id: string }, number]>, extra: Record<string, unknown> = {}) =>
  (
    (await app.asAdmin.orders.sellAtCounter({
      idempotencyKey: randomUUID(),
      items: items.map(([p, quantity]) => ({ id: p.id, type: 'product', quantity })),
      payment: { method: 'cash', given: 1_000_000 },
      ...extra,
    } as never)) as { order: Sold }
  ).order;
const back = (order: Sold, lines: Array<[{ id: string }, number]>, more: Partial<ReturnInput> = {}): ReturnInput => ({
  orderId: order.id,
  lines: lines.map(([p, quantity]) => ({ id: p.id, type: 'product', quantity, state: 'restocked' })),
  reason: 'not_suitable',
  refundMethod: 'cash',
  idempotencyKey: randomUUID(),
  ...more,
});
/** Waits until the outbox obtained what the DGI confirmed for this order. */
const confirmedFor = async (orderId: string, count: number) => {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const rows = await app.db
      .selectFrom('invoices')
      .select(['uid', 'type', 'status', 'codeMecef', 'returnId'])
      .where('orderId', '=', orderId)
      .execute();
    if (rows.length === count && rows.every((r) => r.status === 'confirmed')) return rows;
    if (Date.now() > deadline) throw new Error(`invoices of ${orderId}: ${JSON.stringify(rows)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};
const zReport = async (id: string) => {
  const res = await fetch(`${app.url}${EXPORTS.drawerReport}?session=${id}`, { headers: { cookie: owner } });
  return pdfText(Buffer.from(await res.arrayBuffer()), { layout: true }).replace(/\s+/g, ' ');
};

describe('a return at the counter', () => {
  it('one of three articles back for cash: stock back, drawer down, Z report names who, one credit note of that line', async () => {
    const day = await app.asAdmin.cashSessions.open({ openingFloat: 10_000 });
    const [charger, cable, mouse] = [
      await product('Chargeur', 4_500, 5),
      await product('Câble', 2_000, 5),
      await product('Souris', 6_000, 5),
    ];
    const sale = await sell([
      [charger, 1],
      [cable, 1],
      [mouse, 1],
    ]);
    const [fv] = await confirmedFor(sale.id, 1);
    const before = (await app.asAdmin.cashSessions.current())!.figures.expectedCash;
    expect(before).toBe(22_500);
    const { ret } = await app.asAdmin.returns.make(back(sale, [[charger, 1]], { reason: 'defective', note: 'Ne charge pas' }));
    expect(ret).toMatchObject({ number: `${sale.number}-R1`, amount: 4_500, refundMethod: 'cash', cashSession: day.id });
    expect(await stockOf(charger.id)).toBe(5);
    expect(await stockOf(cable.id)).toBe(4);
    expect((await app.asAdmin.cashSessions.current())!.figures.expectedCash).toBe(18_000);
    // The stock ledger and the order's history say so.
    const moves = await app.db
      .selectFrom('stockMovements')
      .select(['kind', 'quantity', 'note'])
      .where('product', '=', charger.id)
      .orderBy('createdAt')
      .execute();
    expect(moves.at(-1)).toEqual({ kind: 'return', quantity: 1, note: ret.number });
    const history = await app.asAdmin.orders.history({ id: sale.id });
    expect(history.map((e) => e.note)).toContain(
      `1 × ${charger.name} : ${formatXOF(4_500)} remboursés (espèces (de la caisse)). Ne charge pas`,
    );

    const rows = await confirmedFor(sale.id, 2);
    const credit = rows.find((r) => r.type === 'FA')!;
    expect(credit.returnId).toBe(ret.id);
    const sent = dgi.confirmed().find((i) => i.uid === credit.uid)!;
    expect(sent.request.items.map((i) => [i.name, i.price, i.quantity])).toEqual([[charger.name, 4_500, 1]]);
    expect(sent.request.reference).toBe(fv!.codeMecef!.replace(/-/g, ''));
    expect(sent.request.payment).toEqual([{ name: 'ESPECES', amount: 4_500 }]);

    const { displayName } = await app.db
      .selectFrom('admins')
      .select('displayName')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    const z = await zReport(day.id);
    expect(z).toContain('Remboursements −4 500 F CFA');
    expect(z).toMatch(new RegExp(`RETOURS REMBOURSÉS \\d\\d:\\d\\d ${ret.number} par ${displayName} −4 500 F CFA`));
    await app.asAdmin.cashSessions.close({ countedCash: 18_000, countedMobileMoney: 0 });
  });

  it('never gives back more than was sold, a cancelled or unpaid order, nor cash with the drawer closed', async () => {
    const pad = await product('Tapis', 3_000, 9);
    const sale = await sell([[pad, 2]]);
    // The drawer the sale opened is closed: cash cannot come out of it.
    await app.asAdmin.cashSessions.close({ countedCash: 6_000, countedMobileMoney: 0 });
    expect((await failure(app.asAdmin.returns.make(back(sale, [[pad, 1]])))).message).toBe(
      'La caisse est fermée : ouvrez la journée pour rembourser en espèces, ou remboursez autrement.',
    );
    expect((await failure(app.asAdmin.returns.make(back(sale, [[pad, 1]], { refundMethod: 'mobile_money' })))).message).toBe(
      'Donnez la référence du transfert Mobile Money que vous avez fait au client.',
    );
    await app.asAdmin.returns.make(back(sale, [[pad, 1]], { refundMethod: 'mobile_money', reference: 'MTN-8812' }));
    expect(
      (await failure(app.asAdmin.returns.make(back(sale, [[pad, 2]], { refundMethod: 'mobile_money', reference: 'x' })))).message,
    ).toBe(`« ${pad.name} » : 2 vendu(s), 1 déjà rendu(s) : 1 au plus à retourner.`);
    expect(
      (await failure(app.asAdmin.returns.make(back(sale, [[pad, 0]], { refundMethod: 'mobile_money', reference: 'x' })))).message,
    ).toBe('Choisissez au moins un article à retourner.');
    const web = (await app.asVisitor.orders.place({
      customerName: 'Client Web',
      phone: '01 97 00 11 22',
      city: 'Cotonou',
      address: 'Akpakpa',
      items: [{ id: pad.id, type: 'product', quantity: 1 }],
      idempotencyKey: randomUUID(),
    })) as Sold;
    expect((await failure(app.asAdmin.returns.make(back(web, [[pad, 1]])))).message).toBe(
      'Cette commande n’est pas encore payée : modifiez-la ou annulez-la plutôt.',
    );
    await app.asAdmin.orders.transition({ id: web.id, to: 'cancelled' });
    expect((await failure(app.asAdmin.returns.make(back(web, [[pad, 1]])))).message).toBe(
      'Cette commande est annulée : il n’y a rien à retourner.',
    );
  });

  it('returns a line once when two phones return it at once, and a retried request once', async () => {
    const lamp = await product('Lampe', 8_000, 3);
    const sale = await sell([[lamp, 1]], { payment: { method: 'mobile_money', reference: 'MM-1' } });
    const second = await memberClient(app, 'manager');
    const results = await Promise.allSettled([
      app.asAdmin.returns.make(back(sale, [[lamp, 1]], { refundMethod: 'mobile_money', reference: 'A' })),
      second.client.returns.make.mutate(back(sale, [[lamp, 1]], { refundMethod: 'mobile_money', reference: 'B' })),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await stockOf(lamp.id)).toBe(3);
    const again = await product('Lampe', 8_000, 3);
    const other = await sell([[again, 1]], { payment: { method: 'mobile_money', reference: 'MM-2' } });
    const request = back(other, [[again, 1]], { refundMethod: 'mobile_money', reference: 'C' });
    const first = await app.asAdmin.returns.make(request);
    const retried = await app.asAdmin.returns.make(request);
    expect(retried).toEqual({ ret: first.ret, repeated: true });
    expect(await stockOf(again.id)).toBe(3);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('returns a line once when two servers on one database take it at once', async () => {
    const second = await startTestApp({ sameDatabaseAs: app, env: { EMECEF_TOKEN: TOKEN, EMECEF_API_BASE: dgi.url } });
    try {
      const lamp = await product('Lampe', 8_000, 3);
      const sale = await sell([[lamp, 2]], { payment: { method: 'mobile_money', reference: 'MM-3' } });
      // Each phone asks for both lamps, one through each server: one return of two, never four back.
      const results = await Promise.allSettled(
        [app, second, app, second].map((server, i) =>
          server.asAdmin.returns.make(back(sale, [[lamp, 2]], { refundMethod: 'mobile_money', reference: `S${i}` })),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected', 'rejected', 'rejected']);
      expect(await stockOf(lamp.id)).toBe(3);
      expect((await app.asAdmin.returns.returnable({ id: sale.id })).lines).toMatchObject([{ sold: 2, returned: 2, left: 0 }]);
    } finally {
      await second.close();
    }
  });

  it('lets a seller refund within the owner’s limit only', async () => {
    const seller = await memberClient(app, 'seller');
    const cheap = await product('Clé USB', 4_000, 5);
    const dear = await product('Disque', 40_000, 5);
    const sale = await sell(
      [
        [cheap, 1],
        [dear, 1],
      ],
      { payment: { method: 'mobile_money', reference: 'MM-3' } },
    );
    const mobile = { refundMethod: 'mobile_money' as const, reference: 'R-1' };
    expect((await failure(seller.client.returns.make.mutate(back(sale, [[cheap, 1]], mobile)))).message).toBe(
      'Les vendeurs ne remboursent pas dans cette boutique : demandez au gérant ou à la patronne.',
    );
    await app.db.updateTable('settings').set({ sellerRefundLimit: 10_000 }).execute();
    await seller.client.returns.make.mutate(back(sale, [[cheap, 1]], mobile));
    expect((await failure(seller.client.returns.make.mutate(back(sale, [[dear, 1]], mobile)))).message).toBe(
      `Un vendeur rembourse au plus ${formatXOF(10_000)} : demandez au gérant ou à la patronne pour ${formatXOF(40_000)}.`,
    );
    // A courier starts no return at all.
    const courier = await memberClient(app, 'courier');
    expect((await failure(courier.client.returns.make.mutate(back(sale, [[dear, 1]], mobile)))).code).toBe('FORBIDDEN');
  });
});

describe('an exchange at the counter', () => {
  it('one article back as credit on the return’s number, a dearer one sold with it: the difference paid, one FA and one FV', async () => {
    if (!(await app.asAdmin.cashSessions.current())) await app.asAdmin.cashSessions.open({ openingFloat: 5_000 });
    const [blackCase, blueCase] = [await product('Coque noire', 3_000, 4), await product('Coque bleue premium', 5_000, 4)];
    const sale = await sell([[blackCase, 1]]);
    await confirmedFor(sale.id, 1);
    // A customer who gave no phone: the credit is on the return's number, which the ticket gives them.
    const { ret } = await app.asAdmin.returns.make(back(sale, [[blackCase, 1]], { refundMethod: 'store_credit' }));
    expect(await app.asAdmin.returns.credit({ from: ret.number.toLowerCase() })).toEqual({ balance: 3_000 });
    // Its credit note, on the sale's private link, carries the number to spend it with.
    const { trackingToken } = await app.db.selectFrom('orders').select('trackingToken').where('id', '=', sale.id).executeTakeFirstOrThrow();
    const note = await fetch(`${app.url}/suivi/${trackingToken}/avoir-R1.pdf`);
    expect(note.status).toBe(200);
    const text = pdfText(Buffer.from(await note.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain(`Avoir de ${formatXOF(3_000)} à utiliser en boutique avec le numéro : ${ret.number}`.replace(/\s+/g, ' '));
    expect((await fetch(`${app.url}/suivi/${trackingToken}/avoir-R2.pdf`)).status).toBe(404);
    const cashBefore = (await app.asAdmin.cashSessions.current())!.figures;
    const { order: exchange, change } = (await app.asAdmin.orders.sellAtCounter({
      idempotencyKey: randomUUID(),
      items: [{ id: blueCase.id, type: 'product', quantity: 1 }],
      credit: { from: ret.number, amount: 3_000 },
      payment: { method: 'cash', given: 5_000 },
    } as never)) as { order: Sold & { total: number; creditAmount: number; cashAmount: number }; change: number };
    expect(exchange).toMatchObject({ total: 5_000, creditAmount: 3_000, cashAmount: 2_000 });
    expect(change).toBe(3_000);
    expect(await app.asAdmin.returns.credit({ from: ret.number })).toEqual({ balance: 0 });
    const cashAfter = (await app.asAdmin.cashSessions.current())!.figures;
    expect(cashAfter.expectedCash - cashBefore.expectedCash).toBe(2_000);
    expect(cashAfter.expectedMobileMoney).toBe(cashBefore.expectedMobileMoney);
    expect([await stockOf(blackCase.id), await stockOf(blueCase.id)]).toEqual([4, 3]);
    // The DGI: the return's credit note (paid back as credit), the new sale's invoice (credit and cash).
    const credit = (await confirmedFor(sale.id, 2)).find((r) => r.type === 'FA')!;
    expect(dgi.confirmed().find((i) => i.uid === credit.uid)!.request.payment).toEqual([{ name: 'AUTRE', amount: 3_000 }]);
    const [fv] = await confirmedFor(exchange.id, 1);
    expect(dgi.confirmed().find((i) => i.uid === fv!.uid)!.request.payment).toEqual([
      { name: 'ESPECES', amount: 2_000 },
      { name: 'AUTRE', amount: 3_000 },
    ]);
    // Spent once: again, it is refused.
    expect(
      (
        await failure(
          app.asAdmin.orders.sellAtCounter({
            idempotencyKey: randomUUID(),
            items: [{ id: blueCase.id, type: 'product', quantity: 1 }],
            credit: { from: ret.number, amount: 3_000 },
            payment: { method: 'cash', given: 5_000 },
          } as never),
        )
      ).message,
    ).toBe(`Aucun avoir pour « ${ret.number} » : vérifiez le téléphone ou le numéro du retour.`);
  });

  it('spends a credit once when two phones use it at once', async () => {
    const mug = await product('Tasse', 4_000, 9);
    const sale = await sell([[mug, 1]]);
    const { ret } = await app.asAdmin.returns.make(back(sale, [[mug, 1]], { refundMethod: 'store_credit' }));
    const other = await memberClient(app, 'seller');
    const spending = () =>
      ({
        idempotencyKey: randomUUID(),
        items: [{ id: mug.id, type: 'product', quantity: 1 }],
        credit: { from: ret.number, amount: 4_000 },
        payment: { method: 'cash', given: 0 },
      }) as never;
    const results = await Promise.allSettled([
      app.asAdmin.orders.sellAtCounter(spending()),
      other.client.orders.sellAtCounter.mutate(spending()),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await app.asAdmin.returns.credit({ from: ret.number })).toEqual({ balance: 0 });
  });
});

describe('the sales figures', () => {
  it('show returns apart and the revenue net of them, the article’s quantity and margin too', async () => {
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Africa/Porto-Novo' });
    const report = () => app.asAdmin.dashboard.sales({ from: today, to: today });
    const watch = (await app.asAdmin.products.create({
      name: `Montre ${randomUUID().slice(0, 5)}`,
      shortDescription: 'x',
      description: '<p>x</p>',
      price: 30_000,
      category: 'accessories',
      stock: 5,
      cost: 20_000,
    })) as { id: string; name: string };
    const sale = await sell([[watch, 2]], { payment: { method: 'mobile_money', reference: 'MM-9' } });
    const before = await report();
    const item = (r: typeof before) => r.bestSellers.find((b) => b.name === watch.name);
    expect(item(before)).toMatchObject({ quantity: 2, revenue: 60_000, margin: 20_000 });
    await app.asAdmin.returns.make(back(sale, [[watch, 1]], { refundMethod: 'mobile_money', reference: 'R-9' }));
    const after = await report();
    expect(after.totals.revenue).toBe(before.totals.revenue - 30_000);
    expect([after.totals.returns - before.totals.returns, after.totals.returned - before.totals.returned]).toEqual([1, 30_000]);
    expect(item(after)).toMatchObject({ quantity: 1, revenue: 30_000, margin: 10_000 });
    expect(after.channels.find((c) => c.channel === 'counter')!.revenue).toBe(
      before.channels.find((c) => c.channel === 'counter')!.revenue - 30_000,
    );
    // Computed again from the orders and returns (a rule changed at a start): the same figures.
    await app.db.executeQuery(sql`DELETE FROM sales_facts`.compile(app.db));
    await sql`SELECT apply_sales_facts('{}', ARRAY(SELECT o FROM orders o)); `.execute(app.db);
    await sql`SELECT apply_return_facts(ARRAY(SELECT r FROM returns r))`.execute(app.db);
    expect(await report()).toEqual(after);
  });
});

describe('a return of an order placed online', () => {
  it('gives back the promo’s share, the delivery only if chosen, and credit to the customer’s phone', async () => {
    const speaker = await product('Enceinte', 20_000, 5);
    await app.asAdmin.promoCodes.create({ code: 'RETOUR10', label: '-10 %', kind: 'percent', value: 10 });
    const delivery = await app.asAdmin.deliveryOptions.create({
      name: 'Cotonou',
      price: 1_500,
      description: 'x',
      deliveryTime: '24 h',
    } as never);
    const web = (await app.asVisitor.orders.place({
      customerName: 'Aïcha Web',
      phone: '01 96 55 44 33',
      city: 'Cotonou',
      address: 'Fidjrossè',
      items: [{ id: speaker.id, type: 'product', quantity: 2 }],
      promoCode: 'RETOUR10',
      deliveryOptionId: (delivery as { id: string }).id,
      idempotencyKey: randomUUID(),
    })) as Sold & { total: number };
    expect(web.total).toBe(37_500);
    await app.asAdmin.orders.setPayment({ id: web.id, to: 'paid' });
    // Paid through FedaPay: the return's dialog names the transaction to refund from FedaPay's dashboard.
    expect((await app.asAdmin.returns.returnable({ id: web.id })).fedapayTransaction).toBeNull();
    await app.db
      .insertInto('onlinePayments')
      .values({ orderId: web.id, provider: 'fedapay', providerId: '104233', amount: 37_500, status: 'approved' } as never)
      .execute();
    expect((await app.asAdmin.returns.returnable({ id: web.id })).fedapayTransaction).toBe('104233');
    const first = await app.asAdmin.returns.make(back(web, [[speaker, 1]], { refundMethod: 'store_credit' }));
    expect(first.ret.amount).toBe(18_000);
    // Once some came back, the order is never undone whole: its stock, refund and credit note would count twice.
    for (const undo of [
      () => app.asAdmin.orders.setPayment({ id: web.id, to: 'refunded' }),
      () => app.asAdmin.orders.transition({ id: web.id, to: 'cancelled' }),
    ])
      expect((await failure(undo())).message).toBe(
        `Des articles de cette commande sont déjà revenus (${first.ret.number}) : rendez le reste par « Retour d’articles ».`,
      );
    const second = await app.asAdmin.returns.make(back(web, [[speaker, 1]], { refundMethod: 'store_credit', refundDelivery: true }));
    expect(second.ret).toMatchObject({ amount: 19_500, deliveryRefund: 1_500 });
    const credit = await app.db.selectFrom('storeCredits').select(['amount']).where('phone', '=', '+2290196554433').execute();
    expect(credit.map((c) => Number(c.amount)).reduce((a, b) => a + b, 0)).toBe(37_500);
  });
});

describe('credit spent online', () => {
  it('pays part of a signed-in customer’s order, the courier collects the rest, and a cancellation gives it back', async () => {
    const email = `avoir-${randomUUID().slice(0, 6)}@example.com`;
    const phone = `0196${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    const [mug, kettle] = [await product('Tasse', 3_000, 5), await product('Bouilloire', 10_000, 5)];
    const place = (client: (input: never) => Promise<unknown>, extra: Record<string, unknown> = {}) =>
      client({
        customerName: 'Koffi Avoir',
        phone,
        email,
        city: 'Cotonou',
        address: 'Fidjrossè',
        items: [{ id: kettle.id, type: 'product', quantity: 1 }],
        idempotencyKey: randomUUID(),
        ...extra,
      } as never) as Promise<Sold & { total: number; creditAmount: number | null; trackingToken: string }>;
    // A mug bought and brought back: 3,000 F of credit on the phone.
    const first = await place(app.asVisitor.orders.place as never, { items: [{ id: mug.id, type: 'product', quantity: 1 }] });
    await app.asAdmin.orders.setPayment({ id: first.id, to: 'paid' });
    await app.asAdmin.returns.make(back(first, [[mug, 1]], { refundMethod: 'store_credit' }));
    expect((await failure(place(app.asVisitor.orders.place as never, { useCredit: 3_000 }))).message).toBe(
      'Connectez-vous à Mon espace pour utiliser votre avoir.',
    );
    const shopper = await signInToSpace(app, email);
    expect((await shopper.client.account.me.query())?.credit).toBe(3_000);
    // Two phones at once: one order gets the credit.
    const other = await signInToSpace(app, email);
    const results = await Promise.allSettled([
      place(shopper.client.orders.place.mutate as never, { useCredit: 3_000 }),
      place(other.client.orders.place.mutate as never, { useCredit: 3_000 }),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled') as PromiseFulfilledResult<Awaited<ReturnType<typeof place>>>[];
    expect(won).toHaveLength(1);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason.message).toBe(
      'Votre avoir a déjà servi ou ne suffit plus : rechargez la page pour voir ce qu’il en reste.',
    );
    const order = won[0]!.value;
    expect(order).toMatchObject({ total: 10_000, creditAmount: 3_000 });
    expect((await shopper.client.account.me.query())?.credit).toBe(0);
    // The tracking page and the courier's round see what is left to pay.
    const tracked = await app.asVisitor.orders.track({ token: order.trackingToken });
    expect(tracked.creditAmount).toBe(3_000);
    // Cancelled: the credit comes back to the phone.
    await app.asAdmin.orders.transition({ id: order.id, to: 'cancelled' });
    expect((await shopper.client.account.me.query())?.credit).toBe(3_000);
    // A cheaper order all paid by the credit is paid at once: nothing to collect.
    const paid = await place(shopper.client.orders.place.mutate as never, {
      items: [{ id: mug.id, type: 'product', quantity: 1 }],
      useCredit: 3_000,
    });
    expect(paid).toMatchObject({ total: 3_000, creditAmount: 3_000, paymentStatus: 'paid' });
    expect((await shopper.client.account.me.query())?.credit).toBe(0);
  });
});
