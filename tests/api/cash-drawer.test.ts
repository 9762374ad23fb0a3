import { randomUUID } from 'node:crypto';
import { EXPORTS, formatXOF } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, adminCookie, failure, startTestApp, type TestApp } from '../support/app';
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
    // A sale with the drawer closed opens the day (no float): its cash is expected somewhere.
    const outside = await sell(1_000, { method: 'cash', given: 1_000 });
    const opened = await app.asAdmin.cashSessions.current();
    expect(opened?.session).toMatchObject({ openingFloat: 0, name: expect.stringMatching(/^Journée du .* \(ouverte par une vente\)$/) });
    expect(opened?.figures).toMatchObject({ salesCount: 1, expectedCash: 1_000 });
    expect((await app.asAdmin.orders.get({ id: outside.order.id })).cashSession).toBe(opened?.session.id);
    await app.asAdmin.cashSessions.close({ countedCash: 1_000, countedMobileMoney: 0 });

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
    // Each movement says who made it, by the name the team knows.
    const { displayName } = await app.db
      .selectFrom('admins')
      .select('displayName')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    expect(z.text).toContain(`Entrée par ${displayName} +5 000 F CFA Monnaie de la banque`);
    expect(z.text).toContain(`Sortie par ${displayName} −2 000 F CFA Achat de sachets`);
    expect(z.text).toContain('Commentaire : Billet de 500 introuvable');

    // The history of closings, newest first.
    const history = await app.asAdmin.cashSessions.list({});
    expect(history.rows.map((r) => r.id)).toEqual([day.id, opened?.session.id]);
    expect(history.rows[0]).toMatchObject({ cashDifference: -500 });

    // A sale made offline during that day and received after its closing belongs to it: its Z
    // report lists it apart, the sale is marked « à vérifier » and the owner hears of it.
    // (The day lasted hours: it opened two hours before the sale.)
    await app.db
      .updateTable('cashSessions')
      .set({ createdAt: new Date(Date.now() - 7_200_000).toISOString() })
      .where('id', '=', day.id)
      .execute();
    const soldAt = new Date(new Date(closed.closedAt!).getTime() - 60_000).toISOString();
    const { id } = await product(3_000);
    const late = await app.asAdmin.orders.sellAtCounter({
      idempotencyKey: randomUUID(),
      items: [{ id, type: 'product', quantity: 1 }],
      payment: { method: 'cash', given: 3_000 },
      offline: { soldAt, total: 3_000 },
    } as never);
    const stored = await app.asAdmin.orders.get({ id: late.order.id });
    expect(stored.cashSession).toBe(day.id);
    expect(stored.review).toContain(`reçue après sa clôture : ses ${formatXOF(3_000)} en espèces n’étaient pas attendus`);
    const after = await report(day.id);
    expect(after.text).toContain(`REÇUES APRÈS LA CLÔTURE Ventes hors ligne de la journée (1) 3 000 F CFA`);
    expect(after.text).toContain('Attendu 39 000 F CFA Compté 38 500 F CFA');
    expect(await app.asAdmin.cashSessions.current()).toBeNull();
    const alert = await app.db
      .selectFrom('outbox')
      .select('subject')
      .where('subject', 'like', `Vente ${late.order.number} à vérifier%`)
      .execute();
    expect(alert).toHaveLength(1);
  });

  it('is the owner’s alone: visitors and strangers get nothing', async () => {
    expect((await failure(app.asVisitor.cashSessions.open({ openingFloat: 0 }))).code).toBe('UNAUTHORIZED');
    expect((await report(randomUUID(), '')).status).toBe(401);
    expect((await report(randomUUID())).status).toBe(404);
  });
});
