import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, DESKTOP, PHONE, startBrowserApp } from '../support/browser';
import { type GraphStandIn, startGraphStandIn } from '../support/graph-stand-in';
import { until } from '../support/until';
import { expectNotification, signIn } from './admin/session';
import { screenshot } from './admin/screens';

// WhatsApp from the owner's phone (360 px): a customer writes about their order; the owner opens the
// conversation from the order's screen, or from the address a notification opens, and replies; the
// reply leaves through the Cloud API (a local Graph API stand-in), and the order's timeline shows its
// messages with what Meta said of them.

let app: BrowserApp;
let graph: GraphStandIn;
beforeAll(async () => {
  graph = await startGraphStandIn();
  app = await startBrowserApp({ env: graph.env() });
  graph.env(app.url);
});
afterAll(async () => {
  await app?.close();
  await graph?.close();
});

describe('WhatsApp in the admin', () => {
  it('the owner opens a customer’s conversation from the order on a phone and replies', async () => {
    const products = (await app.asAdmin.products.list({ pageSize: 50 })) as { rows: { id: string; stock: number | null }[] };
    const product = products.rows.find((p) => p.stock === null || p.stock > 2)!;
    const order = (await app.asVisitor.orders.place({
      customerName: 'Afi Mensah',
      phone: '01 97 44 55 66',
      city: 'Cotonou',
      address: 'Akpakpa',
      items: [{ id: product.id, type: 'product', quantity: 1 }],
      idempotencyKey: randomUUID(),
    })) as { id: string; number: string };
    const received = await until('order message', () =>
      graph.sentTo('2290197445566').find((m) => m.template?.name === 'commande_recue' && graph.valuesOf(m).includes(order.number)),
    );
    expect((await graph.post(graph.status(received, 'read'))).status).toBe(200);
    expect((await graph.post(graph.inboundText('+2290197445566', 'Bonjour, je peux passer la chercher ce soir ?', 'Afi M.'))).status).toBe(
      200,
    );
    await until('in the conversations', async () =>
      (await app.asAdmin.whatsapp.conversations({})).some((c) => c.phone === '+2290197445566' && c.unread === 1),
    );
    // With a photo of what she wants (the shop fetches it from Meta).
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2e86de' } })
      .jpeg()
      .toBuffer();
    const sentPhoto = graph.inboundMedia('+2290197445566', 'image', {
      bytes: photo,
      mimeType: 'image/jpeg',
      caption: 'Ce modèle-là',
      name: 'Afi M.',
    });
    expect((await graph.post(sentPhoto.body)).status).toBe(200);
    await until('the photo fetched', () => app.db.selectFrom('whatsappMedia').select('messageId').executeTakeFirst());

    const owner = await app.newPage(PHONE);
    await signIn(owner, `/admin/orders/${order.id}`);
    // The order's timeline: its WhatsApp message, read.
    await owner.getByText('Commande reçue · Lu').waitFor();
    await owner.getByRole('link', { name: 'Conversation WhatsApp' }).click();
    await owner.waitForURL(/\/admin\/whatsapp\?phone=%2B2290197445566/);
    const messages = owner.getByRole('list', { name: 'Messages' });
    await messages.getByText('Bonjour, je peux passer la chercher ce soir ?').waitFor();
    await messages.getByText('Ce modèle-là').waitFor();
    const picture = messages.getByRole('img', { name: /Photo envoyée par le client/ });
    await until('the photo drawn', () => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 320));
    await owner.getByText(/Réponse libre possible/).waitFor();
    await owner.getByText(order.number).first().waitFor();
    await owner.getByLabel('Votre réponse').fill('Oui, la boutique est ouverte jusqu’à 18 h 30.');
    await screenshot(owner, 'whatsapp-phone');
    await owner.getByRole('button', { name: /Envoyer$/ }).click();
    await expectNotification(owner, 'Réponse envoyée');
    await messages.getByText('Oui, la boutique est ouverte jusqu’à 18 h 30.').waitFor();
    const reply = await until('reply left', () => graph.sentTo('2290197445566').find((m) => m.type === 'text'));
    expect(reply.text?.body).toBe('Oui, la boutique est ouverte jusqu’à 18 h 30.');

    // The address a notification opens, on a desk: the list and the conversation side by side.
    const desk = await app.newPage(DESKTOP);
    await signIn(desk, '/admin/whatsapp?phone=%2B2290197445566');
    await desk.getByRole('list', { name: 'Messages' }).getByText('Oui, la boutique est ouverte jusqu’à 18 h 30.').waitFor();
    await desk.getByRole('link', { name: 'Afi M.' }).waitFor();
    await screenshot(desk, 'whatsapp-desk');
    // A draft stays with its customer: another conversation opens with an empty box.
    expect((await graph.post(graph.inboundText('+2290197112233', 'Vous livrez à Parakou ?', 'Codjo A.'))).status).toBe(200);
    await desk.getByLabel('Votre réponse').fill('Brouillon pour Afi');
    await desk.getByRole('link', { name: 'Codjo A.' }).click();
    await desk.getByRole('list', { name: 'Messages' }).getByText('Vous livrez à Parakou ?').waitFor();
    expect(await desk.getByLabel('Votre réponse').inputValue()).toBe('');
    await desk.getByRole('tab', { name: 'Modèles de messages' }).click();
    await desk.getByText('commande_recue', { exact: true }).waitFor();
    await screenshot(desk, 'whatsapp-templates');
    await owner.context().close();
    await desk.context().close();
  });

  it('« Répondre sur WhatsApp » on a contact message opens the shop’s conversation, not wa.me', async () => {
    await app.asVisitor.contactMessages.send({ name: 'Sèna', contact: '01 97 33 22 11', subject: 'Devis réseau', message: 'Bonjour' });
    const { rows } = await app.asAdmin.contactMessages.list({ search: 'Devis réseau' });
    const desk = await app.newPage(DESKTOP);
    await signIn(desk, `/admin/messages/${rows[0]!.id}`);
    await desk.getByRole('button', { name: 'Répondre sur WhatsApp' }).click();
    await desk.waitForURL(/\/admin\/whatsapp\?phone=%2B2290197332211$/);
    await desk.getByLabel('Votre réponse').waitFor();
    await desk.context().close();
  });
});
