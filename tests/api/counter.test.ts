import { randomUUID } from 'node:crypto';
import { formatXOF } from '@app/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, memberClient, startTestApp, type TestApp, newProduct } from '../support/app';
import { startEmcfStandIn, type EmcfStandIn } from '../support/emcf-stand-in';
import { exportOrders } from '../support/export';
import { mergeDelta } from '../../admin/src/pages/counter/delta';
import { encodeTicket } from '../../admin/src/pages/counter/escpos';
import { pageSize, pdfQrCode, pdfText } from '../support/pdf';

// A sale at the shop's counter: one stock with the web shop, paid and handed over at once, an order
// of channel "comptoir", its normalized invoice (with a business buyer's IFU), never recorded twice.

const TOKEN = 'jeton-emcf-comptoir';
const IFU = '0202212345678';
const BUYER_IFU = '3201900123456';
let dgi: EmcfStandIn;
let app: TestApp;

beforeAll(async () => {
  dgi = await startEmcfStandIn({ token: TOKEN, ifu: IFU });
  app = await startTestApp({ env: { EMECEF_TOKEN: TOKEN, EMECEF_API_BASE: dgi.url, OUTBOX_RETRY_SECONDS: '1' } });
  await app.db.updateTable('settings').set({ ifu: IFU }).execute();
});
afterAll(async () => {
  await app?.close();
  await dgi?.close();
});

type Order = {
  id: string;
  number: string;
  channel: string;
  status: string;
  paymentStatus: string;
  paymentMethod: string;
  total: number;
  items: unknown;
};
const product = (price: number, stock: number) => newProduct(app, 'Souris', price, stock);
const stockOf = async (id: string) => ((await app.asAdmin.products.get({ id })) as { stock: number | null }).stock;
const sell = (input: Record<string, unknown>) =>
  app.asAdmin.orders.sellAtCounter({ idempotencyKey: randomUUID(), ...input } as never) as Promise<{
    order: Order;
    change: number;
    repeated: boolean;
  }>;

describe('a sale at the counter', () => {
  it('is one paid order of channel "comptoir", handed over, stock down at once, change given back', async () => {
    const [mouse, pad] = [await product(4_500, 5), await product(2_000, 3)];
    const { order, change } = await sell({
      items: [
        { id: mouse.id, type: 'product', quantity: 2 },
        { id: pad.id, type: 'product', quantity: 1 },
      ],
      payment: { method: 'cash', given: 15_000 },
    });
    expect(order).toMatchObject({ channel: 'counter', status: 'delivered', paymentStatus: 'paid', paymentMethod: 'cash', total: 11_000 });
    expect(change).toBe(4_000);
    expect([await stockOf(mouse.id), await stockOf(pad.id)]).toEqual([3, 2]);
    const counterOrders = await app.asAdmin.orders.list({ filters: { channel: 'counter' }, pageSize: 100 });
    expect(counterOrders.rows.map((r) => r.id)).toContain(order.id);
    // No phone, no customer.
    const stored = (await app.asAdmin.orders.get({ id: order.id })) as { phone: string | null; trackingToken: string };
    expect(stored.phone).toBeNull();
    // Its receipt, printable from the phone (the normalized invoice once the DGI answers).
    const receipt = await fetch(`${app.url}/suivi/${stored.trackingToken}/recu.pdf`);
    expect(receipt.status).toBe(200);
    expect(await pdfText(Buffer.from(await receipt.arrayBuffer()))).toContain(order.number);
    // The year's CSV tells the counter's sales apart.
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Africa/Porto-Novo' });
    const { csv } = await exportOrders(app.url, today, today);
    const cells = (line: string) => line.split(';').map((c) => c.replace(/^"|"$/g, ''));
    const header = cells(csv.split('\r\n')[0]!.replace(/^\uFEFF/, ''));
    const row = cells(csv.split('\r\n').find((line) => line.startsWith(`"${order.number}"`))!);
    expect([row[header.indexOf('Canal')], row[header.indexOf('Mode de paiement')]]).toEqual(['Comptoir', 'Espèces (comptoir)']);
  });

  it('gets its normalized invoice with the business buyer’s IFU, and makes a customer of a phone', async () => {
    const mouse = await product(4_500, 5);
    const { order } = await sell({
      items: [{ id: mouse.id, type: 'product', quantity: 1 }],
      payment: { method: 'mobile_money', reference: 'MTN-7788991' },
      customerName: 'Société Akwaba SARL',
      phone: '01 97 55 44 33',
      email: 'compta@akwaba.example',
      buyerIfu: BUYER_IFU,
    });
    // The ticket's link goes to the buyer's e-mail, through the outbox.
    const mails = JSON.stringify(await app.db.selectFrom('outbox').select('payload').execute());
    expect(mails).toContain('compta@akwaba.example');
    expect(mails).toContain(`Votre ticket ${order.number}`);
    expect((await app.asAdmin.orders.get({ id: order.id })).paymentReference).toBe('MTN-7788991');
    await expect
      .poll(() => dgi.confirmed().find((i) => i.request.items.some((l) => l.name === mouse.name))?.request.client, { timeout: 20_000 })
      .toMatchObject({ ifu: BUYER_IFU, name: 'Société Akwaba SARL' });
    const customer = await app.asAdmin.customers.list({ search: '01 97 55 44 33' });
    expect(customer.rows).toMatchObject([{ name: 'Société Akwaba SARL', ordersCount: 1, totalSpent: 4_500 }]);
  });

  it('takes a discount within the owner’s limit, said on the invoice, and refuses a bigger one', async () => {
    const [mouse, pad] = [await product(4_500, 5), await product(2_000, 5)];
    const items = [
      { id: mouse.id, type: 'product', quantity: 1 },
      { id: pad.id, type: 'product', quantity: 2 },
    ];
    // 8 500 F, 10 % by default: 850 F at most.
    const over = await failure(sell({ items, discount: 900, payment: { method: 'cash', given: 10_000 } }));
    expect(over.message).toBe(`Remise trop forte : ${formatXOF(850)} au maximum sur cette vente (10 % du total, dans Paramètres).`);
    expect(await stockOf(mouse.id)).toBe(5);
    const { order, change } = await sell({ items, discount: 850, payment: { method: 'cash', given: 10_000 } });
    expect(order).toMatchObject({ discount: 850, total: 7_650 });
    expect(change).toBe(2_350);
    const ofPad = () => dgi.confirmed().find((i) => i.request.items.some((l) => l.name === pad.name));
    await expect.poll(ofPad, { timeout: 20_000 }).toBeDefined();
    const invoice = ofPad()!.request;
    expect(invoice.items.reduce((sum, l) => sum + l.price * l.quantity, 0)).toBe(7_650);
    expect(invoice.items.every((l) => l.priceModification === 'Remise au comptoir')).toBe(true);
    await app.db.updateTable('settings').set({ maxCounterDiscountPercent: 0 }).execute();
    const off = await failure(sell({ items, discount: 100, payment: { method: 'cash', given: 10_000 } }));
    expect(off.message).toMatch(/^Les remises au comptoir sont désactivées/);
    await app.db.updateTable('settings').set({ maxCounterDiscountPercent: 10 }).execute();
  });

  it('takes cash and Mobile Money together: the invoice lists both parts, the roll ticket its security elements', async () => {
    const mouse = await product(11_000, 5);
    dgi.state.down = true; // The DGI unreachable: the sale completes, the ticket says the invoice follows.
    const { order, change } = await sell({
      items: [{ id: mouse.id, type: 'product', quantity: 1 }],
      payment: { method: 'cash_mobile_money', mobileMoney: 5_000, reference: 'MOOV-445566', given: 10_000 },
    });
    expect(change).toBe(4_000);
    const stored = (await app.asAdmin.orders.get({ id: order.id })) as Record<string, unknown>;
    expect(stored).toMatchObject({
      paymentMethod: 'cash_mobile_money',
      cashAmount: 6_000,
      cashGiven: 10_000,
      paymentReference: 'MOOV-445566',
    });
    const ticketUrl = `${app.url}/suivi/${stored.trackingToken as string}/ticket.pdf`;
    const ticket = async () => Buffer.from(await (await fetch(ticketUrl)).arrayBuffer());
    // Label and amount on one printed line; every kind of space read as one.
    const pending = pdfText(await ticket(), { layout: true }).replace(/\s+/g, ' ');
    expect(pending).toContain('TICKET DE CAISSE');
    expect(pending).toContain(`Votre facture normalisée suit : demandez-la avec le numéro ${order.number}`);
    expect(pending).toContain('Mobile Money 5 000 F CFA Réf. MOOV-445566 Espèces reçues 10 000 F CFA Monnaie rendue 4 000 F CFA');

    dgi.state.down = false;
    const ofMouse = () => dgi.confirmed().find((i) => i.request.items.some((l) => l.name === mouse.name));
    await expect.poll(ofMouse, { timeout: 20_000 }).toBeDefined();
    expect(ofMouse()!.request.payment).toEqual([
      { name: 'ESPECES', amount: 6_000 },
      { name: 'MOBILEMONEY', amount: 5_000 },
    ]);
    await expect.poll(async () => pdfText(await ticket()), { timeout: 20_000 }).toContain('FACTURE NORMALISÉE');
    const issued = await ticket();
    const text = pdfText(issued);
    expect(text.replace(/\s+/g, ' ')).toContain(`Code MECeF/DGI : ${ofMouse()!.security!.codeMECeFDGI}`);
    expect(text).toContain(`NIM : ${ofMouse()!.security!.nim}`);
    // A roll's QR code is 39 mm wide: read as a phone's camera would, close up.
    expect(await pdfQrCode(issued, { dpi: 300 })).toBe(ofMouse()!.security!.qrCode);
    // 80 mm wide by default, 58 mm when Paramètres says so; as long as its lines.
    expect(pageSize(issued).width).toBeCloseTo((80 * 72) / 25.4, 1);
    expect(pageSize(issued).height).toBeLessThan(800);
    await app.db.updateTable('settings').set({ ticketWidth: 'mm58' }).execute();
    expect(pageSize(await ticket()).width).toBeCloseTo((58 * 72) / 25.4, 1);
    await app.db.updateTable('settings').set({ ticketWidth: 'mm80' }).execute();
  });

  it('refuses a Mobile Money part above the total, and cash short of the rest', async () => {
    const mouse = await product(3_000, 5);
    const items = [{ id: mouse.id, type: 'product', quantity: 1 }];
    const over = await failure(sell({ items, payment: { method: 'cash_mobile_money', mobileMoney: 4_000, reference: 'MTN-1', given: 0 } }));
    expect(over.message).toBe(`Le montant Mobile Money (${formatXOF(4_000)}) dépasse le total de la vente (${formatXOF(3_000)}).`);
    const short = await failure(
      sell({ items, payment: { method: 'cash_mobile_money', mobileMoney: 1_000, reference: 'MTN-2', given: 1_500 } }),
    );
    expect(short.message).toBe(`Montant reçu insuffisant : il manque ${formatXOF(500)} pour la part en espèces de ${formatXOF(2_000)}.`);
    expect(await stockOf(mouse.id)).toBe(5);
  });

  it('records a sale made offline whatever changed since: sold out online meanwhile, the owner is told', async () => {
    const mouse = await product(5_000, 2);
    // Meanwhile the web shop sold one, and the price went up.
    await app.db.updateTable('products').set({ stock: 1, price: 5_500 }).where('id', '=', mouse.id).execute();
    const soldAt = new Date(Date.now() - 3_600_000).toISOString();
    const input = {
      idempotencyKey: randomUUID(),
      items: [{ id: mouse.id, type: 'product', quantity: 2 }],
      payment: { method: 'cash', given: 10_000 },
      offline: { soldAt, total: 10_000 },
    };
    const { order } = (await app.asAdmin.orders.sellAtCounter(input as never)) as { order: Order };
    expect(order).toMatchObject({ channel: 'counter', paymentStatus: 'paid', total: 11_000 });
    expect(await stockOf(mouse.id)).toBe(0);
    const history = (await app.asAdmin.orders.history({ id: order.id })) as { note: string | null }[];
    const note = history.map((h) => h.note).join(' ');
    expect(note).toContain('faite hors ligne');
    expect(note).toContain(`Le téléphone avait affiché ${formatXOF(10_000)} ; les prix actuels donnent ${formatXOF(11_000)}.`);
    expect(note).toContain(`« ${mouse.name} » : 1 vendu(s) au-delà du stock en ligne (stock mis à 0).`);
    const alerts = await app.db.selectFrom('outbox').select('payload').execute();
    expect(JSON.stringify(alerts)).toContain(`Vente hors ligne ${order.number} : stock dépassé`);
    // Sent again (the phone never heard the answer): the same order, nothing taken twice.
    const again = (await app.asAdmin.orders.sellAtCounter(input as never)) as { order: Order; repeated: boolean };
    expect(again).toMatchObject({ repeated: true, order: { id: order.id } });
    // Paid partly by Mobile Money for more than today's total (a price lowered since): recorded all the same.
    const cheaper = await product(3_000, 5);
    await app.db.updateTable('products').set({ price: 2_500 }).where('id', '=', cheaper.id).execute();
    const paidMore = (await app.asAdmin.orders.sellAtCounter({
      idempotencyKey: randomUUID(),
      items: [{ id: cheaper.id, type: 'product', quantity: 1 }],
      payment: { method: 'cash_mobile_money', mobileMoney: 3_000, reference: 'MTN-OFF', given: 0 },
      offline: { soldAt, total: 3_000 },
    } as never)) as { order: Order };
    expect(paidMore.order).toMatchObject({ total: 2_500, paymentStatus: 'paid' });
    // Online, the same shortage is refused: the cashier is there to change the ticket.
    const online = await failure(
      sell({ items: [{ id: mouse.id, type: 'product', quantity: 1 }], payment: { method: 'cash', given: 6_000 } }),
    );
    expect(online.message).toMatch(/^Stock insuffisant/);
  });

  it('lets no device switch a rule off: a sale that says « offline » and breaks one is recorded « à vérifier », the owner told', async () => {
    const laptop = await product(385_000, 5);
    const offline = (input: Record<string, unknown>, soldAt = new Date(Date.now() - 600_000).toISOString()) =>
      sell({ items: [{ id: laptop.id, type: 'product', quantity: 1 }], offline: { soldAt, total: 0 }, ...input });
    const alerts = async (number: string) =>
      (await app.db.selectFrom('outbox').select('subject').where('subject', 'like', `Vente ${number} à vérifier%`).execute()).length;

    // The laptop at 0 F: beyond the owner's 10 % limit.
    const free = await offline({ discount: 385_000, payment: { method: 'cash', given: 0 } });
    const stored = await app.asAdmin.orders.get({ id: free.order.id });
    expect(stored).toMatchObject({ total: 0, discount: 385_000 });
    expect(stored.review).toContain(`Remise trop forte : ${formatXOF(38_500)} au maximum sur cette vente`);
    expect(await alerts(free.order.number)).toBe(1);
    // Ten times the total by Mobile Money; less cash than due; a date from 1999 or next year.
    const mm = await offline({ payment: { method: 'cash_mobile_money', mobileMoney: 3_850_000, reference: 'MTN-X', given: 0 } });
    expect((await app.asAdmin.orders.get({ id: mm.order.id })).review).toContain('dépasse le total de la vente');
    const short = await offline({ payment: { method: 'cash', given: 1_000 } });
    expect((await app.asAdmin.orders.get({ id: short.order.id })).review).toContain('Montant reçu insuffisant');
    for (const soldAt of ['1999-01-01T10:00:00.000Z', new Date(Date.now() + 365 * 86_400_000).toISOString()]) {
      const odd = await offline({ payment: { method: 'cash', given: 385_000 } }, soldAt);
      expect((await app.asAdmin.orders.get({ id: odd.order.id })).review).toMatch(/^Date de vente donnée par le téléphone invraisemblable/);
      expect(await alerts(odd.order.number)).toBe(1);
    }
    // Within the rules, an offline sale needs no review; online, a rule broken is refused as ever.
    const fine = await offline({ payment: { method: 'cash', given: 385_000 } });
    expect((await app.asAdmin.orders.get({ id: fine.order.id })).review).toBeNull();
    expect(await alerts(fine.order.number)).toBe(0);
    const refused = await failure(
      sell({ items: [{ id: laptop.id, type: 'product', quantity: 1 }], discount: 385_000, payment: { method: 'cash', given: 0 } }),
    );
    expect(refused.message).toMatch(/^Remise trop forte/);
  });

  it('names on the normalized invoice the cashier who sold, and each article by its SKU', async () => {
    const seller = await memberClient(app, 'seller', 'Chantal');
    const sku = `SOU-${randomUUID().slice(0, 6)}`;
    const mouse = (await app.asAdmin.products.create({
      name: `Souris ${sku}`,
      shortDescription: 'x',
      description: '<p>x</p>',
      price: 3_000,
      category: 'accessories',
      stock: 5,
      sku,
    })) as { id: string; name: string };
    await seller.client.orders.sellAtCounter.mutate({
      idempotencyKey: randomUUID(),
      items: [{ id: mouse.id, type: 'product', quantity: 1 }],
      payment: { method: 'cash', given: 3_000 },
    });
    const ofMouse = () => dgi.confirmed().find((i) => i.request.items.some((l) => l.name === mouse.name))?.request;
    await expect.poll(ofMouse, { timeout: 20_000 }).toBeDefined();
    expect(ofMouse()).toMatchObject({ operator: { name: 'Chantal' }, items: [{ code: sku, name: mouse.name }] });
  });

  it('gives the phone its articles to keep, and nothing when its copy is current', async () => {
    const mouse = await product(4_000, 3);
    const first = await app.asAdmin.orders.counterCatalogue({});
    expect(first.items?.find((i) => i.id === mouse.id)).toMatchObject({ type: 'product', price: 4_000, stock: 3 });
    expect(first.maxDiscountPercent).toBe(10);
    expect(await app.asAdmin.orders.counterCatalogue({ version: first.version })).toMatchObject({ items: null });
    // A price changed: only what changed comes (and the services and trainings), put into the phone's copy.
    const cable = await product(1_500, 10);
    // (The catalogue written an hour ago: a delta re-sends the last five minutes before the phone's copy.)
    await app.db
      .updateTable('products')
      .set({ updatedAt: sql<string>`now() - interval '1 hour'` })
      .execute();
    await app.asAdmin.products.update({ id: cable.id, data: { price: 1_600 } });
    const held = await app.asAdmin.orders.counterCatalogue({});
    await app.asAdmin.products.update({ id: mouse.id, data: { price: 4_200 } });
    const next = await app.asAdmin.orders.counterCatalogue({ version: held.version });
    expect(next.items).toBeNull();
    const changed = next.delta!.items.filter((i) => i.type === 'product');
    expect(changed.find((i) => i.id === mouse.id)?.price).toBe(4_200);
    expect(changed.map((i) => i.id).sort()).toEqual([mouse.id, cable.id].sort());
    const merged = mergeDelta(held.items!, next.delta!)!;
    const whole = await app.asAdmin.orders.counterCatalogue({});
    const byId = (items: { id: string }[]) => [...items].sort((a, b) => a.id.localeCompare(b.id));
    expect(byId(merged)).toEqual(byId(whole.items!));
    // A version archived leaves the phone's copy by its id; one deleted changes the count: the phone asks for all.
    // (A version archived: variants.ts sets these.)
    await app.db
      .updateTable('products')
      .set({ archivedAt: new Date().toISOString(), updatedAt: new Date().toISOString() })
      .where('id', '=', cable.id)
      .execute();
    const archived = await app.asAdmin.orders.counterCatalogue({ version: whole.version });
    expect(archived.delta!.removed).toContain(cable.id);
    expect(mergeDelta(whole.items!, archived.delta!)!.map((i) => i.id)).not.toContain(cable.id);
    const spare = await product(900, 1);
    const withSpare = await app.asAdmin.orders.counterCatalogue({});
    await app.asAdmin.products.delete({ id: spare.id });
    const afterDelete = await app.asAdmin.orders.counterCatalogue({ version: withSpare.version });
    expect(mergeDelta(withSpare.items!, afterDelete.delta!)).toBeNull();
    expect((await failure(app.asVisitor.orders.counterCatalogue({}))).code).toBe('UNAUTHORIZED');
  });

  it('sells a training with a seat on its session, a service, and an article the web shop does not show', async () => {
    const training = (await app.asAdmin.cryptoCourses.create({
      title: `Trading débutant ${randomUUID().slice(0, 6)}`,
      duration: '1 jour',
      price: 25_000,
      description: 'Les bases',
      image: 'https://exemple.bj/trading.jpg',
    })) as { id: string };
    const startsAt = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const session = (await app.asAdmin.courseSessions.create({ course: training.id, startsAt, place: 'Cotonou', seats: 3 })) as {
      id: string;
    };
    const hidden = (await app.asAdmin.products.create({
      name: `Câble en vrac ${randomUUID().slice(0, 6)}`,
      shortDescription: 'x',
      description: '<p>x</p>',
      price: 500,
      category: 'accessories',
      stock: 10,
      published: false,
    })) as { id: string };
    const { items } = await app.asAdmin.orders.counterCatalogue({});
    expect(items?.find((i) => i.id === training.id)).toMatchObject({
      type: 'course',
      price: 25_000,
      sessions: [{ id: session.id, seatsLeft: 3 }],
    });
    expect(items?.find((i) => i.id === hidden.id)).toMatchObject({ type: 'product', price: 500 });

    const { order } = await sell({
      items: [
        { id: training.id, type: 'course', quantity: 2, sessionId: session.id },
        { id: hidden.id, type: 'product', quantity: 1 },
      ],
      payment: { method: 'cash', given: 50_500 },
    });
    expect(order.total).toBe(50_500);
    expect(((await app.asAdmin.courseSessions.get({ id: session.id })) as { seatsTaken: number }).seatsTaken).toBe(2);
    expect(await stockOf(hidden.id)).toBe(9);
    // One seat left: a third and fourth are refused, in French.
    const full = await failure(
      sell({
        items: [{ id: training.id, type: 'course', quantity: 2, sessionId: session.id }],
        payment: { method: 'cash', given: 50_000 },
      }),
    );
    expect(full.message).toMatch(/place/);
  });

  it('takes a discount on one line with the whole sale’s, both within the limit', async () => {
    const [mouse, pad] = [await product(6_000, 5), await product(4_000, 5)];
    // 10 000 F, 10 %: 1 000 F at most in all.
    const items = (own: number) => [
      { id: mouse.id, type: 'product', quantity: 1, discount: own },
      { id: pad.id, type: 'product', quantity: 1 },
    ];
    const over = await failure(sell({ items: items(700), discount: 400, payment: { method: 'cash', given: 10_000 } }));
    expect(over.message).toMatch(new RegExp(`^Remise trop forte : ${formatXOF(1_000)} au maximum`));
    const { order } = await sell({ items: items(600), discount: 400, payment: { method: 'cash', given: 10_000 } });
    expect(order).toMatchObject({ discount: 1_000, total: 9_000 });
    const lines = order.items as unknown as { id: string; discount?: number }[];
    // The mouse: its own 600 F and 240 F of the 400 F shared out (60 % of the sale).
    expect(lines.map((l) => l.discount)).toEqual([840, 160]);
    const ofPad = () => dgi.confirmed().find((i) => i.request.items.some((l) => l.name === pad.name));
    await expect.poll(ofPad, { timeout: 20_000 }).toBeDefined();
    expect(ofPad()!.request.items.reduce((sum, l) => sum + l.price * l.quantity, 0)).toBe(9_000);
  });

  it('gives its ticket as lines for the Bluetooth printer, encoded in ESC/POS with the invoice’s QR code', async () => {
    const mouse = await product(7_500, 5);
    const { order } = await sell({ items: [{ id: mouse.id, type: 'product', quantity: 1 }], payment: { method: 'cash', given: 10_000 } });
    const ofMouse = () => dgi.confirmed().find((i) => i.request.items.some((l) => l.name === mouse.name));
    await expect.poll(ofMouse, { timeout: 20_000 }).toBeDefined();
    const model = await app.asAdmin.orders.ticket({ id: order.id });
    expect(model).toMatchObject({ width: 'mm80', title: 'Facture normalisée', total: formatXOF(7_500) });
    expect(model.security?.qr).toBe(ofMouse()!.security!.qrCode);
    expect(model.payment).toContainEqual(['  Monnaie rendue', formatXOF(2_500)]);
    const bytes = Buffer.from(encodeTicket(model, {}, { pulse: true }));
    const text = bytes.toString('latin1');
    expect([...bytes.subarray(0, 2)]).toEqual([0x1b, 0x40]); // ESC @: the printer starts afresh
    expect(text).toContain(order.number);
    // Label and amount on one line of 48 characters, the narrow spaces made plain.
    expect(text).toMatch(/TOTAL {30,}7 500 F CFA/);
    expect(text).toContain(ofMouse()!.security!.qrCode); // stored in the printer's QR symbol (GS ( k)
    expect(text).toContain('\x1dV'); // GS V: the paper cut
    expect(text).toContain('\x1bp'); // ESC p: the cash drawer opens
    expect((await failure(app.asVisitor.orders.ticket({ id: order.id }))).code).toBe('UNAUTHORIZED');
  });

  it('is recorded once when sent twice (a retry, a phone back online)', async () => {
    const mouse = await product(4_500, 5);
    const input = {
      idempotencyKey: randomUUID(),
      items: [{ id: mouse.id, type: 'product', quantity: 2 }],
      payment: { method: 'cash', given: 10_000 },
    };
    const [first, second] = await Promise.all([sell(input), sell(input)]);
    expect(second.order.id).toBe(first.order.id);
    expect([first.repeated, second.repeated].sort()).toEqual([false, true]);
    expect(second.change).toBe(1_000);
    expect(await stockOf(mouse.id)).toBe(3);
  });

  it('refuses in French, taking nothing: cash short of the total, more than the stock, a wrong IFU, a visitor', async () => {
    const mouse = await product(4_500, 2);
    const short = await failure(
      sell({ items: [{ id: mouse.id, type: 'product', quantity: 2 }], payment: { method: 'cash', given: 8_000 } }),
    );
    expect(short.message).toBe(`Montant reçu insuffisant : il manque ${formatXOF(1_000)} pour un total de ${formatXOF(9_000)}.`);
    const over = await failure(
      sell({ items: [{ id: mouse.id, type: 'product', quantity: 3 }], payment: { method: 'cash', given: 20_000 } }),
    );
    expect(over).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/^Stock insuffisant pour « Souris .* » : il en reste 2\./),
    });
    const ifu = await failure(
      sell({ items: [{ id: mouse.id, type: 'product', quantity: 1 }], payment: { method: 'cash', given: 5_000 }, buyerIfu: '12345' }),
    );
    expect(ifu.fieldErrors?.buyerIfu).toBe('L’IFU compte 13 chiffres.');
    expect(await stockOf(mouse.id)).toBe(2);
    const visitor = await failure(
      app.asVisitor.orders.sellAtCounter({
        idempotencyKey: randomUUID(),
        items: [{ id: mouse.id, type: 'product', quantity: 1 }],
        payment: { method: 'cash', given: 5_000 },
      } as never),
    );
    expect(visitor.code).toBe('UNAUTHORIZED');
    // A shopper cannot pick the counter's payment methods online.
    const online = await failure(
      app.asVisitor.orders.place({
        customerName: 'Awa',
        phone: '01 97 12 34 56',
        city: 'Cotonou',
        address: 'Akpakpa',
        paymentMethod: 'cash' as never,
        items: [{ id: mouse.id, type: 'product', quantity: 1 }],
        idempotencyKey: randomUUID(),
      }),
    );
    expect(online.code).toBe('BAD_REQUEST');
    expect(await stockOf(mouse.id)).toBe(2);
  });
});
