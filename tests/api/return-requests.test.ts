import { randomUUID } from 'node:crypto';
import { formatXOF, type OrderLine } from '@app/shared';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, memberClient, startTestApp, type TestApp, newProduct } from '../support/app';

// Returns asked online (issue 57): from the tracking link, within the days the owner allows after
// the delivery, a reason and a photo kept small and private; the team accepts or refuses, the
// customer is told; the return made once the articles are back closes the request.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

type Placed = { id: string; number: string; trackingToken: string; items: OrderLine[] };
const product = (name: string, price: number) => newProduct(app, name, price, 10);

/** An order placed online, paid and delivered, by a customer who gave an e-mail. */
async function delivered(items: Array<[{ id: string }, number]>, email = `client-${randomUUID().slice(0, 6)}@example.com`) {
  const order = (await app.asVisitor.orders.place({
    customerName: 'Rachida Dossou',
    phone: '01 97 12 34 56',
    email,
    city: 'Cotonou',
    address: 'Cadjehoun',
    items: items.map(([p, quantity]) => ({ id: p.id, type: 'product', quantity })),
    idempotencyKey: randomUUID(),
  })) as Placed;
  await app.asAdmin.orders.setPayment({ id: order.id, to: 'paid' });
  for (const to of ['confirmed', 'shipped', 'delivered'] as const) await app.asAdmin.orders.transition({ id: order.id, to });
  return { ...order, email };
}

/** The tracking page's form, as the browser sends it. */
async function ask(token: string, fields: { lines: unknown; reason?: string; note?: string; website?: string }, photo?: Buffer) {
  const form = new FormData();
  form.set('lines', JSON.stringify(fields.lines));
  if (fields.reason) form.set('reason', fields.reason);
  if (fields.note) form.set('note', fields.note);
  if (fields.website) form.set('website', fields.website);
  if (photo) form.set('photo', new Blob([new Uint8Array(photo)]), 'IMG_0042.jpg');
  const res = await fetch(`${app.url}/api/suivi/${token}/retour`, { method: 'POST', body: form });
  return { status: res.status, body: (await res.json()) as { message?: string; error?: { message: string } } };
}
const cookieOf = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
const line = (p: { id: string }, quantity: number) => ({ id: p.id, type: 'product', quantity });
const track = (token: string) => app.asVisitor.orders.track({ token });

/** A phone photo: 3000 × 4000, with a GPS position in its EXIF. */
const phonePhoto = () =>
  sharp({ create: { width: 3000, height: 4000, channels: 3, background: { r: 180, g: 40, b: 40 } } })
    .withExifMerge({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 22/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 26/1 0/1' } })
    .jpeg({ quality: 90 })
    .toBuffer();

describe('a return asked from the tracking page', () => {
  it('is offered only within the owner’s days after the delivery, and never twice at once', async () => {
    const charger = await product('Chargeur', 6_000);
    const order = await delivered([[charger, 2]]);
    // A new shop takes no request online until the owner sets a period.
    expect((await track(order.trackingToken)).returnOffer).toBeNull();
    expect((await ask(order.trackingToken, { lines: [line(charger, 1)], reason: 'defective' })).body.error?.message).toBe(
      'Cette boutique ne prend pas de demande de retour en ligne : contactez-la par téléphone ou WhatsApp.',
    );
    await app.asAdmin.settings.update({ returnDays: 7 } as never);
    const offer = (await track(order.trackingToken)).returnOffer!;
    expect(offer.lines).toEqual([{ id: charger.id, type: 'product', name: charger.name, left: 2 }]);
    // Never more than bought, nothing at all, no reason: said in French, nothing stored.
    expect((await ask(order.trackingToken, { lines: [line(charger, 3)], reason: 'defective' })).body.error?.message).toBe(
      `« ${charger.name} » : 2 au plus à retourner (2 acheté(s), 0 déjà rendu(s)).`,
    );
    expect((await ask(order.trackingToken, { lines: [line(charger, 0)], reason: 'defective' })).body.error?.message).toBe(
      'Choisissez au moins un article et sa quantité.',
    );
    expect((await ask(order.trackingToken, { lines: [line(charger, 1)] })).body.error?.message).toBe('Choisissez un motif.');
    expect((await ask(order.trackingToken, { lines: [line(charger, 1)], reason: 'other', website: 'x' })).status).toBe(400);
    // Not a picture: refused with what is accepted.
    const text = await ask(order.trackingToken, { lines: [line(charger, 1)], reason: 'defective' }, Buffer.from('pas une image'));
    expect(text).toMatchObject({ status: 415, body: { error: { message: expect.stringContaining('Format non accepté') } } });
    expect(await app.db.selectFrom('returnRequests').select('id').where('sale', '=', order.id).execute()).toEqual([]);

    const sent = await ask(order.trackingToken, { lines: [line(charger, 1)], reason: 'defective', note: 'Ne charge plus' });
    expect(sent).toEqual({ status: 200, body: expect.objectContaining({ message: expect.stringContaining('Demande envoyée') }) });
    expect((await ask(order.trackingToken, { lines: [line(charger, 1)], reason: 'defective' })).body.error?.message).toBe(
      'Une demande de retour de cette commande attend déjà la réponse de la boutique.',
    );
    const seen = await track(order.trackingToken);
    expect(seen.returnOffer).toBeNull();
    expect(seen.returnRequests).toMatchObject([{ status: 'pending', reason: 'defective', lines: [{ name: charger.name, quantity: 1 }] }]);

    // Eight days after the delivery, the period is over.
    const late = await delivered([[charger, 1]]);
    await app.db
      .updateTable('orderEvents')
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where('orderId', '=', late.id)
      .execute();
    expect((await track(late.trackingToken)).returnOffer).toBeNull();
    expect((await ask(late.trackingToken, { lines: [line(charger, 1)], reason: 'not_suitable' })).body.error?.message).toMatch(
      /^Le délai de retour de 7 jours est passé depuis le /,
    );
    // An order not yet delivered: not yet.
    const fresh = (await app.asVisitor.orders.place({
      customerName: 'Awa',
      phone: '01 97 12 34 57',
      city: 'Cotonou',
      address: 'Ganhi',
      items: [{ id: charger.id, type: 'product', quantity: 1 }],
      idempotencyKey: randomUUID(),
    })) as Placed;
    expect((await ask(fresh.trackingToken, { lines: [line(charger, 1)], reason: 'other' })).body.error?.message).toBe(
      'Un retour se demande une fois la commande payée et livrée.',
    );
  });

  it('keeps the photo small, upright and without its GPS position, for the team only', async () => {
    await app.asAdmin.settings.update({ returnDays: 7 } as never);
    const case_ = await product('Coque', 3_000);
    const order = await delivered([[case_, 1]]);
    const sent = await ask(order.trackingToken, { lines: [line(case_, 1)], reason: 'defective' }, await phonePhoto());
    expect(sent.status).toBe(200);
    const [request] = (await app.asAdmin.returnRequests.list({ filters: { sale: order.id } })).rows;
    expect(request).toMatchObject({ number: order.number, status: 'pending', photo: expect.any(String) });
    const photoUrl = `${app.url}/api/return-requests/${request!.id}/photo`;
    // A stranger, even with the order's link, and a courier never see it.
    expect((await fetch(photoUrl)).status).toBe(401);
    const courier = await memberClient(app, 'courier');
    expect((await fetch(photoUrl, { headers: { cookie: cookieOf(courier.jar) } })).status).toBe(403);
    const seller = await memberClient(app, 'seller');
    const res = await fetch(photoUrl, { headers: { cookie: cookieOf(seller.jar) } });
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect({ width: meta.width, height: meta.height, exif: meta.exif }).toEqual({ width: 960, height: 1280, exif: undefined });
    expect(bytes.length).toBeLessThan(200_000);
    // The owner hears of it, with the order's link.
    const alert = await app.db
      .selectFrom('outbox')
      .select('subject')
      .where('subject', '=', `Demande de retour : commande ${order.number}`)
      .executeTakeFirst();
    expect(alert).toBeDefined();
  });

  it('is refused with a reason, or accepted and closed by the return made when the articles are back', async () => {
    await app.asAdmin.settings.update({ returnDays: 7 } as never);
    const mouse = await product('Souris', 5_000);
    const pad = await product('Tapis', 2_000);
    const order = await delivered([
      [mouse, 1],
      [pad, 1],
    ]);
    await ask(order.trackingToken, { lines: [line(pad, 1)], reason: 'not_suitable' });
    const seller = await memberClient(app, 'seller');
    let [request] = (await app.asAdmin.returnRequests.list({ filters: { sale: order.id } })).rows;
    expect((await failure(seller.client.returnRequests.decide.mutate({ id: request!.id, accept: false }))).message).toContain(
      'Dites au client pourquoi le retour est refusé.',
    );
    await seller.client.returnRequests.decide.mutate({ id: request!.id, accept: false, answer: 'Le tapis a été utilisé.' });
    expect((await failure(seller.client.returnRequests.decide.mutate({ id: request!.id, accept: true }))).message).toBe(
      'Cette demande a déjà reçu une réponse : rechargez la page.',
    );
    const refusal = await app.db
      .selectFrom('outbox')
      .select('payload')
      .where('recipient', '=', order.email)
      .where('subject', '=', `Votre demande de retour (commande ${order.number}) est refusée`)
      .executeTakeFirstOrThrow();
    expect((refusal.payload as { text: string }).text).toContain('Le tapis a été utilisé.');
    // Refused, the customer may ask again (another article, another reason).
    const again = await track(order.trackingToken);
    expect(again.returnRequests[0]).toMatchObject({ status: 'refused', answer: 'Le tapis a été utilisé.' });
    expect(again.returnOffer?.lines.map((l) => l.name)).toEqual([mouse.name, pad.name]);

    await ask(order.trackingToken, { lines: [line(mouse, 1)], reason: 'defective' });
    [request] = (await app.asAdmin.returnRequests.list({ filters: { sale: order.id, status: 'pending' } })).rows;
    const pending = (await app.asAdmin.dashboard.newOrders()).returnRequests;
    await seller.client.returnRequests.decide.mutate({ id: request!.id, accept: true });
    // The menu counts what is left to answer.
    expect((await app.asAdmin.dashboard.newOrders()).returnRequests).toBe(pending - 1);
    expect((await track(order.trackingToken)).returnRequests[0]).toMatchObject({
      status: 'accepted',
      answer: expect.stringContaining('Rapportez les articles'),
    });
    // The mouse is back: the return names the request and closes it; the tracking page shows it with its credit note.
    const { ret } = await app.asAdmin.returns.make({
      orderId: order.id,
      lines: [{ id: mouse.id, type: 'product', quantity: 1, state: 'repair' }],
      reason: 'defective',
      refundMethod: 'mobile_money',
      reference: 'MTN-RET-1',
      requestId: request!.id,
      idempotencyKey: randomUUID(),
    });
    const done = await track(order.trackingToken);
    expect(done.returnRequests[0]).toMatchObject({ status: 'done' });
    expect(done.returns).toEqual([
      {
        number: ret.number,
        createdAt: expect.any(String),
        amount: 5_000,
        refundMethod: 'mobile_money',
        lines: [{ name: mouse.name, quantity: 1 }],
      },
    ]);
    expect(formatXOF(done.returns[0]!.amount)).toBe(formatXOF(5_000));
    // A closed request closes nothing twice.
    expect(
      (
        await failure(
          app.asAdmin.returns.make({
            orderId: order.id,
            lines: [{ id: pad.id, type: 'product', quantity: 1, state: 'restocked' }],
            reason: 'other',
            refundMethod: 'mobile_money',
            reference: 'x',
            requestId: request!.id,
            idempotencyKey: randomUUID(),
          }),
        )
      ).message,
    ).toBe('Cette demande de retour est déjà close ou n’est pas de cette commande : rechargez la page.');
  });
});
