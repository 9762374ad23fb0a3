import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { EXPORTS, formatXOF } from '@app/shared';
import { readOutbox } from '../support/outbox';
import { pdfText } from '../support/pdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, adminCookie, failure, memberClient, startTestApp, type TestApp } from '../support/app';

// Purchase orders (issue 56): drafted from low stock, sent to the supplier, received in parts;
// what arrives enters the stock ledger and the product's average cost.

let app: TestApp;
const dataDir = `.tmp/test-purchases-${process.pid}`;
beforeAll(async () => {
  app = await startTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const supplier = () =>
  app.asAdmin.suppliers.create({
    name: `Grossiste ${randomUUID().slice(0, 6)}`,
    phone: '01 97 00 00 01',
    email: 'commandes@grossiste.example',
  }) as Promise<{ id: string; name: string }>;
const product = async (stock: number | null, cost: number | null, supplierId: string | null, lowStockThreshold = 3) =>
  (await app.asAdmin.products.create({
    name: `Câble HDMI ${randomUUID().slice(0, 6)}`,
    shortDescription: 'x',
    description: '<p>x</p>',
    price: 5_000,
    category: 'accessories',
    stock,
    cost,
    supplier: supplierId,
    supplierReference: 'HD-2M',
    lowStockThreshold,
  })) as { id: string; name: string };
const productRow = async (id: string) => (await app.asAdmin.products.get({ id })) as { stock: number | null; cost: number | null };

describe('a purchase order', () => {
  it('is suggested from low stock, sent by e-mail, received in two parts into the ledger and the average cost', async () => {
    const wholesaler = await supplier();
    const low = await product(2, 1_000, wholesaler.id); // threshold 3: reorder to 6
    const plenty = await product(50, 1_000, wholesaler.id);
    const other = await product(1, 800, null);
    const suggested = await app.asAdmin.purchaseOrders.suggest({ supplier: wholesaler.id });
    expect(suggested.map((s) => [s.product, s.ordered, s.cost])).toEqual([[low.id, 4, 1_000]]);
    expect(suggested.some((s) => s.product === plenty.id || s.product === other.id)).toBe(false);

    const order = (await app.asAdmin.purchaseOrders.create({ supplier: wholesaler.id, note: 'Livraison à la boutique.' })) as {
      id: string;
      number: string;
      status: string;
    };
    expect(order).toMatchObject({ status: 'draft', number: expect.stringMatching(/^BC-\d{5}$/) });
    await app.asAdmin.purchaseOrders.setLines({ id: order.id, lines: [{ product: low.id, ordered: 10, cost: 1_600 }] });
    const sent = await app.asAdmin.purchaseOrders.send({ id: order.id, by: 'email' });
    expect(sent.text).toContain(`- 10 × ${low.name} (réf. HD-2M) à ${formatXOF(1_600)}`);
    const mail = await app.db
      .selectFrom('outbox')
      .select(['recipient', 'payload'])
      .where('subject', 'like', `Bon de commande ${order.number}%`)
      .execute();
    expect(mail).toMatchObject([{ recipient: 'commandes@grossiste.example', payload: { text: sent.text } }]);
    // The mail carries the order as a PDF, made when it leaves.
    const filename = `bon-de-commande-${order.number}.pdf`;
    let eml: string | undefined;
    await expect.poll(() => (eml = readOutbox(dataDir).find((m) => m.includes(`filename=${filename}`)))).toBeDefined();
    const part = eml!.slice(eml!.indexOf(`filename=${filename}`));
    const attached = Buffer.from(
      part
        .slice(part.search(/\r?\n\r?\n/))
        .split('--')[0]!
        .replace(/\s/g, ''),
      'base64',
    );
    expect(attached.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfText(attached)).toContain(low.name);
    expect((await app.asAdmin.purchaseOrders.get({ id: order.id })).status).toBe('sent');
    // Its PDF, to share with the supplier from the phone or print; the managers' only.
    const pdfPath = `${app.url}${EXPORTS.purchaseOrder}?id=${order.id}`;
    const pdf = await fetch(pdfPath, { headers: { cookie: await adminCookie(app.url) } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()), { layout: true });
    for (const part of [
      `Bon de commande ${order.number}`,
      `Fournisseur : ${wholesaler.name}`,
      `${low.name} (HD-2M)`,
      'Livraison à la boutique.',
    ])
      expect(text).toContain(part);
    expect(text).toMatch(/Total\s+16\s000\sF\sCFA/);
    const seller = await memberClient(app, 'seller');
    const sellerCookie = [...seller.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    expect((await fetch(pdfPath, { headers: { cookie: sellerCookie } })).status).toBe(403);

    // Six arrive first (the average cost: 2 at 1 000 and 6 at 1 600), then the other four, and one
    // article that was not ordered.
    const first = await app.asAdmin.purchaseOrders.receive({ id: order.id, key: randomUUID(), items: [{ product: low.id, quantity: 6 }] });
    expect(first).toMatchObject({ status: 'partial', warnings: [], repeated: false });
    expect(await productRow(low.id)).toEqual(expect.objectContaining({ stock: 8, cost: 1_450 }));
    const key = randomUUID();
    const items = [
      { product: low.id, quantity: 2 },
      { product: low.id, quantity: 2 },
      { product: other.id, quantity: 1 },
    ];
    const second = await app.asAdmin.purchaseOrders.receive({ id: order.id, key, items });
    expect(second.status).toBe('received');
    expect(second.warnings).toEqual([`« ${other.name} » n’était pas sur le bon : 1 reçu(s) en plus.`]);
    // Sent again by a phone that lost the answer: applied once.
    expect((await app.asAdmin.purchaseOrders.receive({ id: order.id, key, items })).repeated).toBe(true);
    expect(await productRow(low.id)).toEqual(expect.objectContaining({ stock: 12, cost: 1_500 }));
    expect(await productRow(other.id)).toEqual(expect.objectContaining({ stock: 2 }));

    const history = (await app.asAdmin.stockMovements.list({ filters: { product: low.id }, pageSize: 10 })).rows.reverse();
    expect(history.map((m) => [m.kind, m.quantity, m.stockAfter, m.orderNumber, m.actor])).toEqual([
      ['opening', 2, 2, null, ADMIN.email],
      ['purchase', 6, 8, order.number, ADMIN.email],
      ['purchase', 4, 12, order.number, ADMIN.email],
    ]);
    // Received: its lines stay as they were, and it cannot be cancelled.
    expect((await failure(app.asAdmin.purchaseOrders.setLines({ id: order.id, lines: [] }))).message).toContain('déjà reçu des articles');
    expect((await failure(app.asAdmin.purchaseOrders.cancel({ id: order.id }))).message).toContain('ne peut plus être annulé');
  });

  it('says more than ordered, refuses a cancelled one, and is the managers’', async () => {
    const wholesaler = await supplier();
    const mouse = await product(0, null, wholesaler.id);
    const order = (await app.asAdmin.purchaseOrders.create({ supplier: wholesaler.id })) as { id: string };
    await app.asAdmin.purchaseOrders.setLines({ id: order.id, lines: [{ product: mouse.id, ordered: 3, cost: null }] });
    const extra = await app.asAdmin.purchaseOrders.receive({
      id: order.id,
      key: randomUUID(),
      items: [{ product: mouse.id, quantity: 5 }],
    });
    expect(extra.warnings).toEqual([
      `« ${(await app.asAdmin.products.get({ id: mouse.id })).name} » : 5 reçus pour 3 commandés (2 de plus).`,
    ]);
    // No cost on the line: the product's cost is left as it was.
    expect(await productRow(mouse.id)).toEqual(expect.objectContaining({ stock: 5, cost: null }));

    const empty = (await app.asAdmin.purchaseOrders.create({ supplier: wholesaler.id })) as { id: string };
    expect((await failure(app.asAdmin.purchaseOrders.send({ id: empty.id, by: 'whatsapp' }))).message).toBe(
      'Le bon est vide : ajoutez au moins un article.',
    );
    // No number to send it to: said, with what to do.
    const silent = (await app.asAdmin.suppliers.create({ name: 'Grossiste sans numéro' })) as { id: string };
    const unreachable = (await app.asAdmin.purchaseOrders.create({ supplier: silent.id })) as { id: string };
    await app.asAdmin.purchaseOrders.setLines({ id: unreachable.id, lines: [{ product: mouse.id, ordered: 1, cost: null }] });
    expect((await failure(app.asAdmin.purchaseOrders.send({ id: unreachable.id, by: 'whatsapp' }))).message).toBe(
      'Grossiste sans numéro n’a pas de numéro : ajoutez-le sur sa fiche, ou envoyez par e-mail.',
    );
    await app.asAdmin.purchaseOrders.cancel({ id: empty.id });
    const refused = await failure(
      app.asAdmin.purchaseOrders.receive({ id: empty.id, key: randomUUID(), items: [{ product: mouse.id, quantity: 1 }] }),
    );
    expect(refused.message).toContain('annulé');
    const duplicate = await failure(
      app.asAdmin.purchaseOrders.setLines({
        id: order.id,
        lines: [
          { product: mouse.id, ordered: 1, cost: null },
          { product: mouse.id, ordered: 1, cost: null },
        ],
      }),
    );
    expect(duplicate.message).toContain('déjà reçu'); // received already: its lines are kept as they were

    const seller = await memberClient(app, 'seller');
    expect((await failure(seller.client.purchaseOrders.receive.mutate({ id: order.id, key: randomUUID(), items: [] }))).code).toBe(
      'FORBIDDEN',
    );
  });
});
