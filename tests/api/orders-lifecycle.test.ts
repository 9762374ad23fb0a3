import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { type OrderStatus, trackingCode } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { appRouter } from '../../server/src/routers/_app';
import { ADMIN, adminCookie, failure, httpClient, startTestApp, type TestApp } from '../support/app';
import { exportOrders } from '../support/export';
import { ordersCsv } from '../../server/src/exports/csv';
import { readOutbox } from '../support/outbox';

// The order process: allowed moves only, stock given back and taken again, a history of every
// change, payment apart from status, the customer's tracking, and the mails around them.

const dataDir = `.tmp/test-orders-${process.pid}`;
let app: TestApp;
beforeAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  app = await startTestApp({ demo: true, env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function product(stock: number | null) {
  return (await app.asAdmin.products.create({
    name: `Tablette ${randomUUID().slice(0, 6)}`,
    shortDescription: 'Écran 10 pouces',
    description: '<p>Tablette</p>',
    price: 60_000,
    category: 'phones',
    stock,
  })) as { id: string; name: string };
}
const stockOf = async (id: string) => ((await app.asAdmin.products.get({ id })) as { stock: number | null }).stock;
async function place(productId: string, quantity: number, extra: Record<string, unknown> = {}) {
  return (await app.asVisitor.orders.place({
    customerName: 'Afiavi Dossou',
    phone: '01 97 12 34 56',
    email: 'afiavi@example.com',
    city: 'Cotonou',
    address: 'Fidjrossè, von du marché',
    items: [{ id: productId, type: 'product', quantity }],
    idempotencyKey: randomUUID(),
    ...extra,
  })) as { id: string; number: string; phone: string; trackingToken: string; status: string };
}
const move = (id: string, to: OrderStatus) => app.asAdmin.orders.transition({ id, to });

describe('order status', () => {
  it('stores the phone in E.164 and starts new, unpaid, with a "created" history row', async () => {
    const p = await product(5);
    const order = await place(p.id, 1);
    expect(order.phone).toBe('+2290197123456');
    const row = (await app.asAdmin.orders.get({ id: order.id })) as { status: string; paymentStatus: string };
    expect(row).toMatchObject({ status: 'new', paymentStatus: 'pending' });
    const history = await app.asAdmin.orders.history({ id: order.id });
    expect(history.map((e) => [e.kind, e.actor])).toEqual([['created', 'client']]);
  });

  it('moves only along the allowed transitions, and writes each move', async () => {
    const p = await product(null);
    const order = await place(p.id, 1);
    for (const [to, allowed] of [
      ['shipped', false],
      ['delivered', false],
      ['confirmed', true],
      ['new', false],
      ['shipped', true],
      ['confirmed', false],
      ['delivered', true],
      ['cancelled', false],
    ] as const) {
      if (allowed) await move(order.id, to);
      else {
        const refused = await failure(move(order.id, to));
        expect(refused.code, to).toBe('CONFLICT');
        expect(refused.message).toMatch(/ne peut pas passer à/);
      }
    }
    const history = await app.asAdmin.orders.history({ id: order.id });
    expect(history.filter((e) => e.kind === 'status').map((e) => `${e.fromValue}>${e.toValue}`)).toEqual([
      'new>confirmed',
      'confirmed>shipped',
      'shipped>delivered',
    ]);
    expect(history.every((e) => e.kind === 'created' || e.actor === ADMIN.email)).toBe(true);
    // No way around the process: a plain update cannot set the status, and orders are never deleted.
    // @ts-expect-error -- the status is not an input of update: the server refuses it as the type does.
    expect((await failure(app.asAdmin.orders.update({ id: order.id, data: { status: 'new' } }))).code).toBe('BAD_REQUEST');
    expect(appRouter._def.procedures).not.toHaveProperty(['orders.delete']);
    // @ts-expect-error -- nor in the type: the client has no orders.delete to call.
    void app.asAdmin.orders.delete;
  });

  it('gives the stock back on cancel, takes it again on reopen, and refuses to reopen when it is gone', async () => {
    const p = await product(5);
    const order = await place(p.id, 3);
    expect(await stockOf(p.id)).toBe(2);
    await move(order.id, 'cancelled');
    expect(await stockOf(p.id)).toBe(5);
    await app.asAdmin.orders.reopen({ id: order.id });
    expect(await stockOf(p.id)).toBe(2);
    await move(order.id, 'cancelled');
    await place(p.id, 4);
    expect(await stockOf(p.id)).toBe(1);
    const refused = await failure(app.asAdmin.orders.reopen({ id: order.id }));
    expect(refused.message).toMatch(/Stock insuffisant pour « Tablette \w+ » \(1 disponible/);
    expect(await stockOf(p.id)).toBe(1);
    expect(((await app.asAdmin.orders.get({ id: order.id })) as { status: string }).status).toBe('cancelled');
    expect((await failure(app.asAdmin.orders.reopen({ id: (await place(p.id, 1)).id }))).message).toMatch(/Seule une commande annulée/);
  });

  it('never leaves the stock wrong under concurrent cancels and reopens', async () => {
    const p = await product(10);
    const order = await place(p.id, 4);
    const attempts = Array.from({ length: 12 }, (_, i) =>
      (i % 2 ? app.asAdmin.orders.reopen({ id: order.id }) : move(order.id, 'cancelled')).catch(() => null),
    );
    await Promise.all(attempts);
    const { status } = (await app.asAdmin.orders.get({ id: order.id })) as { status: string };
    expect(await stockOf(p.id)).toBe(status === 'cancelled' ? 10 : 6);
    const history = await app.asAdmin.orders.history({ id: order.id });
    const cancels = history.filter((e) => e.toValue === 'cancelled').length;
    const reopens = history.filter((e) => e.fromValue === 'cancelled').length;
    expect(cancels - reopens).toBe(status === 'cancelled' ? 1 : 0);
  });

  it('keeps payment apart: à encaisser → payée with a reference → remboursée, logged', async () => {
    const order = await place((await product(null)).id, 1);
    expect((await failure(app.asAdmin.orders.setPayment({ id: order.id, to: 'refunded' }))).code).toBe('CONFLICT');
    await app.asAdmin.orders.setPayment({ id: order.id, to: 'paid', reference: 'MTN-778899' });
    await app.asAdmin.orders.setPayment({ id: order.id, to: 'refunded' });
    const row = (await app.asAdmin.orders.get({ id: order.id })) as { paymentStatus: string; paymentReference: string; status: string };
    expect(row).toMatchObject({ paymentStatus: 'refunded', paymentReference: 'MTN-778899', status: 'new' });
    await app.asAdmin.orders.addNote({ id: order.id, note: 'Client rappelé, livraison samedi.' });
    await app.asAdmin.orders.update({ id: order.id, data: { address: 'Cadjèhoun, maison bleue' } });
    const kinds = (await app.asAdmin.orders.history({ id: order.id })).map((e) => [e.kind, e.toValue ?? e.note]);
    expect(kinds).toEqual([
      ['created', 'new'],
      ['payment', 'paid'],
      ['payment', 'refunded'],
      ['note', 'Client rappelé, livraison samedi.'],
      ['edit', 'Cadjèhoun, maison bleue'],
    ]);
  });
});

describe('tracking', () => {
  it('finds an order by its number, the phone however it is typed and its tracking code, or by its private link, and only so', async () => {
    const order = await place((await product(null)).id, 2);
    const code = trackingCode(order.trackingToken);
    const { client } = httpClient(app.url);
    for (const phone of ['01 97 12 34 56', '+229 0197123456', '00229 01-97-12-34-56']) {
      const found = await client.orders.track.query({ number: order.number.toLowerCase(), phone, code: code.toLowerCase() });
      expect(found.number).toBe(order.number);
    }
    const byLink = await client.orders.track.query({ token: order.trackingToken });
    expect(byLink).toMatchObject({ number: order.number, status: 'new', total: 120_000 });
    expect(byLink.timeline.map((e) => e.kind)).toEqual(['created']);
    expect(byLink).not.toHaveProperty('phone');
    expect(byLink).not.toHaveProperty('address');
    const wrongCode = code === 'ABCDEF' ? 'ABCDE0' : 'ABCDEF';
    const answers = await Promise.all([
      failure(client.orders.track.query({ number: order.number, phone: '01 97 00 00 01', code })),
      failure(client.orders.track.query({ number: 'CMD-999999', phone: '01 97 12 34 56', code })),
      failure(client.orders.track.query({ number: order.number, phone: '01 97 12 34 56', code: wrongCode })),
      failure(client.orders.track.query({ token: '0'.repeat(64) })),
    ]);
    for (const answer of answers) expect(answer).toMatchObject({ code: 'NOT_FOUND', message: answers[0]!.message });
    expect(answers[0]!.message).toMatch(/Commande introuvable/);
  });

  it('gives nothing to a stranger who knows the phone and tries the numbers around: the code is asked', async () => {
    const order = await place((await product(null)).id, 1);
    const { client } = httpClient(app.url);
    const digits = Number(order.number.replace(/\D/g, ''));
    const missing = await failure(client.orders.track.query({ number: order.number, phone: '01 97 12 34 56' }));
    expect(missing).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { code: expect.stringMatching(/^Code de suivi attendu/) } });
    for (const n of [digits - 1, digits, digits + 1]) {
      for (const guess of ['000000', 'FFFFFF', '123ABC'].filter((g) => g !== trackingCode(order.trackingToken))) {
        const answer = await failure(client.orders.track.query({ number: String(n), phone: '01 97 12 34 56', code: guess }));
        expect(answer.code).toBe('NOT_FOUND');
      }
    }
  });

  it('reads the order number however it is typed, and says on its field what is wrong', async () => {
    const order = await place((await product(null)).id, 1);
    const digits = String(Number(order.number.replace(/\D/g, '')));
    const code = ` ${trackingCode(order.trackingToken).slice(0, 3)}-${trackingCode(order.trackingToken).slice(3).toLowerCase()} `;
    const { client } = httpClient(app.url);
    for (const number of [digits, `#${digits}`, `cmd ${digits}`, `Cmd-${digits.padStart(6, '0')}`, ` ${order.number} `]) {
      expect((await client.orders.track.query({ number, phone: '01 97 12 34 56', code })).number, number).toBe(order.number);
    }
    // An old 8-digit Benin number: what checkout says, on the phone field, not "introuvable".
    expect(await failure(client.orders.track.query({ number: order.number, phone: '97 12 34 56', code }))).toMatchObject({
      code: 'BAD_REQUEST',
      fieldErrors: { phone: expect.stringMatching(/^Depuis 2024, les numéros du Bénin ont 10 chiffres : ajoutez 01 devant/) },
    });
    expect(await failure(client.orders.track.query({ number: 'ma commande', phone: '01 97 12 34 56', code }))).toMatchObject({
      code: 'BAD_REQUEST',
      fieldErrors: { number: 'Numéro de commande attendu (ex. : CMD-000123, ou simplement 123).' },
    });
  });
});

describe('items without delivery', () => {
  it('takes a course-only order without address or delivery, and still asks one for a product', async () => {
    const course = (await app.asVisitor.cryptoCourses.list({ pageSize: 1 })).rows[0]!;
    // Booked on its next session, as the shop asks when it has some.
    const session = (await app.asVisitor.courseSessions.upcoming()).find((s) => s.courseId === course.id);
    const booked = session ? { sessionId: session.id } : {};
    const { rows: options } = await app.asVisitor.deliveryOptions.list({ sort: 'price', order: 'desc' });
    const base = { customerName: 'Sèna Adjovi', phone: '01 97 12 34 56', idempotencyKey: randomUUID() };
    const order = (await app.asVisitor.orders.place({
      ...base,
      items: [{ id: course.id, type: 'course', quantity: 1, ...booked }],
      deliveryOptionId: options[0]!.id,
    })) as { city: string | null; address: string | null; deliveryCost: number; delivery: unknown; total: number };
    expect(order).toMatchObject({ city: null, address: null, deliveryCost: 0, delivery: null, total: course.price });
    const p = await product(null);
    const { client } = httpClient(app.url);
    const mixed = {
      ...base,
      idempotencyKey: randomUUID(),
      items: [
        { id: p.id, type: 'product' as const, quantity: 1 },
        { id: course.id, type: 'course' as const, quantity: 1, ...booked },
      ],
    };
    const refused = await failure(client.orders.place.mutate(mixed));
    expect(refused.fieldErrors).toMatchObject({ city: 'Indiquez votre ville.', address: 'Indiquez votre adresse de livraison.' });
  });
});

describe("the owner's figures", () => {
  it('finds an order and a verification request by phone whatever the spacing or prefix typed', async () => {
    const order = await place((await product(null)).id, 1, { phone: '+229 01 55 44 33 22' });
    await app.asVisitor.cryptoVerifications.submit({
      name: 'Rodrigue Hounsou',
      email: 'rodrigue@example.com',
      phone: '01 55 44 33 22',
      cryptoType: 'bitcoin',
      walletAddress: 'bc1qexampleexampleexample0001',
    });
    for (const typed of ['0155443322', '01 55 44 33 22', '+229 01 55 44 33 22', '00229 0155443322', '55 44 33']) {
      const { rows } = await app.asAdmin.orders.list({ search: typed, pageSize: 100 });
      expect(
        rows.map((r) => r.id),
        typed,
      ).toContain(order.id);
      const requests = await app.asAdmin.cryptoVerifications.list({ search: typed, pageSize: 100 });
      expect(
        requests.rows.map((r) => r.name),
        typed,
      ).toContain('Rodrigue Hounsou');
    }
    // Another number is not a match.
    expect((await app.asAdmin.cryptoVerifications.list({ search: '01 55 44 33 99' })).rows.map((r) => r.name)).not.toContain(
      'Rodrigue Hounsou',
    );
  });

  it('lists low stock, counts new orders, and counts revenue from delivered or paid orders only', async () => {
    const low = await product(4);
    await app.asAdmin.products.update({ id: low.id, data: { lowStockThreshold: 5 } });
    const before = await app.asAdmin.dashboard.stats();
    expect(before.lowStock.map((p) => p.id)).toContain(low.id);
    const newBefore = (await app.asAdmin.dashboard.newOrders()).count;
    const a = await place((await product(null)).id, 1);
    const b = await place((await product(null)).id, 1);
    expect((await app.asAdmin.dashboard.newOrders()).count).toBe(newBefore + 2);
    // Placed is not sold: revenue moves only when an order is delivered or paid.
    expect((await app.asAdmin.dashboard.stats()).revenue30d).toBe(before.revenue30d);
    for (const to of ['confirmed', 'shipped', 'delivered'] as const) await move(a.id, to);
    await app.asAdmin.orders.setPayment({ id: b.id, to: 'paid' });
    expect((await app.asAdmin.dashboard.stats()).revenue30d).toBe(before.revenue30d + 2 * 60_000);
  });

  it('exports the orders of a date range as CSV for French Excel', async () => {
    const order = await place((await product(null)).id, 3);
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Africa/Porto-Novo' });
    const { csv, count, headers } = await exportOrders(app.url, today, today);
    expect(count).toBeGreaterThan(0);
    expect(headers.get('content-disposition')).toBe(`attachment; filename="commandes-${today}-${today}.csv"`);
    expect(csv.startsWith('\uFEFF"Numéro";"Date";"Client";"Téléphone"')).toBe(true);
    expect(csv.split('\r\n').length - 2).toBe(count);
    const line = csv.split('\r\n').find((l) => l.includes(order.number))!;
    expect(line).toContain('"01 97 12 34 56"');
    expect(line).toContain('"180000,00"');
    expect(line).toContain('"3 × Tablette');
    expect((await exportOrders(app.url, '2020-01-01', '2020-01-31')).count).toBe(0);
    const backwards = await exportOrders(app.url, today, '2020-01-01');
    expect(backwards.status).toBe(400);
    expect(JSON.parse(backwards.csv).error.message).toMatch(/date de début doit précéder/);
    // Only the owner: without a session, a French refusal and no file.
    const stranger = await exportOrders(app.url, today, today, 'boutique_session=inconnu');
    expect(stranger.status).toBe(401);
    expect(stranger.csv).not.toContain(order.number);
  });
});

describe('the orders export of a big year', () => {
  it('is written a page at a time, every order once even where several share a creation time, and sent as it is written', async () => {
    const placed = [];
    for (let i = 0; i < 5; i++) placed.push(await place((await product(null)).id, 1));
    // Same microsecond for all five: pages must follow (time, id), not the time alone.
    await sql`UPDATE orders SET created_at = '2021-03-04 10:00:00.123456+00' WHERE id IN (${sql.join(placed.map((o) => o.id))})`.execute(
      app.db,
    );
    const chunks: string[] = [];
    for await (const chunk of ordersCsv(app.db, '2021-03-04', '2021-03-04', 2)) chunks.push(chunk);
    expect(chunks).toHaveLength(1 + 3); // the header, then pages of 2, 2 and 1
    const numbers = chunks.slice(1).flatMap((c) =>
      c
        .split('\r\n')
        .filter(Boolean)
        .map((l) => /^"(CMD-\d+)"/.exec(l)![1]),
    );
    expect(numbers.sort()).toEqual(placed.map((o) => o.number).sort());

    const response = await fetch(`${app.url}/api/exports/orders.csv?from=2021-03-04&to=2021-03-04`, {
      headers: { cookie: await adminCookie(app.url) },
    });
    // Streamed: no length known in advance, the count announced first.
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('x-count')).toBe('5');
    await response.arrayBuffer();
  });
});

describe('receipt', () => {
  it('is a PDF whose text has the order number, the lines and the F CFA amounts, by private link only', async () => {
    const order = await place((await product(null)).id, 2);
    const response = await fetch(`${app.url}/suivi/${order.trackingToken}/recu.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString();
    expect(text).toContain(`Reçu – commande ${order.number}`);
    expect(text).toContain('Afiavi Dossou');
    // French amounts print whole (their narrow no-break spaces come out as spaces from pdftotext).
    expect(text).toContain('120 000 F CFA');
    expect(text).toContain('Statut : Nouvelle · Paiement : À encaisser');
    expect(text).not.toContain('Référence de paiement');
    // Once paid, the receipt carries the payment's reference.
    await app.asAdmin.orders.setPayment({ id: order.id, to: 'paid', reference: 'MTN-445566' });
    const paid = execFileSync('pdftotext', ['-', '-'], {
      input: Buffer.from(await (await fetch(`${app.url}/suivi/${order.trackingToken}/recu.pdf`)).arrayBuffer()),
    }).toString();
    expect(paid).toContain('Paiement : Payée');
    expect(paid).toContain('Référence de paiement : MTN-445566');
    expect((await fetch(`${app.url}/suivi/${'0'.repeat(64)}/recu.pdf`)).status).toBe(404);
  });
});

describe('mails', () => {
  it('tells the owner of every order, verification request and contact message, and the customer of each step', async () => {
    const before = readOutbox(dataDir).length;
    const order = await place((await product(null)).id, 1);
    await app.asVisitor.cryptoVerifications.submit({
      name: 'Kossi Ahouansou',
      email: 'kossi@example.com',
      phone: '01 66 00 00 00',
      cryptoType: 'bitcoin',
      walletAddress: 'bc1qexampleexampleexample0000',
    });
    await app.asVisitor.contactMessages.send({
      name: 'Nadia',
      contact: 'nadia@example.com',
      subject: 'Livraison a Parakou',
      message: 'Livrez-vous a Parakou ?',
    });
    await move(order.id, 'confirmed');
    let mails: string[] = [];
    const toOwner = (about: string) => mails.filter((m) => /^To: owner@example\.com/m.test(m) && m.includes(about));
    // Three mails about the order, and the owner's alerts about the request and the message.
    const arrived = () =>
      mails.filter((m) => m.includes(order.number)).length >= 3 &&
      toOwner('Kossi Ahouansou').length > 0 &&
      toOwner('Livraison a Parakou').length > 0;
    for (let i = 0; i < 200 && !arrived(); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      mails = readOutbox(dataDir).slice(before);
    }
    expect(toOwner(order.number)).toHaveLength(1);
    expect(toOwner(order.number)[0]).toContain(`/admin/orders/${order.id}`);
    expect(toOwner('Kossi Ahouansou')).toHaveLength(1);
    expect(toOwner('Kossi Ahouansou')[0]).toContain('/admin/verifications/');
    expect(toOwner('Livraison a Parakou')).toHaveLength(1);
    expect(toOwner('Livraison a Parakou')[0]).toContain('/admin/messages/');
    const toCustomer = mails.filter((m) => /^To: afiavi@example\.com/m.test(m) && m.includes(order.number));
    expect(toCustomer).toHaveLength(2);
    for (const mail of toCustomer) expect(mail).toContain(`/suivi/${order.trackingToken}`);
  });
});
