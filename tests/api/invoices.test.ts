import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, startTestApp, type TestApp } from '../support/app';
import { exportOrders } from '../support/export';
import { startEmcfStandIn, type EmcfStandIn } from '../support/emcf-stand-in';
import { pdfQrCode, pdfText } from '../support/pdf';
import { until } from '../support/until';

// Normalized invoices (e-MECeF) against a local e-MCF: one sale invoice per paid order and one
// credit note per refund, across retries, a DGI that is down, crashes between create and confirm,
// and several servers.

const TOKEN = 'jeton-emcf-de-test';
const IFU = '0202212345678';
let dgi: EmcfStandIn;
let app: TestApp;
const apps: TestApp[] = [];

async function start(env: Record<string, string> = {}) {
  const started = await startTestApp({
    env: { EMECEF_TOKEN: TOKEN, EMECEF_API_BASE: dgi.url, OUTBOX_RETRY_SECONDS: '1', OUTBOX_LEASE_SECONDS: '2', ...env },
  });
  apps.push(started);
  await started.db.updateTable('settings').set({ ifu: IFU, invoiceOperator: 'Awa (caisse)' }).execute();
  return started;
}

beforeAll(async () => {
  dgi = await startEmcfStandIn({ token: TOKEN, ifu: IFU, dropMs: 15_000 });
  app = await start();
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await dgi?.close();
});

/** A cash order: a router at 25 000 F (group B) and a course at 40 000 F (group A), delivered for 2 000 F. */
async function cashOrder(target = app) {
  const router = (await target.asAdmin.products.create({
    name: `Routeur ${randomUUID().slice(0, 6)}`,
    shortDescription: 'Wi-Fi 6',
    description: '<p>Routeur</p>',
    price: 25_000,
    category: 'networking',
    stock: 10,
  })) as { id: string };
  const course = (await target.asAdmin.cryptoCourses.create({
    title: `Bitcoin ${randomUUID().slice(0, 6)}`,
    duration: '2 jours',
    price: 40_000,
    description: 'Les bases',
    image: 'https://exemple.bj/bitcoin.jpg',
    taxGroup: 'A',
  })) as { id: string };
  const delivery = (await target.asAdmin.deliveryOptions.create({
    name: 'Cotonou',
    description: 'Livraison en ville',
    price: 2_000,
    deliveryTime: '24 h',
  })) as { id: string };
  const order = (await target.asVisitor.orders.place({
    customerName: 'Awa Houngbo',
    phone: '01 97 12 34 56',
    email: 'awa@example.com',
    city: 'Cotonou',
    address: 'Fidjrossè',
    items: [
      { id: router.id, type: 'product', quantity: 2 },
      { id: course.id, type: 'course', quantity: 1 },
    ],
    deliveryOptionId: delivery.id,
    idempotencyKey: randomUUID(),
  })) as { id: string; number: string };
  return order;
}

const invoicesOf = (target: TestApp, id: string) => target.asAdmin.orders.invoices({ id });
/** The order's invoices once there are `count` of them, all with this status (normalized unless said). */
const invoicesWhen = (what: string, orderId: string, wanted: { status?: string; count?: number; timeout?: number } = {}) =>
  until(
    what,
    async () => {
      const list = await invoicesOf(app, orderId);
      return list.length === (wanted.count ?? 1) && list.every((i) => i.status === (wanted.status ?? 'confirmed')) && list;
    },
    wanted.timeout,
  );
/** The DGI's normalized invoices for an order, found by the uid the shop stored. */
async function dgiInvoicesOf(target: TestApp, orderId: string) {
  const rows = await target.db.selectFrom('invoices').select(['uid']).where('orderId', '=', orderId).execute();
  const uids = new Set(rows.map((r) => r.uid));
  return dgi.confirmed().filter((i) => uids.has(i.uid));
}

describe('normalized invoices', () => {
  it('issues one sale invoice when the owner records a cash payment, with lines, delivery, groups and the payment', async () => {
    const order = await cashOrder();
    await app.asAdmin.orders.setPayment({ id: order.id, to: 'paid', reference: 'REÇU-12' });
    const [invoice] = await invoicesWhen('the invoice normalized', order.id);
    expect(invoice).toMatchObject({ type: 'FV', nim: 'TS01000042', lastError: null });
    expect(invoice!.codeMecef).toMatch(/^TEST(-[A-Z0-9]{4}){5}$/);
    expect(invoice!.counters).toMatch(/^\d+\/\d+ FV$/);
    const [sent] = await dgiInvoicesOf(app, order.id);
    expect(sent!.request).toMatchObject({
      ifu: IFU,
      type: 'FV',
      operator: { name: 'Awa (caisse)' },
      client: { name: 'Awa Houngbo', contact: '+2290197123456' },
      payment: [{ name: 'ESPECES', amount: 92_000 }],
    });
    expect(sent!.request.items.map((i) => [i.price, i.quantity, i.taxGroup])).toEqual([
      [25_000, 2, 'B'],
      [40_000, 1, 'A'],
      [2_000, 1, 'B'],
    ]);
    expect(sent!.request.items[2]!.name).toBe('Livraison : Cotonou');
    // The totals as the DGI computed them, kept for the document.
    expect(invoice!.totals).toMatchObject({ tab: 52_000, hab: 44_068, vab: 7_932, taa: 40_000, total: 92_000 });
    // The order's history says so.
    const history = await app.asAdmin.orders.history({ id: order.id });
    expect(history.find((e) => e.kind === 'invoice')?.note).toContain(invoice!.codeMecef!);

    // The receipt became the normalized invoice: seller's IFU, groups, totals per group, security elements, QR.
    const { trackingToken } = await app.db
      .selectFrom('orders')
      .select('trackingToken')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    const response = await fetch(`${app.url}/suivi/${trackingToken}/recu.pdf`);
    expect(response.headers.get('content-disposition')).toBe(`inline; filename="facture-${order.number}.pdf"`);
    const pdf = Buffer.from(await response.arrayBuffer());
    const text = pdfText(pdf);
    expect(text).toContain(`Facture normalisée – commande ${order.number}`);
    expect(text).toContain(`IFU : ${IFU}`);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('B · Taxable (TVA 18 %) 44 068 F CFA 7 932 F CFA 52 000 F CFA');
    expect(flat).toContain('A · Exonéré 40 000 F CFA 0 F CFA 40 000 F CFA');
    expect(flat).toContain('Total TTC');
    expect(flat).toContain('Payé : Espèces');
    expect(flat).toContain('92 000 F CFA');
    expect(text).toContain(`Code MECeF/DGI : ${invoice!.codeMecef}`);
    expect(text).toContain('NIM : TS01000042');
    expect(text).toContain(`Compteurs : ${invoice!.counters}`);
    expect(await pdfQrCode(pdf)).toBe(sent!.security!.qrCode);
    // No credit note yet.
    expect((await fetch(`${app.url}/suivi/${trackingToken}/avoir.pdf`)).status).toBe(404);
    // The customer is told, with the link.
    const mail = await until('the customer’s mail', () =>
      app.db
        .selectFrom('outbox')
        .select(['payload'])
        .where('subject', '=', `Facture normalisée de votre commande ${order.number}`)
        .executeTakeFirst(),
    );
    expect((mail.payload as { text: string }).text).toContain(`/suivi/${trackingToken}/recu.pdf`);
  });

  it('stays one invoice when the payment is recorded again, the job is retried, or two servers run', async () => {
    const order = await cashOrder();
    await app.asAdmin.orders.setPayment({ id: order.id, to: 'paid' });
    await invoicesWhen('normalized', order.id);
    // Recorded again: no change, no second invoice.
    await app.asAdmin.orders.setPayment({ id: order.id, to: 'paid' });
    // "Réessayer" on its Envois row: the job runs again and finds the invoice normalized.
    const [row] = await app.db
      .selectFrom('outbox')
      .select(['id'])
      .where('channel', '=', 'invoice')
      .where('subject', 'like', `%${order.number}`)
      .execute();
    await sql`update outbox set status = 'failed' where id = ${row!.id}`.execute(app.db);
    await app.asAdmin.outbox.retry({ id: row!.id });
    await until('the retried job done', async () => {
      const r = await app.db.selectFrom('outbox').select('status').where('id', '=', row!.id).executeTakeFirst();
      return r?.status === 'sent';
    });
    expect(await dgiInvoicesOf(app, order.id)).toHaveLength(1);
    expect(await invoicesOf(app, order.id)).toHaveLength(1);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('issues one invoice per order with two servers taking the work', async () => {
    const second = await startTestApp({
      sameDatabaseAs: app,
      env: { EMECEF_TOKEN: TOKEN, EMECEF_API_BASE: dgi.url, OUTBOX_POLL_MS: '20', OUTBOX_RETRY_SECONDS: '1', OUTBOX_LEASE_SECONDS: '2' },
    });
    try {
      const orders = await Promise.all(Array.from({ length: 6 }, () => cashOrder()));
      await Promise.all(orders.map((o, i) => (i % 2 ? app : second).asAdmin.orders.setPayment({ id: o.id, to: 'paid' })));
      for (const order of orders) {
        await invoicesWhen(`${order.number} normalized`, order.id);
        expect(await dgiInvoicesOf(app, order.id)).toHaveLength(1);
      }
    } finally {
      await second.close();
    }
  });

  it('says "en attente" with the reason while the DGI is down, and issues the invoice once it is back', async () => {
    dgi.state.down = true;
    try {
      const order = await cashOrder();
      await app.asAdmin.orders.setPayment({ id: order.id, to: 'paid' });
      const [waiting] = await until('a failed attempt noted', async () => {
        const rows = await invoicesOf(app, order.id);
        return rows[0]?.lastError ? rows : null;
      });
      expect(waiting!.status).toBe('pending');
      expect(waiting!.lastError).toBe('Le service e-MECeF de la DGI est injoignable : nouvel essai automatique.');
      dgi.state.down = false;
      await invoicesWhen('normalized once back', order.id, { timeout: 30_000 });
      expect(await dgiInvoicesOf(app, order.id)).toHaveLength(1);
    } finally {
      dgi.state.down = false;
    }
  });

  it('confirms the pending invoice after a crash between create and confirm, before the DGI drops it', async () => {
    dgi.state.holdConfirm = true;
    const order = await cashOrder();
    await app.asAdmin.orders.setPayment({ id: order.id, to: 'paid' });
    await until('the confirmation on its way', () => dgi.held.length === 1);
    const uid = dgi.held[0]!.uid;
    // The server dies there: another takes the work over once its lease is out.
    await app.restart();
    dgi.state.holdConfirm = false;
    const [invoice] = await invoicesWhen('normalized after the restart', order.id);
    dgi.dropHeld();
    expect(dgi.invoices.get(uid)?.status).toBe('confirmed');
    expect(await dgiInvoicesOf(app, order.id)).toHaveLength(1);
    expect(invoice!.lastError).toBeNull();
  });

  it('a DGI that does not answer delays only invoices: an owner alert written meanwhile leaves at once', async () => {
    dgi.state.holdCreate = true;
    try {
      const order = await cashOrder();
      await app.asAdmin.orders.setPayment({ id: order.id, to: 'paid' });
      await until('the DGI holding the creation', () => dgi.held.length === 1);
      const t0 = performance.now();
      await app.asVisitor.contactMessages.send({
        name: 'Nadia',
        contact: 'nadia@example.com',
        subject: 'Pendant la panne',
        message: 'Bonjour',
      });
      await until(
        'the owner’s alert sent',
        async () =>
          (
            await app.db
              .selectFrom('outbox')
              .select('status')
              .where('subject', '=', 'Nouveau message : Pendant la panne')
              .executeTakeFirst()
          )?.status === 'sent',
      );
      expect(performance.now() - t0).toBeLessThan(3_000);
      expect(dgi.held).toHaveLength(1); // still waiting on the DGI
    } finally {
      dgi.state.holdCreate = false;
      dgi.dropHeld();
    }
  });

  it('asks again when the DGI created an invoice whose uid the shop never stored (crash before storing it)', async () => {
    dgi.state.holdCreate = true;
    const order = await cashOrder();
    await app.asAdmin.orders.setPayment({ id: order.id, to: 'paid' });
    await until('the creation answered but held', () => dgi.held.length === 1);
    const orphan = dgi.held[0]!.uid;
    await app.restart();
    dgi.state.holdCreate = false;
    await invoicesWhen('normalized after the restart', order.id);
    dgi.dropHeld();
    // The orphan was never confirmed: the DGI drops it; one invoice counts.
    expect(dgi.invoices.get(orphan)?.status).toBe('pending');
    expect(await dgiInvoicesOf(app, order.id)).toHaveLength(1);
  });

  it('never guesses when a confirmation left and its answer was lost: the owner is asked to look', async () => {
    dgi.state.loseConfirmAnswer = true;
    try {
      const order = await cashOrder();
      await app.asAdmin.orders.setPayment({ id: order.id, to: 'paid' });
      const [failed] = await invoicesWhen('given up on', order.id, { status: 'failed' });
      expect(failed!.lastError).toMatch(/est partie sans que la réponse de la DGI n’arrive.*Vérifiez sur le portail e-MECeF/);
      // Normalized once at the DGI, and not asked for again on its own.
      expect(await dgiInvoicesOf(app, order.id)).toHaveLength(1);
      const outboxRow = await app.db
        .selectFrom('outbox')
        .select('status')
        .where('subject', '=', `Facture normalisée de la commande ${order.number}`)
        .executeTakeFirstOrThrow();
      expect(outboxRow.status).toBe('failed');
      // The owner looked on the portal and asks again ("Redemander la facture"): a new request, normalized.
      dgi.state.loseConfirmAnswer = false;
      await app.asAdmin.orders.retryInvoice({ id: failed!.id });
      const [again] = await invoicesWhen('normalized on request', order.id);
      expect(again!.lastError).toBeNull();
      expect((await app.asAdmin.orders.history({ id: order.id })).some((e) => e.note === 'Facture redemandée à la DGI')).toBe(true);
      expect((await failure(app.asAdmin.orders.retryInvoice({ id: failed!.id }))).message).toBe(
        'Cette facture n’est pas en échec : rien à redemander.',
      );
    } finally {
      dgi.state.loseConfirmAnswer = false;
    }
  });

  it('shows the DGI’s refusal in French with the fix, and issues the invoice on "Réessayer" once fixed', async () => {
    await app.db.updateTable('settings').set({ ifu: '0202299999999' }).execute();
    try {
      const order = await cashOrder();
      await app.asAdmin.orders.setPayment({ id: order.id, to: 'paid' });
      const [failed] = await invoicesWhen('refused', order.id, { status: 'failed' });
      expect(failed!.lastError).toMatch(
        /^La DGI refuse la facture : L'IFU 0202299999999 ne correspond pas.*\(code 1\)\. Vérifiez l’IFU de l’entreprise dans Paramètres/,
      );
      const row = await app.db
        .selectFrom('outbox')
        .select(['id', 'status', 'lastError'])
        .where('subject', '=', `Facture normalisée de la commande ${order.number}`)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('failed');
      expect(row.lastError).toBe(failed!.lastError);
      await app.db.updateTable('settings').set({ ifu: IFU }).execute();
      await app.asAdmin.outbox.retry({ id: row.id });
      await invoicesWhen('normalized after the fix', order.id);
    } finally {
      await app.db.updateTable('settings').set({ ifu: IFU }).execute();
    }
  });

  it('issues a credit note referencing the sale invoice when the order is refunded', async () => {
    const order = await cashOrder();
    await app.asAdmin.orders.setPayment({ id: order.id, to: 'paid' });
    await app.asAdmin.orders.setPayment({ id: order.id, to: 'refunded' });
    const rows = await invoicesWhen('both normalized', order.id, { count: 2 });
    const sale = rows.find((i) => i.type === 'FV')!;
    const credit = rows.find((i) => i.type === 'FA')!;
    expect(credit.counters).toMatch(/ FA$/);
    const sent = (await dgiInvoicesOf(app, order.id)).find((i) => i.request.type === 'FA')!;
    expect(sent.request.reference).toBe(sale.codeMecef!.replace(/-/g, ''));
    expect(sent.request.reference).toHaveLength(24);
    // The CSV export carries both codes.
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Africa/Porto-Novo' });
    const { csv } = await exportOrders(app.url, today, today);
    expect(csv.split('\r\n')[0]).toContain('"Facture normalisée (code MECeF/DGI)";"Facture d’avoir (code MECeF/DGI)"');
    expect(csv.split('\r\n').find((l) => l.includes(order.number))).toContain(`"${sale.codeMecef}";"${credit.codeMecef}"`);
    // Cancelling it afterwards issues no second credit note.
    await app.asAdmin.orders.transition({ id: order.id, to: 'cancelled' });
    expect(await invoicesOf(app, order.id)).toHaveLength(2);
  });

  it('issues the credit note after the sale invoice when a paid order is cancelled at once', async () => {
    const order = await cashOrder();
    await app.asAdmin.orders.setPayment({ id: order.id, to: 'paid' });
    await app.asAdmin.orders.transition({ id: order.id, to: 'cancelled' });
    const rows = await invoicesWhen('both normalized', order.id, { count: 2 });
    const sent = (await dgiInvoicesOf(app, order.id)).find((i) => i.request.type === 'FA')!;
    expect(sent.request.reference).toBe(rows.find((i) => i.type === 'FV')!.codeMecef!.replace(/-/g, ''));
  });

  it('asks for nothing on a cancelled order never paid, and shows the service’s state in Paramètres', async () => {
    const order = await cashOrder();
    await app.asAdmin.orders.transition({ id: order.id, to: 'cancelled' });
    expect(await invoicesOf(app, order.id)).toEqual([]);
    expect(await app.asAdmin.settings.invoicing()).toMatchObject({
      configured: true,
      ok: true,
      ifu: IFU,
      settingsIfu: IFU,
      nim: 'TS01000042',
    });
    expect((await failure(app.asVisitor.settings.invoicing())).code).toBe('UNAUTHORIZED');
    // A DGI that hangs is said within seconds, not after the 20 s an invoice may wait.
    dgi.state.silent = true;
    try {
      const t0 = performance.now();
      expect(await app.asAdmin.settings.invoicing()).toMatchObject({ ok: false, error: expect.stringMatching(/ne répond pas/) });
      expect(performance.now() - t0).toBeLessThan(6_000);
    } finally {
      dgi.state.silent = false;
    }
  });
});

describe('without EMECEF_TOKEN', () => {
  it('asks for no invoice and says in Paramètres that the feature is off', async () => {
    const plain = await startTestApp();
    apps.push(plain);
    const order = await cashOrder(plain);
    await plain.asAdmin.orders.setPayment({ id: order.id, to: 'paid' });
    expect(await invoicesOf(plain, order.id)).toEqual([]);
    expect(await plain.asAdmin.settings.invoicing()).toEqual({ configured: false });
  });
});
