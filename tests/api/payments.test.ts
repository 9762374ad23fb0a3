import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { PlaceOrderInput } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFedaPay } from '../../server/src/config';
import { failure, httpClient, startTestApp, type Client, type TestApp } from '../support/app';
import { type FedaPayStandIn, startFedaPayStandIn } from '../support/fedapay-stand-in';
import { readOutbox } from '../support/outbox';

// Mobile Money through FedaPay, against a local FedaPay that speaks the SDK's HTTP protocol and
// signs its webhooks as FedaPay does. The order is only ever marked paid from what FedaPay itself
// answers about a transaction the shop opened, once, for the right amount and order.

const KEYS = { secretKey: 'sk_sandbox_test_boutique', webhookSecret: 'wh_sandbox_test_secret' };
const dataDir = `.tmp/test-payments-${process.pid}`;
let fedapay: FedaPayStandIn;
let app: TestApp;
let shopper: Client;

beforeAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fedapay = await startFedaPayStandIn(KEYS);
  app = await startTestApp({
    env: {
      DATA_DIR: dataDir,
      FEDAPAY_SECRET_KEY: KEYS.secretKey,
      FEDAPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
      FEDAPAY_ENVIRONMENT: 'sandbox',
      FEDAPAY_API_BASE: fedapay.url,
    },
  });
  fedapay.state.webhookUrl = `${app.url}/webhooks/fedapay`;
  shopper = httpClient(app.url).client;
});
afterAll(async () => {
  await app?.close();
  await fedapay?.close();
  if (!process.env.KEEP) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function item(type: 'product' | 'service', price = 25_000) {
  const row =
    type === 'product'
      ? await app.asAdmin.products.create({
          name: `Casque ${randomUUID().slice(0, 6)}`,
          shortDescription: 'Sans fil',
          description: '<p>Casque</p>',
          price,
          category: 'accessories',
          stock: 10,
        })
      : await app.asAdmin.services.create({
          name: `Installation ${randomUUID().slice(0, 6)}`,
          shortDescription: 'À domicile',
          description: '<p>Service</p>',
          price,
          image: 'https://example.com/s.png',
        });
  return row as { id: string };
}

type Placed = { id: string; number: string; total: number; trackingToken: string; paymentMethod: string };
async function placeOnline(
  type: 'product' | 'service' = 'product',
  paymentMethod: PlaceOrderInput['paymentMethod'] = 'mobile_money_online',
  promoCode: string | null = null,
) {
  const { id } = await item(type);
  return await shopper.orders.place.mutate({
    promoCode,
    customerName: 'Afiavi Dossou',
    phone: '01 97 12 34 56',
    email: 'afiavi@example.com',
    ...(type === 'product' ? { city: 'Cotonou', address: 'Fidjrossè' } : {}),
    paymentMethod,
    items: [{ id, type, quantity: 1 }],
    idempotencyKey: randomUUID(),
  });
}
const orderRow = async (id: string) =>
  (await app.asAdmin.orders.get({ id })) as { paymentStatus: string; paymentReference: string | null; paymentMethod: string };
const history = (id: string) => app.asAdmin.orders.history({ id });
const start = (order: Placed) => shopper.payments.start.mutate({ token: order.trackingToken });
/** The owner's alert about an order (sent after the answer): waits for it a little. */
async function mailAbout(number: string, text: string) {
  for (let i = 0; i < 50; i++) {
    const mail = readOutbox(dataDir).find((m) => m.includes(number) && m.includes(text));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

describe('configuration', () => {
  it('is off without a key, and refuses half a configuration at start', () => {
    expect(parseFedaPay({})).toBeNull();
    expect(() => parseFedaPay({ FEDAPAY_SECRET_KEY: 'sk' })).toThrow(/FEDAPAY_WEBHOOK_SECRET/);
    expect(() => parseFedaPay({ FEDAPAY_SECRET_KEY: 'sk', FEDAPAY_WEBHOOK_SECRET: 'wh', FEDAPAY_ENVIRONMENT: 'prod' })).toThrow(
      /sandbox ou live attendu/,
    );
    expect(parseFedaPay({ FEDAPAY_SECRET_KEY: 'sk', FEDAPAY_WEBHOOK_SECRET: 'wh' })).toMatchObject({
      environment: 'sandbox',
      apiBase: undefined,
    });
  });

  it('hides the option and refuses it when FedaPay is not configured', async () => {
    const plain = await startTestApp();
    try {
      expect(await plain.asVisitor.payments.options()).toEqual({ online: false, whatsapp: false });
      const { id } = await plain.asAdmin.products.create({
        name: 'Clé USB',
        shortDescription: '32 Go',
        description: '<p>Clé</p>',
        price: 5_000,
        category: 'accessories',
        stock: 3,
      });
      const refused = await failure(
        plain.asVisitor.orders.place({
          customerName: 'Koffi',
          phone: '01 97 12 34 56',
          city: 'Porto-Novo',
          address: 'Ouando',
          paymentMethod: 'mobile_money_online',
          items: [{ id, type: 'product', quantity: 1 }],
          idempotencyKey: randomUUID(),
        }),
      );
      expect(refused).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/n’est pas proposé/) });
      const webhook = await fetch(`${plain.url}/webhooks/fedapay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(webhook.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('paying by Mobile Money', () => {
  it('asks FedaPay for the total after a promo code, never the price before it', async () => {
    const code = await app.asAdmin.promoCodes.create({ code: 'MOMO20', label: 'Mobile Money -20 %', kind: 'percent', value: 20 });
    const order = await placeOnline('product', 'mobile_money_online', code.code);
    expect(order).toMatchObject({ subtotal: 25_000, discount: 5_000, total: 20_000 });
    const { paymentUrl } = await start(order);
    expect(fedapay.transactionFor(paymentUrl)).toMatchObject({ amount: 20_000, merchant_reference: order.number });
  });

  it('opens one FedaPay transaction for the server total, and a paid one marks the order paid with its reference', async () => {
    expect(await shopper.payments.options.query()).toEqual({ online: true, whatsapp: false });
    const order = await placeOnline();
    const { paymentUrl } = await start(order);
    expect(paymentUrl).toMatch(new RegExp(`^${fedapay.url}/pay/`));
    const t = fedapay.transactionFor(paymentUrl);
    expect(t).toMatchObject({ amount: Number(order.total), merchant_reference: order.number, status: 'pending' });
    expect(t.callback_url).toBe(`${app.config.publicUrl}/suivi/${order.trackingToken}`);
    expect(t.customer).toMatchObject({
      firstname: 'Afiavi',
      lastname: 'Dossou',
      email: 'afiavi@example.com',
      phone_number: { number: '+2290197123456', country: 'bj' },
    });
    expect(await shopper.payments.status.query({ token: order.trackingToken })).toMatchObject({
      paymentStatus: 'pending',
      attempt: { status: 'pending' },
    });

    await fedapay.pay(paymentUrl, 'approve'); // the shopper pays; FedaPay posts the signed webhook

    expect(await orderRow(order.id)).toMatchObject({
      paymentStatus: 'paid',
      paymentReference: t.reference,
      paymentMethod: 'mobile_money_online',
    });
    const events = await history(order.id);
    expect(events.filter((e) => e.kind === 'payment')).toEqual([
      expect.objectContaining({ actor: 'FedaPay', fromValue: 'pending', toValue: 'paid', note: expect.stringContaining(t.reference) }),
    ]);
    expect(await shopper.payments.status.query({ token: order.trackingToken })).toMatchObject({
      paymentStatus: 'paid',
      canPayOnline: false,
      canPayOnDelivery: false,
    });
    expect((await failure(start(order))).message).toBe('Cette commande est déjà payée.');
    expect(await mailAbout(order.number, t.reference)).toMatch(/To: owner@example.com/);
    const tracked = await shopper.orders.track.query({ token: order.trackingToken });
    expect(tracked.timeline.map((e) => `${e.kind}:${e.toValue}`)).toEqual(
      expect.arrayContaining(['online_payment:pending', 'payment:paid']),
    );
  });

  it('abandons the open transaction when the order is cancelled, and a payment made on it anyway is "à rembourser" with its alert', async () => {
    const order = await placeOnline();
    const { paymentUrl } = await start(order);
    await app.asAdmin.orders.transition({ id: order.id, to: 'cancelled' });
    expect(await shopper.payments.status.query({ token: order.trackingToken })).toMatchObject({ canPayOnline: false });
    expect(
      (await history(order.id)).some(
        (e) => e.kind === 'online_payment' && e.toValue === 'expired' && /commande annulée/.test(e.note ?? ''),
      ),
    ).toBe(true);
    // The page was still open on the shopper's phone: FedaPay takes the money.
    await fedapay.pay(paymentUrl, 'approve');
    const t = fedapay.transactionFor(paymentUrl);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'to_refund', paymentReference: t.reference });
    const payment = (await history(order.id)).filter((e) => e.kind === 'payment');
    expect(payment).toEqual([
      expect.objectContaining({ fromValue: 'pending', toValue: 'to_refund', note: expect.stringContaining('À rembourser') }),
    ]);
    expect(await mailAbout(order.number, 'reçus pour une commande annulée')).toMatch(/To: owner@example.com/);
    // The owner refunds it by hand.
    await app.asAdmin.orders.setPayment({ id: order.id, to: 'refunded', reference: 'Remboursé par MTN MoMo' });
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'refunded' });
  });

  it('creates one transaction however many times the shopper clicks, and takes it up again on return', async () => {
    const order = await placeOnline();
    const before = fedapay.created();
    const answers = await Promise.all(Array.from({ length: 5 }, () => start(order)));
    expect(new Set(answers.map((a) => a.paymentUrl)).size).toBe(1);
    expect(fedapay.created()).toBe(before + 1);
    expect((await start(order)).paymentUrl).toBe(answers[0]!.paymentUrl);
    expect(fedapay.created()).toBe(before + 1);
  });

  it('leaves a declined payment "à encaisser", then lets the shopper retry or pay on delivery', async () => {
    const order = await placeOnline();
    const first = await start(order);
    await fedapay.pay(first.paymentUrl, 'decline');
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'pending' });
    expect(await shopper.payments.status.query({ token: order.trackingToken })).toMatchObject({
      paymentStatus: 'pending',
      attempt: { status: 'declined' },
      canPayOnline: true,
      canPayOnDelivery: true,
    });
    const before = fedapay.created();
    const second = await start(order);
    expect(second.paymentUrl).not.toBe(first.paymentUrl);
    expect(fedapay.created()).toBe(before + 1);
    await fedapay.pay(second.paymentUrl, 'cancel');
    expect(await shopper.payments.status.query({ token: order.trackingToken })).toMatchObject({
      paymentStatus: 'pending',
      attempt: { status: 'canceled' },
    });

    await shopper.payments.payOnDelivery.mutate({ token: order.trackingToken });
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'pending', paymentMethod: 'cash_on_delivery' });
    expect((await failure(start(order))).message).toMatch(/se paie à la livraison/);
    const notes = (await history(order.id)).filter((e) => e.kind === 'online_payment').map((e) => `${e.toValue}`);
    expect(notes).toEqual(['pending', 'declined', 'pending', 'canceled']);
  });

  it('learns the outcome from FedaPay on the return page when no webhook came', async () => {
    const order = await placeOnline();
    const { paymentUrl } = await start(order);
    fedapay.state.deliverWebhooks = false;
    try {
      await fedapay.pay(paymentUrl, 'approve');
      expect((await orderRow(order.id)).paymentStatus).toBe('pending');
      expect(await shopper.payments.status.query({ token: order.trackingToken })).toMatchObject({
        paymentStatus: 'paid',
        attempt: { status: 'approved' },
      });
    } finally {
      fedapay.state.deliverWebhooks = true;
    }
  });

  it('says in French when FedaPay cannot be reached, and a retry works once it is back', async () => {
    const order = await placeOnline();
    fedapay.state.failApi = true;
    try {
      const refused = await failure(start(order));
      expect(refused).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: expect.stringMatching(/ne répond pas.*paiement à la livraison/),
      });
    } finally {
      fedapay.state.failApi = false;
    }
    expect((await start(order)).paymentUrl).toMatch(/\/pay\//);
  });

  it('frees an order whose transaction a stopped server never finished opening', async () => {
    const order = await placeOnline();
    await app.db
      .insertInto('onlinePayments')
      .values({
        orderId: order.id,
        provider: 'fedapay',
        amount: Number(order.total),
        status: 'creating',
        createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
      })
      .execute();
    expect((await start(order)).paymentUrl).toMatch(/\/pay\//);
    const rows = await app.db
      .selectFrom('onlinePayments')
      .select(['status', 'detail'])
      .where('orderId', '=', order.id)
      .orderBy('createdAt')
      .execute();
    expect(rows).toEqual([
      { status: 'failed', detail: 'Préparation interrompue' },
      { status: 'pending', detail: null },
    ]);
  });

  it('keeps an order above the cash-on-delivery ceiling online: no switch to paying on delivery', async () => {
    const order = await placeOnline();
    await app.db.updateTable('settings').set({ maxUnconfirmedTotal: 20_000 }).execute();
    try {
      expect(await shopper.payments.status.query({ token: order.trackingToken })).toMatchObject({ canPayOnDelivery: false });
      const refused = await failure(shopper.payments.payOnDelivery.mutate({ token: order.trackingToken }));
      expect(refused.message).toMatch(/^Une commande payée à la livraison ne peut pas dépasser 20\s000\sF\sCFA\./);
      expect(await orderRow(order.id)).toMatchObject({ paymentMethod: 'mobile_money_online' });
    } finally {
      await app.db.updateTable('settings').set({ maxUnconfirmedTotal: 100_000_000 }).execute();
    }
    expect(await shopper.payments.status.query({ token: order.trackingToken })).toMatchObject({ canPayOnDelivery: true });
  });

  it('sells services and courses online only when Mobile Money is on: nothing to pay on delivery', async () => {
    const refused = await failure(placeOnline('service', 'cash_on_delivery'));
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/se paie en ligne/) });
    const order = await placeOnline('service');
    await start(order);
    expect(await shopper.payments.status.query({ token: order.trackingToken })).toMatchObject({ canPayOnDelivery: false });
    expect((await failure(shopper.payments.payOnDelivery.mutate({ token: order.trackingToken }))).message).toMatch(/se paient en ligne/);
  });
});

describe('the webhook', () => {
  /** An order whose transaction FedaPay has approved, but whose webhook has not arrived yet. */
  async function approvedQuietly() {
    const order = await placeOnline();
    const { paymentUrl } = await start(order);
    fedapay.state.deliverWebhooks = false;
    const t = await fedapay.pay(paymentUrl, 'approve').finally(() => (fedapay.state.deliverWebhooks = true));
    return { order, t };
  }
  const now = () => Math.floor(Date.now() / 1000);

  it('refuses unsigned, tampered, wrongly signed, late and future events with 400, and changes nothing', async () => {
    const { order, t } = await approvedQuietly();
    const body = fedapay.eventBody(t);
    const tampered = body.replace(`"amount":${t.amount}`, `"amount":${t.amount + 1}`);
    expect(tampered).not.toBe(body);
    const cases: [string, string, string | null][] = [
      ['unsigned', body, null],
      ['garbage header', body, 'nonsense'],
      ['tampered body', tampered, fedapay.sign(body)],
      ['wrong secret', body, fedapay.sign(body, now(), 'wh_someone_else')],
      ['late (6 minutes)', body, fedapay.sign(body, now() - 6 * 60)],
      ['from the future (10 minutes)', body, fedapay.sign(body, now() + 10 * 60)],
    ];
    for (const [name, sent, signature] of cases) {
      const response = await fedapay.deliver(sent, signature);
      expect(response.status, name).toBe(400);
      expect((await response.json()) as unknown, name).toEqual({ error: { message: 'Signature du webhook invalide.' } });
    }
    expect((await orderRow(order.id)).paymentStatus).toBe('pending');
    expect((await history(order.id)).some((e) => e.kind === 'payment')).toBe(false);

    // The genuine event, however many times it arrives, marks the order paid once.
    for (let i = 0; i < 4; i++) expect((await fedapay.deliver(body)).status).toBe(200);
    expect((await orderRow(order.id)).paymentStatus).toBe('paid');
    expect((await history(order.id)).filter((e) => e.kind === 'payment')).toHaveLength(1);
  });

  it('never marks an order paid when FedaPay reports another amount or another order, and tells the owner', async () => {
    for (const [what, change] of [
      ['amount', (t: { amount: number; merchant_reference: string | null }) => (t.amount = 100)],
      ['order', (t: { amount: number; merchant_reference: string | null }) => (t.merchant_reference = 'CMD-999999')],
    ] as const) {
      const { order, t } = await approvedQuietly();
      change(t);
      // Even a genuine signature over a body claiming the right amount: the shop believes only what it fetches.
      const claimed = fedapay.eventBody({ ...t, amount: Number(order.total), merchant_reference: order.number });
      expect((await fedapay.deliver(claimed)).status, what).toBe(200);
      expect((await orderRow(order.id)).paymentStatus, what).toBe('pending');
      const mismatch = (await history(order.id)).find((e) => e.kind === 'online_payment' && e.toValue === 'mismatch');
      expect(mismatch?.note, what).toMatch(what === 'amount' ? /montant 100\sF\sCFA au lieu de/ : /référence CMD-999999 au lieu de/);
      expect(await shopper.payments.status.query({ token: order.trackingToken }), what).toMatchObject({
        paymentStatus: 'pending',
        attempt: { status: 'mismatch' },
      });
      expect(await mailAbout(order.number, 'non valid'), what).toMatch(/montant|CMD-999999/);
    }
  });

  it('ignores events about transactions the shop never opened', async () => {
    const response = await fedapay.deliver(JSON.stringify({ name: 'transaction.approved', object: 'transaction', entity: { id: 987654 } }));
    expect(response.status).toBe(200); // FedaPay does not know it either: nothing to do
    const stranger = { ...[...fedapay.transactions.values()][0]!, id: 424242 };
    fedapay.transactions.set(stranger.id, stranger);
    expect((await fedapay.deliver(fedapay.eventBody(stranger))).status).toBe(200);
  });
});
