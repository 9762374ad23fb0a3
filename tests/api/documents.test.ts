import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_LIMITS } from '../../server/src/http/receipt-route';
import { startTestApp, type TestApp } from '../support/app';
import { pdfText } from '../support/pdf';
import { getFrom } from '../support/raw-http';

// A customer's PDF is rendered once per version of what it shows, in a worker thread, kept in the
// database for every server; fetching it is limited per address and per link.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ demo: true, env: { RATE_LIMIT: 'on' } });
});
afterAll(() => app?.close());

async function order() {
  const products = await app.asVisitor.products.list({ pageSize: 1 });
  return (await app.asVisitor.orders.place({
    customerName: 'Sèna Houngbo',
    phone: '01 97 00 00 02',
    city: 'Porto-Novo',
    address: 'Ouando',
    items: [{ id: products.rows[0]!.id, type: 'product', quantity: 1 }],
    idempotencyKey: randomUUID(),
  })) as { id: string; number: string; trackingToken: string };
}
const kept = (orderId: string) =>
  app.db.selectFrom('renderedDocuments').select(['kind', 'version', 'createdAt']).where('orderId', '=', orderId).execute();

describe('a customer’s receipt', () => {
  it('is rendered once per version and kept; a browser holding it gets a 304; a change renders it anew', async () => {
    const o = await order();
    const url = `/suivi/${o.trackingToken}/recu.pdf`;
    const first = await getFrom('127.0.0.71', `${app.url}${url}`);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(await pdfText(first.body)).toContain(o.number);
    const [row] = await kept(o.id);
    expect(row).toMatchObject({ kind: 'FV', version: first.headers.etag!.replaceAll('"', '') });

    const again = await getFrom('127.0.0.71', `${app.url}${url}`);
    expect(again.body.equals(first.body)).toBe(true);
    expect(await kept(o.id)).toEqual([row]); // not rendered again
    const revalidated = await getFrom('127.0.0.71', `${app.url}${url}`, { 'if-none-match': first.headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);

    // Confirmed: the receipt shows another status, so another version.
    await app.asAdmin.orders.transition({ id: o.id, to: 'confirmed' });
    const changed = await getFrom('127.0.0.71', `${app.url}${url}`, { 'if-none-match': first.headers.etag! });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(await pdfText(changed.body)).toMatch(/Confirmée/);
    expect((await kept(o.id)).map((r) => r.version)).toEqual([changed.headers.etag!.replaceAll('"', '')]);
  });

  it('answers 404 in French for an unknown link or document, without rendering', async () => {
    const unknown = await getFrom('127.0.0.72', `${app.url}/suivi/${'a'.repeat(64)}/recu.pdf`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.toString()).toBe('Document introuvable : vérifiez le lien de suivi.');
    const o = await order();
    expect((await getFrom('127.0.0.72', `${app.url}/suivi/${o.trackingToken}/avoir.pdf`)).status).toBe(404);
    expect(await kept(o.id)).toEqual([]);
  });

  it('is limited per address and per link, in French, and other addresses and links still get theirs', async () => {
    const o = await order();
    const url = (token: string) => `${app.url}/suivi/${token}/recu.pdf`;
    for (let i = 0; i < DOCUMENT_LIMITS.perAddress; i++) expect((await getFrom('127.0.0.73', url(o.trackingToken))).status).toBe(200);
    const refused = await getFrom('127.0.0.73', url(o.trackingToken));
    expect(refused.status).toBe(429);
    expect(refused.body.toString()).toBe('Trop de téléchargements de ce document. Réessayez dans quelques minutes.');
    // The same link from another address: until the link's own limit.
    const others = DOCUMENT_LIMITS.perToken - DOCUMENT_LIMITS.perAddress;
    for (let i = 0; i < others; i++) expect((await getFrom(`127.0.1.${i + 1}`, url(o.trackingToken))).status).toBe(200);
    expect((await getFrom('127.0.2.1', url(o.trackingToken))).status).toBe(429);
    const other = await order();
    expect((await getFrom('127.0.2.2', url(other.trackingToken))).status).toBe(200);
  });
});
