import { randomUUID } from 'node:crypto';
import { formatXOF } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseDue } from '../../server/src/customers/privacy';
import { failure, newProduct, startTestApp, type TestApp } from '../support/app';
import { signInToSpace } from '../support/space';
import { pdfText } from '../support/pdf';

// A customer's data in their hands (issue 59): downloaded as JSON and as a PDF one reads, corrected,
// and erased on request — at once, or once the order on its way has arrived; the orders stay in the
// accounts without the person; the owner reads the request and its execution in the audit log.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

async function customer() {
  const phone = `0196${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  const email = `prive-${randomUUID().slice(0, 6)}@example.com`;
  const order = (await app.asVisitor.orders.place({
    customerName: 'Adjoa Mensah',
    phone,
    email,
    city: 'Parakou',
    address: 'Quartier Albarika, maison bleue',
    items: [{ id: (await newProduct(app, 'Casque', 9_000)).id, type: 'product', quantity: 1 }],
    idempotencyKey: randomUUID(),
  })) as { id: string; number: string };
  const shopper = await signInToSpace(app, email);
  return { phone, e164: `+229${phone}`, email, order, shopper, cookie: shopper.cookie };
}
const download = (format: string, cookie?: string) =>
  fetch(`${app.url}/espace/mes-donnees.${format}`, { headers: cookie ? { cookie } : {} });
const audit = (action: string) => app.db.selectFrom('auditLog').select(['actor', 'record']).where('action', '=', action).execute();

describe('my data', () => {
  it('downloads as JSON and as a PDF, to the signed-in customer only, and is corrected by them', async () => {
    const me = await customer();
    expect((await download('json')).status).toBe(401);
    const json = await download('json', me.cookie);
    expect(json.headers.get('content-disposition')).toBe('attachment; filename="mes-donnees.json"');
    const data = (await json.json()) as { phone: string; orders: { number: string; address: string; total: number }[] };
    expect(data.phone).toBe(me.e164);
    expect(data.orders).toMatchObject([{ number: me.order.number, address: 'Quartier Albarika, maison bleue', total: 9_000 }]);
    const pdf = await download('pdf', me.cookie);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain('Mes données');
    expect(text).toContain(me.order.number);
    expect(text).toContain('Adjoa Mensah');

    const corrected = await me.shopper.client.account.correct.mutate({ name: 'Adjoa Mensah-Kodjo', email: me.email });
    expect(corrected.name).toBe('Adjoa Mensah-Kodjo');
    expect(
      (await app.db.selectFrom('orders').select('customerName').where('id', '=', me.order.id).executeTakeFirstOrThrow()).customerName,
    ).toBe('Adjoa Mensah-Kodjo');
    expect(await audit('Données corrigées par le client (Mon espace)')).toContainEqual({
      actor: 'client',
      record: expect.stringContaining('96'),
    });
  });

  it('is erased once the order on its way has arrived; the order stays in the accounts without the person', async () => {
    const me = await customer();
    const asked = await me.shopper.client.account.erase.mutate();
    expect(asked).toEqual({
      done: false,
      message: `C’est noté : vos données seront effacées dès que ${me.order.number} sera livrée ou annulée.`,
    });
    expect(await eraseDue(app.db)).toBe(0);
    await app.asAdmin.orders.setPayment({ id: me.order.id, to: 'paid' });
    for (const to of ['confirmed', 'shipped', 'delivered'] as const) await app.asAdmin.orders.transition({ id: me.order.id, to });
    expect(await eraseDue(app.db)).toBe(1);
    const order = await app.db
      .selectFrom('orders')
      .select(['number', 'customerName', 'phone', 'email', 'address', 'city', 'total'])
      .where('id', '=', me.order.id)
      .executeTakeFirstOrThrow();
    expect({ ...order, total: Number(order.total) }).toEqual({
      number: me.order.number,
      customerName: 'Client effacé',
      phone: null,
      email: null,
      address: 'Adresse effacée',
      city: 'Effacée',
      total: 9_000,
    });
    expect(await app.db.selectFrom('customers').select('id').where('phone', '=', me.e164).execute()).toEqual([]);
    // Signed out everywhere: the session went with the rest.
    expect(await me.shopper.client.account.me.query()).toBeNull();
    expect(JSON.stringify(await app.db.selectFrom('outbox').select('payload').where('recipient', '=', me.email).execute())).toBe('[]');
    expect(await audit('Effacement des données du client exécuté')).toContainEqual({ actor: 'boutique', record: expect.any(String) });
    expect((await audit('Effacement des données demandé par le client (Mon espace)')).length).toBeGreaterThan(0);
  });

  it('is erased at once when nothing is on its way, but not while the customer holds a credit', async () => {
    const me = await customer();
    await app.asAdmin.orders.transition({ id: me.order.id, to: 'cancelled' });
    await app.db
      .insertInto('storeCredits')
      .values({ phone: me.e164, amount: 2_000, actor: 'test' } as never)
      .execute();
    // The customer sees the credit in their space.
    expect((await me.shopper.client.account.me.query())?.credit).toBe(2_000);
    expect((await failure(me.shopper.client.account.erase.mutate())).message).toBe(
      `Vous avez un avoir de ${formatXOF(2_000)} : utilisez-le ou demandez son remboursement à la boutique avant l’effacement.`,
    );
    await app.db
      .insertInto('storeCredits')
      .values({ phone: me.e164, amount: -2_000, actor: 'test' } as never)
      .execute();
    expect(await me.shopper.client.account.erase.mutate()).toMatchObject({ done: true });
    expect(await app.db.selectFrom('storeCredits').select('phone').where('phone', '=', me.e164).execute()).toEqual([]);
    expect(await me.shopper.client.account.me.query()).toBeNull();
  });
});

describe('the customer’s choices', () => {
  it('switches the WhatsApp offers, which hold through the orders’ changes, and the newsletter, confirmed by mail', async () => {
    const me = await customer();
    const consent = async () =>
      (await app.db.selectFrom('customers').select('marketingConsent').where('phone', '=', me.e164).executeTakeFirstOrThrow())
        .marketingConsent;
    expect(await consent()).toBe(false);
    const on = await me.shopper.client.account.consents.mutate({ offers: true });
    expect(on).toMatchObject({ message: 'Vous recevrez les offres de la boutique par WhatsApp.', space: { consents: { offers: true } } });
    // The order's own box was unticked; a later change of that order does not undo the newer choice.
    await app.asAdmin.orders.transition({ id: me.order.id, to: 'confirmed' });
    expect(await consent()).toBe(true);
    await me.shopper.client.account.consents.mutate({ offers: false });
    await app.asAdmin.orders.transition({ id: me.order.id, to: 'shipped' });
    expect(await consent()).toBe(false);

    const subscribed = await me.shopper.client.account.consents.mutate({ newsletter: true });
    expect(subscribed.message).toBe(`Un e-mail de confirmation part à ${me.email} : ouvrez son lien pour recevoir la newsletter.`);
    expect(
      await app.db
        .selectFrom('outbox')
        .select('subject')
        .where('recipient', '=', me.email)
        .where('subject', 'like', '%newsletter%')
        .execute(),
    ).toHaveLength(1);
    await app.db
      .updateTable('newsletterSubscribers')
      .set({ confirmedAt: new Date().toISOString() })
      .where('email', '=', me.email)
      .execute();
    expect((await me.shopper.client.account.me.query())?.consents.newsletter).toBe(true);
    await me.shopper.client.account.consents.mutate({ newsletter: false });
    expect((await me.shopper.client.account.me.query())?.consents.newsletter).toBe(false);
  });
});
