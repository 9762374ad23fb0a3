import { randomUUID } from 'node:crypto';
import { customers } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, startTestApp, type TestApp } from '../support/app';
import { exportFile } from '../support/export';

// The "Clients": one customer per phone number however it was typed, kept by the database in
// each order's transaction (counts, money spent, names, consent), exported for a WhatsApp
// broadcast with only those who agreed.

let app: TestApp;
let productId: string;
beforeAll(async () => {
  app = await startTestApp();
  productId = (
    (await app.asAdmin.products.create({
      name: `Clé USB ${randomUUID().slice(0, 6)}`,
      shortDescription: '64 Go',
      description: '<p>Clé</p>',
      price: 10_000,
      category: 'accessories',
      stock: null,
    })) as { id: string }
  ).id;
});
afterAll(() => app?.close());

type Customer = {
  id: string;
  name: string;
  names: string;
  phone: string;
  ordersCount: number;
  totalSpent: number;
  marketingConsent: boolean;
};
const digits = () => String(Math.floor(Math.random() * 1e6)).padStart(6, '0');

function place(phone: string, data: { customerName?: string; quantity?: number; marketingConsent?: boolean; email?: string } = {}) {
  return app.asVisitor.orders.place({
    customerName: data.customerName ?? 'Afi Dossou',
    phone,
    city: 'Cotonou',
    address: 'Akpakpa',
    items: [{ id: productId, type: 'product', quantity: data.quantity ?? 1 }],
    idempotencyKey: randomUUID(),
    ...(data.email ? { email: data.email } : {}),
    ...(data.marketingConsent !== undefined ? { marketingConsent: data.marketingConsent } : {}),
  });
}
const deliver = async (id: string) => {
  for (const to of ['confirmed', 'shipped', 'delivered'] as const) await app.asAdmin.orders.transition({ id, to });
};
const search = async (text: string) =>
  (await app.asAdmin.customers.list({ search: text, pageSize: 100 })) as { rows: Customer[]; total: number };

describe('customers', () => {
  it('are one per phone typed any way, with their orders counted and what they spent (delivered or paid)', async () => {
    const local = `01 96 ${digits().replace(/(\d\d)(?=\d)/g, '$1 ')}`;
    const e164 = `+229${local.replace(/\D/g, '')}`;
    const a = await place(local, { customerName: 'Afi Dossou', quantity: 1 });
    const b = await place(`+229 ${local.replace(/\s/g, '')}`, { customerName: 'Afi D.', quantity: 2 });
    const c = await place(local.replace(/\s/g, '').replace(/^(\d{4})/, '$1 '), { customerName: 'Afi Dossou', quantity: 3 });
    expect(new Set([a.phone, b.phone, c.phone])).toEqual(new Set([e164]));

    const placed = (await search(local)).rows;
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ phone: e164, name: 'Afi Dossou', names: 'Afi D., Afi Dossou', ordersCount: 3, totalSpent: 0 });

    await deliver(a.id); // 10,000 spent
    await app.asAdmin.orders.setPayment({ id: b.id, to: 'paid' }); // 20,000 paid before delivery
    await app.asAdmin.orders.transition({ id: c.id, to: 'cancelled' }); // not counted
    const [after] = (await search(e164)).rows;
    expect(after).toMatchObject({ ordersCount: 2, totalSpent: 30_000 });

    // A refund takes the money back out; found by a name used once, accents or not.
    await app.asAdmin.orders.setPayment({ id: b.id, to: 'refunded' });
    const byName = (await search('afi d.')).rows.find((r) => r.phone === e164);
    expect(byName).toMatchObject({ id: after!.id, totalSpent: 10_000 });

    // Its screen: the customer and their orders, newest first, through the orders search by phone.
    const own = (await app.asAdmin.orders.list({ search: after!.phone, pageSize: 100 })) as { rows: { id: string }[] };
    expect(own.rows.map((r) => r.id)).toEqual([c.id, b.id, a.id]);
  });

  it('follow a number the owner corrects: the old customer goes when it has no order left', async () => {
    const wrong = `0196${digits()}`;
    const right = `0197${digits()}`;
    const order = await place(wrong, { customerName: 'Kossi Agbo' });
    expect((await search(wrong)).total).toBe(1);
    await app.asAdmin.orders.update({ id: order.id, data: { phone: right } });
    expect((await search(wrong)).total).toBe(0);
    expect((await search(right)).rows).toMatchObject([{ name: 'Kossi Agbo', ordersCount: 1 }]);
  });

  it('leave out a sale at the counter with no phone, and keep an online order’s phone required', async () => {
    const phone = `0195${digits()}`;
    const order = await place(phone, { customerName: 'Passant' });
    const cleared = await failure(app.asAdmin.orders.update({ id: order.id, data: { phone: '' } }));
    expect(cleared.fieldErrors?.phone).toBe('Indiquez le téléphone du client : c’est le seul moyen de le joindre.');
    // As a counter sale without a customer is written (channel first: the rule allows no phone there).
    await app.db.updateTable('orders').set({ channel: 'counter' }).where('id', '=', order.id).execute();
    await app.asAdmin.orders.update({ id: order.id, data: { phone: '' } });
    expect((await search(phone)).total).toBe(0);
    const nameless = await app.db.selectFrom('customers').select('id').where('phone', 'is', null).execute();
    expect(nameless).toEqual([]);
  });

  it('count every order written at once for one phone, whatever arrives first', async () => {
    const phone = `0161${digits()}`;
    const first = await place(phone);
    const second = await place(phone);
    await Promise.all([deliver(first.id), app.asAdmin.orders.setPayment({ id: second.id, to: 'paid' }), place(phone), place(phone)]);
    const [row] = (await search(phone)).rows;
    expect(row).toMatchObject({ ordersCount: 4, totalSpent: 20_000 });
  });

  it('are read by the owner only, and nobody writes them', async () => {
    await expect(app.asVisitor.customers.list({})).rejects.toThrow();
    expect(customers.operations).toEqual({ create: false, update: false, delete: false });
  });
});

describe('the customers export for a WhatsApp broadcast', () => {
  it('opens in French Excel and holds only those who ticked the box or subscribe to the newsletter', async () => {
    const tag = digits();
    const ticked = await place(`0190${tag}`, { customerName: `Awa Consent ${tag}`, marketingConsent: true });
    await place(`0191${tag}`, { customerName: `Koffi Silence ${tag}` });
    await place(`0192${tag}`, { customerName: `Sèna Lettre ${tag}`, email: `sena${tag}@exemple.bj` });
    await app.asVisitor.newsletterSubscribers.subscribe({ email: `sena${tag}@exemple.bj` });
    // Subscribed and confirmed from the mail (an address not yet confirmed is nobody's consent).
    await app.db
      .updateTable('newsletterSubscribers')
      .set({ confirmedAt: new Date().toISOString() })
      .where('email', '=', `sena${tag}@exemple.bj`)
      .execute();
    await place(`0194${tag}`, { customerName: `Eli Attente ${tag}`, email: `eli${tag}@exemple.bj` });
    await app.asVisitor.newsletterSubscribers.subscribe({ email: `eli${tag}@exemple.bj` });
    // Ticked once, then not on the latest order: the latest choice wins.
    await place(`0193${tag}`, { customerName: `Bello Retrait ${tag}`, marketingConsent: true });
    await place(`0193${tag}`, { customerName: `Bello Retrait ${tag}`, marketingConsent: false });

    const file = await exportFile(app.url, 'clients.csv', { search: tag });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(file.headers.get('content-disposition')).toMatch(/attachment; filename="clients-whatsapp-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(
      file.csv.startsWith('\uFEFF"Nom";"Téléphone";"E-mail";"Ville";"Commandes";"Total dépensé";"Dernière commande";"Accord"\r\n'),
    ).toBe(true);
    const lines = file.csv.trim().split('\r\n').slice(1);
    expect(file.count).toBe(2);
    expect(lines).toHaveLength(2);
    expect(lines.join('\n')).not.toMatch(/Silence|Retrait|Attente/);
    const awa = lines.find((l) => l.includes('Awa Consent'))!.split(';');
    // As the orders export writes it: national for Benin (a cell starting with + is a formula to Excel).
    expect(awa[1]).toBe(`"01 90 ${tag.replace(/(\d\d)(?=\d)/g, '$1 ')}"`);
    expect(awa.at(-1)).toBe('"Case cochée à la commande"');
    expect(
      lines
        .find((l) => l.includes('Sèna Lettre'))!
        .split(';')
        .at(-1),
    ).toBe('"Abonné à la newsletter"');
    expect(ticked.marketingConsent).toBe(true);

    const anonymous = await exportFile(app.url, 'clients.csv', {}, 'x=y');
    expect(anonymous.status).toBe(401);
    expect(anonymous.csv).toMatch(/Veuillez vous connecter/);
  });

  it('leaves out a customer who asked the owner for no more offers, until an order of theirs ticks the box again', async () => {
    const tag = digits();
    const phone = `0194${tag}`;
    const order = (await place(phone, { customerName: `Yao Stop ${tag}`, marketingConsent: true, email: `yao${tag}@exemple.bj` })) as {
      id: string;
    };
    await app.asVisitor.newsletterSubscribers.subscribe({ email: `yao${tag}@exemple.bj` });
    const exported = async () => (await exportFile(app.url, 'clients.csv', { search: tag })).count;
    const customer = (await search(tag)).rows[0]!;
    expect(await exported()).toBe(1);

    const stopped = await app.asAdmin.customers.stopOffers({ id: customer.id });
    expect(stopped).toMatchObject({ marketingConsent: false, contactWithdrawnAt: expect.any(String) });
    // Out of the export, newsletter or not; the owner moving an earlier order does not bring them back.
    expect(await exported()).toBe(0);
    await deliver(order.id);
    expect((await search(tag)).rows[0]!.marketingConsent).toBe(false);
    expect(await exported()).toBe(0);
    // A later order without the box: still out. With it: back in.
    await place(phone, { customerName: `Yao Stop ${tag}` });
    expect(await exported()).toBe(0);
    await place(phone, { customerName: `Yao Stop ${tag}`, marketingConsent: true });
    expect((await search(tag)).rows[0]!.marketingConsent).toBe(true);
    expect(await exported()).toBe(1);
    await expect(app.asVisitor.customers.stopOffers({ id: customer.id })).rejects.toThrow();
  });
});
