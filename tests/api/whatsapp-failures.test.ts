import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberClient, startTestApp, type TestApp } from '../support/app';
import { startEmcfStandIn, type EmcfStandIn } from '../support/emcf-stand-in';
import { type GraphStandIn, startGraphStandIn } from '../support/graph-stand-in';
import { until } from '../support/until';

// What WhatsApp's failures and odd messages must not lose: an expired token, Meta's own errors,
// a message delivered late, a shared position; and a counter sale billed one template, not two.

const TOKEN = 'jeton-emcf-whatsapp';
const IFU = '0202212345678';
let app: TestApp;
let graph: GraphStandIn;
let dgi: EmcfStandIn;
beforeAll(async () => {
  graph = await startGraphStandIn();
  dgi = await startEmcfStandIn({ token: TOKEN, ifu: IFU });
  app = await startTestApp({
    demo: true,
    env: { ...graph.env(), EMECEF_TOKEN: TOKEN, EMECEF_API_BASE: dgi.url, OUTBOX_RETRY_SECONDS: '1' },
  });
  graph.env(app.url);
  await app.db.updateTable('settings').set({ ifu: IFU }).execute();
});
afterAll(async () => {
  await app?.close();
  await graph?.close();
  await dgi?.close();
});

let n = 0;
const newPhone = () => {
  const digits = String(96_100_000 + ++n * 7_331 + Math.floor(Math.random() * 500)).padStart(8, '0');
  return { local: `01 ${digits}`, digits: `22901${digits}`, e164: `+22901${digits}` };
};
const product = async () => (await app.asVisitor.products.list({ pageSize: 1 })).rows[0]!;
async function placeOrder(phone: string, email?: string) {
  const item = await product();
  return (await app.asVisitor.orders.place({
    customerName: 'Awa Dossou',
    phone,
    ...(email ? { email } : {}),
    city: 'Cotonou',
    address: 'Akpakpa',
    paymentMethod: 'cash_on_delivery',
    items: [{ id: item.id, type: 'product', quantity: 1 }],
    idempotencyKey: randomUUID(),
  })) as { id: string; number: string };
}
/** A message from the customer, sent `hoursAgo` (Meta's timestamp), as one webhook. */
function inbound(phone: string, message: object, hoursAgo = 0) {
  const body = JSON.parse(graph.inboundText(phone, 'x'));
  const m = body.entry[0].changes[0].value.messages[0];
  Object.assign(m, { text: undefined, ...message, timestamp: String(Math.floor(Date.now() / 1000 - hoursAgo * 3600)) });
  return graph.post(JSON.stringify(body));
}

describe('WhatsApp when things go wrong', () => {
  beforeAll(async () => {
    await app.asAdmin.products.correctStock({ id: (await product()).id, to: 10_000, reason: 'received' });
  });

  it('an expired token (190): the customer gets the e-mail instead, the Envois say why', async () => {
    const phone = newPhone();
    graph.state.failNext.push({ status: 401, code: 190 });
    const order = await placeOrder(phone.local, 'awa@example.com');
    const row = await until('fallen back', () =>
      app.db
        .selectFrom('outbox')
        .select(['status', 'lastError'])
        .where('channel', '=', 'whatsapp')
        .where('recipient', '=', phone.e164)
        .where('status', '=', 'failed')
        .executeTakeFirst(),
    );
    expect(row.lastError).toContain('Le jeton WhatsApp a expiré');
    expect(row.lastError).toContain('Envoyé par e-mail à awa@example.com à la place.');
    const mail = await app.db
      .selectFrom('outbox')
      .select('subject')
      .where('channel', '=', 'mail')
      .where('recipient', '=', 'awa@example.com')
      .execute();
    expect(mail.map((m) => m.subject).join(' ')).toContain(order.number);
  });

  it('Meta’s « unknown » and « temporary » errors (codes 1 and 2, HTTP 500) are tried again, then sent', async () => {
    const phone = newPhone();
    graph.state.failNext.push({ status: 500, code: 1 }, { status: 500, code: 2 });
    await placeOrder(phone.local);
    await until('sent after two errors', () => graph.sentTo(phone.digits).length === 1, 30_000);
  });

  it('a message delivered 25 hours late opens no window: the reply goes as the re-contact template', async () => {
    const phone = newPhone();
    expect((await inbound(phone.e164, { type: 'text', text: { body: 'Bonjour, vous avez ce chargeur ?' } }, 25)).status).toBe(200);
    const thread = await until('received', async () => {
      const t = await app.asAdmin.whatsapp.thread({ phone: phone.e164 });
      return t.messages.length ? t : undefined;
    });
    expect(thread.open).toBe(false);
    expect(await app.asAdmin.whatsapp.reply({ phone: phone.e164, text: 'Oui, 5 000 F.' })).toEqual({ sent: 'template' });
    await until('re-contact sent', () => graph.sentTo(phone.digits).find((m) => m.template?.name === 'reprise_contact'));
    // The journal says who answered a customer.
    const journal = await app.db.selectFrom('auditLog').select('action').where('action', '=', 'WhatsApp — réponse à un client').execute();
    expect(journal.length).toBeGreaterThan(0);
    // A message of a minute ago opens it, and a late one does not close it again.
    expect((await inbound(phone.e164, { type: 'text', text: { body: 'Je passe demain.' } }, 0)).status).toBe(200);
    await until('open', async () => (await app.asAdmin.whatsapp.thread({ phone: phone.e164 })).open);
    expect((await inbound(phone.e164, { type: 'text', text: { body: 'Message en retard' } }, 30)).status).toBe(200);
    await until('three messages', async () => (await app.asAdmin.whatsapp.thread({ phone: phone.e164 })).messages.length >= 4);
    expect((await app.asAdmin.whatsapp.thread({ phone: phone.e164 })).open).toBe(true);
  });

  it('a shared position keeps its coordinates, as a map link', async () => {
    const phone = newPhone();
    const location = { latitude: 6.3654, longitude: 2.4183, name: 'Marché Dantokpa', address: 'Cotonou' };
    expect((await inbound(phone.e164, { type: 'location', location })).status).toBe(200);
    const message = await until('received', async () => (await app.asAdmin.whatsapp.thread({ phone: phone.e164 })).messages[0]);
    expect(message.body).toBe('[Position] Marché Dantokpa, Cotonou https://www.google.com/maps/search/?api=1&query=6.3654,2.4183');
  });

  it('a customer writing under a username, the number hidden, is not lost: the team hears of it', async () => {
    const body = JSON.parse(graph.inboundText('+22901961234567', 'Bonjour, le chargeur est dispo ?', 'Sèna'));
    const value = body.entry[0].changes[0].value;
    delete value.messages[0].from;
    value.messages[0].from_user_id = 'BJ.1234567890';
    value.contacts = [{ user_id: 'BJ.1234567890', profile: { name: 'Sèna' } }];
    expect((await graph.post(JSON.stringify(body))).status).toBe(200);
    const alert = await until('the team told', () =>
      app.db
        .selectFrom('outbox')
        .select(['subject', 'payload'])
        .where('channel', '=', 'mail')
        .where('subject', '=', 'WhatsApp d’un client sans numéro visible (Sèna)')
        .executeTakeFirst(),
    );
    expect(JSON.stringify(alert.payload)).toContain('Bonjour, le chargeur est dispo ?');
  });

  it('a courier’s « Livrée » on a new order tells the customer « livrée » only, not three steps at once', async () => {
    const phone = newPhone();
    const order = await placeOrder(phone.local);
    await until('received', () => graph.sentTo(phone.digits).find((m) => m.template?.name === 'commande_recue'));
    const courier = await memberClient(app, 'courier', 'Koffi');
    await app.asAdmin.rounds.assign({ id: order.id, courierId: courier.id });
    await courier.client.rounds.deliver.mutate({ id: order.id });
    await until('delivered told', () => graph.sentTo(phone.digits).find((m) => m.template?.name === 'commande_livree'));
    const due = await app.db
      .selectFrom('outbox')
      .select('subject')
      .where('channel', '=', 'whatsapp')
      .where('recipient', '=', phone.e164)
      .execute();
    expect(due.map((r) => r.subject).join(' | ')).not.toMatch(/confirmée|expédiée/i);
    expect(graph.sentTo(phone.digits).map((m) => m.template?.name)).toEqual(['commande_recue', 'commande_livree']);
  });

  it('a counter sale with a phone is billed one template: the normalized invoice, not the ticket too', async () => {
    const phone = newPhone();
    const item = await product();
    const { order } = (await app.asAdmin.orders.sellAtCounter({
      idempotencyKey: randomUUID(),
      items: [{ id: item.id, type: 'product', quantity: 1 }],
      payment: { method: 'mobile_money', reference: 'MTN-77' },
      customerName: 'Kossi Agbo',
      phone: phone.local,
    } as never)) as { order: { number: string } };
    const sent = await until('invoice sent', () => graph.sentTo(phone.digits).find((m) => m.template?.name === 'facture'));
    expect(graph.valuesOf(sent)).toEqual(['Kossi', order.number, 'facture normalisée']);
    // Nothing else is due for this sale on WhatsApp.
    const rows = await app.db
      .selectFrom('outbox')
      .select('subject')
      .where('channel', '=', 'whatsapp')
      .where('recipient', '=', phone.e164)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
