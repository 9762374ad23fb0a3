import { randomUUID } from 'node:crypto';
import { EXPORTS, formatXOF } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, failure, startTestApp, type TestApp } from '../support/app';
import { pdfText } from '../support/pdf';

// The shop's cash drawer, one day at a time: opened with a float, cash in and out with a reason, the
// counter's sales of the day counted per payment method, closed with what was counted, and the Z
// report that keeps the difference.

let app: TestApp;
let owner: string;
beforeAll(async () => {
  app = await startTestApp();
  owner = await adminCookie(app.url);
});
afterAll(() => app?.close());

const product = async (price: number) =>
  (await app.asAdmin.products.create({
    name: `Casque ${randomUUID().slice(0, 6)}`,
    shortDescription: 'x',
    description: '<p>x</p>',
    price,
    category: 'accessories',
    stock: 50,
  })) as { id: string };
const sell = async (price: number, payment: Record<string, unknown>) => {
  const { id } = await product(price);
  return app.asAdmin.orders.sellAtCounter({
    idempotencyKey: randomUUID(),
    items: [{ id, type: 'product', quantity: 1 }],
    payment,
  } as never);
};
const report = async (id: string, cookie = owner) => {
  const res = await fetch(`${app.url}${EXPORTS.drawerReport}?session=${id}`, { headers: cookie ? { cookie } : {} });
  return { status: res.status, text: res.ok ? pdfText(Buffer.from(await res.arrayBuffer()), { layout: true }).replace(/\s+/g, ' ') : '' };
};

describe('the cash drawer', () => {
  it('counts a day: float, cash sales, Mobile Money, cash in and out; closing 500 F short shows it and its Z report lists it', async () => {
    expect(await app.asAdmin.cashSessions.current()).toBeNull();
    expect((await failure(app.asAdmin.cashSessions.move({ kind: 'in', amount: 1_000, reason: 'Monnaie' }))).message).toBe(
      'La caisse est fermée : ouvrez la journée avec son fond de caisse.',
    );
    // A sale with the drawer closed is recorded all the same (never lost), outside any day.
    const outside = await sell(1_000, { method: 'cash', given: 1_000 });

    const day = await app.asAdmin.cashSessions.open({ openingFloat: 20_000 });
    expect(day).toMatchObject({ openingFloat: 20_000, closedAt: null });
    expect((await failure(app.asAdmin.cashSessions.open({ openingFloat: 0 }))).message).toMatch(/^Une journée de caisse est déjà ouverte/);

    await sell(11_000, { method: 'cash', given: 15_000 });
    await sell(8_000, { method: 'cash_mobile_money', mobileMoney: 3_000, reference: 'MTN-1234', given: 5_000 });
    await sell(4_500, { method: 'mobile_money', reference: 'MOOV-5678' });
    await app.asAdmin.cashSessions.move({ kind: 'in', amount: 5_000, reason: 'Monnaie de la banque' });
    await app.asAdmin.cashSessions.move({ kind: 'out', amount: 2_000, reason: 'Achat de sachets' });
    const tooMuch = await failure(app.asAdmin.cashSessions.move({ kind: 'out', amount: 50_000, reason: 'Dépôt' }));
    expect(tooMuch.message).toBe(`Sortie impossible : la caisse ne devrait contenir que ${formatXOF(39_000)} en espèces.`);
    expect((await failure(app.asAdmin.cashSessions.move({ kind: 'out', amount: 100, reason: '' }))).fieldErrors).toMatchObject({
      reason: 'Indiquez le motif (au moins 3 caractères).',
    });

    // 20 000 + 11 000 + 5 000 (the cash part of 8 000) + 5 000 in − 2 000 out.
    const current = await app.asAdmin.cashSessions.current();
    expect(current?.figures).toMatchObject({ salesCount: 3, salesTotal: 23_500, expectedCash: 39_000, expectedMobileMoney: 7_500 });
    const x = await report(day.id);
    expect(x.text).toContain('RAPPORT X');

    const closed = await app.asAdmin.cashSessions.close({
      countedCash: 38_500,
      countedMobileMoney: 7_500,
      note: 'Billet de 500 introuvable',
    });
    expect(closed).toMatchObject({
      expectedCash: 39_000,
      countedCash: 38_500,
      cashDifference: -500,
      mobileMoneyDifference: 0,
      salesCount: 3,
    });
    expect(closed.closedAt).not.toBeNull();
    expect(await app.asAdmin.cashSessions.current()).toBeNull();

    const z = await report(day.id);
    expect(z.status).toBe(200);
    expect(z.text).toContain('RAPPORT Z');
    expect(z.text).toContain('Attendu 39 000 F CFA Compté 38 500 F CFA Écart −500 F CFA (manque)');
    expect(z.text).toContain('Entrée · Monnaie de la banque +5 000 F CFA');
    expect(z.text).toContain('Sortie · Achat de sachets −2 000 F CFA');
    expect(z.text).toContain('Commentaire : Billet de 500 introuvable');

    // The history of closings, newest first; the sale made with the drawer closed belongs to no day.
    const history = await app.asAdmin.cashSessions.list({});
    expect(history.rows[0]).toMatchObject({ id: day.id, cashDifference: -500 });
    expect((await app.asAdmin.orders.get({ id: outside.order.id })).cashSession).toBeNull();
  });

  it('is the owner’s alone: visitors and strangers get nothing', async () => {
    expect((await failure(app.asVisitor.cashSessions.open({ openingFloat: 0 }))).code).toBe('UNAUTHORIZED');
    expect((await report(randomUUID(), '')).status).toBe(401);
    expect((await report(randomUUID())).status).toBe(404);
  });
});
