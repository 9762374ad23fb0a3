import { randomBytes, randomUUID } from 'node:crypto';
import { formatXOF } from '@app/shared';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWhatsApp } from '../../server/src/config';
import { runDue } from '../../server/src/platform/outbox-worker';
import { purgeExpired } from '../../server/src/jobs/housekeeping';
import { whatsappDelivery } from '../../server/src/whatsapp/messages';
import { adminCookie, httpClient, startTestApp, type TestApp } from '../support/app';
import { GRAPH, type GraphStandIn, startGraphStandIn } from '../support/graph-stand-in';
import { readOutbox } from '../support/outbox';
import { until } from '../support/until';

// WhatsApp through the Cloud API, against a local Graph API that speaks Meta's protocol: templates
// for orders, statuses and conversations by the signed webhook, STOP, fallbacks, and never twice.

let app: TestApp;
let graph: GraphStandIn;
beforeAll(async () => {
  graph = await startGraphStandIn();
  app = await startTestApp({ demo: true, env: { ...graph.env(), OUTBOX_RETRY_SECONDS: '1', OUTBOX_LEASE_SECONDS: '2' } });
  graph.env(app.url);
  // Every test orders the same product: enough of it.
  const product = (await app.asVisitor.products.list({ pageSize: 1 })).rows[0]!;
  await app.asAdmin.products.correctStock({ id: product.id, to: 100_000, reason: 'received' });
});
afterAll(async () => {
  graph?.release();
  await app?.close();
  await graph?.close();
});

let phoneCounter = 0;
/** A fresh Beninese mobile number per test: each its own conversation. */
const newPhone = () => {
  const n = String(97_000_000 + ++phoneCounter * 7919 + Math.floor(Math.random() * 1000)).padStart(8, '0');
  return { local: `01 ${n.slice(0, 2)} ${n.slice(2, 4)} ${n.slice(4, 6)} ${n.slice(6)}`, digits: `22901${n}`, e164: `+22901${n}` };
};

async function placeOrder(phone: string, extra: { email?: string; updatesByEmail?: boolean } = {}) {
  const product = (await app.asVisitor.products.list({ pageSize: 1 })).rows[0]!;
  return (await app.asVisitor.orders.place({
    customerName: 'Awa Dossou',
    phone,
    city: 'Cotonou',
    address: 'Akpakpa',
    paymentMethod: 'cash_on_delivery',
    items: [{ id: product.id, type: 'product', quantity: 1 }],
    idempotencyKey: randomUUID(),
    ...extra,
  })) as { id: string; number: string; trackingToken: string; total: number };
}

/** Another app server's outbox pass over WhatsApp (this app's own lane may be waiting on Meta). */
const otherServer = () =>
  runDue(
    app.db,
    {
      mail: async () => undefined,
      letter: async () => undefined,
      push: async () => undefined,
      invoice: async () => undefined,
      whatsappEvent: async () => undefined,
      whatsappMedia: async () => undefined,
      whatsapp: whatsappDelivery(app.db, app.config),
    },
    1,
    { info: () => undefined, warn: () => undefined, error: () => undefined },
    2,
    'whatsapp',
  );

const envoi = (subjectPart: string, to: string) =>
  app.db
    .selectFrom('outbox')
    .select(['id', 'status', 'lastError', 'subject', 'attempts'])
    .where('channel', '=', 'whatsapp')
    .where('recipient', '=', to)
    .where('subject', 'like', `%${subjectPart}%`)
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();

/**
 * An order whose « commande reçue » Meta received while this app's server, waiting for Meta's
 * answer, stood frozen past its lease: the outbox row another server may now take.
 */
async function frozenSend(phone: { local: string; digits: string; e164: string }) {
  graph.state.holdSends = true;
  await placeOrder(phone.local);
  await until('Meta got it', () => graph.sentTo(phone.digits).length === 1);
  const stuck = (await envoi('Commande reçue', phone.e164))!;
  await until('its lease over (OUTBOX_LEASE_SECONDS=2)', async () =>
    app.db
      .selectFrom('outbox')
      .select('id')
      .where('id', '=', stuck.id)
      .where(sql<boolean>`locked_until < now()`)
      .executeTakeFirst(),
  );
  return stuck;
}

describe('the configuration', () => {
  it('is all or nothing: a half-configured WhatsApp stops the start with what is missing, in French', () => {
    expect(parseWhatsApp({})).toBeNull();
    expect(() => parseWhatsApp({ WHATSAPP_TOKEN: 'EAA', WHATSAPP_PHONE_NUMBER_ID: '1' })).toThrow(
      /il manque WHATSAPP_BUSINESS_ACCOUNT_ID, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN/,
    );
    expect(parseWhatsApp(graph.env())?.apiBase).toBe(graph.url);
  });
});

describe('the webhook', () => {
  it('answers Meta’s verification with the challenge, only with the right verify token', async () => {
    const base = `${app.url}/api/whatsapp/webhook?hub.mode=subscribe&hub.challenge=1158201444`;
    const ok = await fetch(`${base}&hub.verify_token=${GRAPH.verifyToken}`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    expect((await fetch(`${base}&hub.verify_token=autre`)).status).toBe(403);
  });

  it('refuses a forged or missing signature with 401 and stores nothing', async () => {
    const phone = newPhone();
    const body = graph.inboundText(phone.e164, 'Bonjour, c’est un faux');
    const count = async () =>
      Number(
        (
          await app.db
            .selectFrom('whatsappWebhooks')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        )?.n,
      );
    const before = await count();
    expect((await graph.post(body, graph.sign(body, 'autre-secret'))).status).toBe(401);
    expect((await graph.post(body, null)).status).toBe(401);
    expect((await graph.post(`${body} `, graph.sign(body))).status).toBe(401);
    expect(await count()).toBe(before);
    expect(await app.db.selectFrom('whatsappMessages').select('id').where('phone', '=', phone.e164).execute()).toEqual([]);
  });
});

describe('order messages', () => {
  it('a placed order sends « commande reçue » to the customer’s number, in French, with its number and tracking link; a status change its own', async () => {
    const phone = newPhone();
    const order = await placeOrder(phone.local);
    const received = await until('commande reçue sent', () =>
      graph.sentTo(phone.digits).find((m) => m.template?.name === 'commande_recue'),
    );
    expect(received.to).toBe(phone.digits);
    expect(received.template?.language.code).toBe('fr');
    const values = graph.valuesOf(received);
    expect(values[0]).toBe('Awa');
    expect(values[1]).toBe(order.number);
    expect(values[2]).toBe(formatXOF(order.total));
    expect(values[3]).toBe(`${app.config.publicUrl}/suivi/${order.trackingToken}`);
    // Sent: in Envois, in the conversation, on the order's timeline.
    await until('sent in Envois', async () => (await envoi('Commande reçue', phone.e164))?.status === 'sent');
    expect(await app.asAdmin.whatsapp.ofOrder({ id: order.id })).toEqual([
      expect.objectContaining({ template: 'commande_recue', status: 'accepted' }),
    ]);

    await app.asAdmin.orders.transition({ id: order.id, to: 'confirmed' });
    const confirmed = await until('commande confirmée sent', () =>
      graph.sentTo(phone.digits).find((m) => m.template?.name === 'commande_confirmee'),
    );
    expect(graph.valuesOf(confirmed)).toEqual(['Awa', order.number, `${app.config.publicUrl}/suivi/${order.trackingToken}`]);

    // Meta's statuses move it forward, never back.
    for (const status of ['delivered', 'sent', 'read'] as const)
      expect((await graph.post(graph.status(confirmed, status))).status).toBe(200);
    await until('read on the timeline', async () =>
      (await app.asAdmin.whatsapp.ofOrder({ id: order.id })).some((m) => m.template === 'commande_confirmee' && m.status === 'read'),
    );
  });

  it('a failure Meta reports by webhook shows in Envois in French, and the e-mail goes instead', async () => {
    const phone = newPhone();
    const email = `awa.${randomUUID().slice(0, 6)}@example.com`;
    await placeOrder(phone.local, { email });
    const sent = await until('sent', () => graph.sentTo(phone.digits).find((m) => m.template?.name === 'commande_recue'));
    await until('recorded', async () => (await envoi('Commande reçue', phone.e164))?.status === 'sent');
    expect((await graph.post(graph.status(sent, 'failed', 131026))).status).toBe(200);
    const row = await until('failed in Envois', async () => {
      const r = await envoi('Commande reçue', phone.e164);
      return r?.status === 'failed' && r;
    });
    expect(row.lastError).toContain('Ce numéro n’utilise pas WhatsApp');
    expect(row.lastError).toContain('code Meta 131026');
    expect(row.lastError).toContain(`Envoyé par e-mail à ${email} à la place.`);
    await until('the mail instead', () =>
      readOutbox(app.config.dataDir).some((m) => m.includes(`To: ${email}`) && m.includes('bien reçue')),
    );
  });

  it('a template Meta does not know falls back to e-mail for that message, said in French', async () => {
    const phone = newPhone();
    const email = `koffi.${randomUUID().slice(0, 6)}@example.com`;
    graph.state.refuse.set('commande_recue', 132001);
    try {
      await placeOrder(phone.local, { email });
      const row = await until('refused', async () => {
        const r = await envoi('Commande reçue', phone.e164);
        return r?.status === 'failed' && r;
      });
      expect(row.lastError).toMatch(/Modèle inconnu de Meta ou pas encore approuvé en français.*code Meta 132001.*Envoyé par e-mail/);
      await until('the mail instead', () => readOutbox(app.config.dataDir).some((m) => m.includes(`To: ${email}`)));
    } finally {
      graph.state.refuse.clear();
    }
  });

  it('Meta’s rate limit is retried with backoff until it goes', async () => {
    const phone = newPhone();
    graph.state.failNext.push({ status: 429, code: 130429 });
    await placeOrder(phone.local);
    await until('sent after the retry', () => graph.sentTo(phone.digits).length === 1);
    const row = await until('sent', async () => {
      const r = await envoi('Commande reçue', phone.e164);
      return r?.status === 'sent' && r;
    });
    expect(row.attempts).toBe(2);
  });

  it('a server stopped between the send and its record never sends twice; Meta’s status settles it', async () => {
    const phone = newPhone();
    try {
      // Meta got the message; the server waits for an answer that never comes (frozen, killed),
      // and another server takes the row once its lease is over: it does not send again.
      const stuck = await frozenSend(phone);
      await otherServer();
      const uncertain = (await envoi('Commande reçue', phone.e164))!;
      expect(uncertain.id).toBe(stuck.id);
      expect(uncertain.status).toBe('failed');
      expect(uncertain.lastError).toContain('Envoi incertain');
      expect(graph.sentTo(phone.digits)).toHaveLength(1);
      // Meta's webhook names the row (biz_opaque_callback_data): it was sent.
      const [message] = graph.sentTo(phone.digits);
      expect(message!.biz_opaque_callback_data).toBe(stuck.id);
      expect((await graph.post(graph.status(message!, 'sent'))).status).toBe(200);
      await until('sent after all', async () => (await envoi('Commande reçue', phone.e164))?.status === 'sent');
      const thread = await app.asAdmin.whatsapp.thread({ phone: phone.e164 });
      expect(thread.messages.filter((m) => m.template === 'commande_recue')).toHaveLength(1);
    } finally {
      graph.state.holdSends = false;
      graph.release();
    }
    expect(graph.sentTo(phone.digits)).toHaveLength(1);
  });

  it('« Réessayer » on an uncertain send is the owner’s choice: it goes again', async () => {
    const phone = newPhone();
    try {
      const stuck = await frozenSend(phone);
      graph.state.holdSends = false;
      await otherServer();
      expect((await envoi('Commande reçue', phone.e164))?.status).toBe('failed');
      await app.asAdmin.outbox.retry({ id: stuck.id });
      await otherServer();
      expect(graph.sentTo(phone.digits)).toHaveLength(2);
      await until('sent', async () => (await envoi('Commande reçue', phone.e164))?.status === 'sent');
    } finally {
      graph.state.holdSends = false;
      graph.release();
    }
  });

  it('a customer who prefers e-mail gets the order’s news by e-mail, none on WhatsApp, until they choose again', async () => {
    const phone = newPhone();
    const email = `mail.${randomUUID().slice(0, 6)}@example.com`;
    const first = await placeOrder(phone.local, { email, updatesByEmail: true });
    await until('the mail', () => readOutbox(app.config.dataDir).some((m) => m.includes(`To: ${email}`) && m.includes(first.number)));
    await app.asAdmin.orders.transition({ id: first.id, to: 'confirmed' });
    await until('the status mail', () => readOutbox(app.config.dataDir).filter((m) => m.includes(`To: ${email}`)).length >= 2);
    expect(graph.sentTo(phone.digits)).toEqual([]);
    await placeOrder(phone.local, { email, updatesByEmail: false });
    await until('back on WhatsApp', () => graph.sentTo(phone.digits).length === 1);
  });
});

describe('conversations', () => {
  it('a customer’s message appears in the admin once, however often Meta posts it; the owner replies inside 24 hours', async () => {
    const phone = newPhone();
    const body = graph.inboundText(phone.e164, 'Bonjour, ma commande arrive quand ?', 'Bio Kossou');
    const unreadBefore = (await app.asAdmin.dashboard.newOrders()).whatsappUnread;
    for (let i = 0; i < 3; i++) expect((await graph.post(body)).status).toBe(200);
    const listed = await until('in the list', async () =>
      (await app.asAdmin.whatsapp.conversations({})).find((c) => c.phone === phone.e164),
    );
    expect(listed).toMatchObject({ name: 'Bio Kossou', unread: 1, open: true, lastText: 'Bonjour, ma commande arrive quand ?' });
    // The menu's badge counts it once; reading the conversation clears it.
    expect((await app.asAdmin.dashboard.newOrders()).whatsappUnread).toBe(unreadBefore + 1);
    const thread = await app.asAdmin.whatsapp.thread({ phone: phone.e164 });
    expect((await app.asAdmin.dashboard.newOrders()).whatsappUnread).toBe(unreadBefore);
    expect(thread.messages.map((m) => [m.direction, m.body])).toEqual([['in', 'Bonjour, ma commande arrive quand ?']]);
    expect(thread.replyRule).toContain('Réponse libre');
    expect(await app.asAdmin.whatsapp.reply({ phone: phone.e164, text: 'Demain matin, le livreur vous appelle.' })).toEqual({
      sent: 'text',
    });
    const reply = await until('reply sent', () => graph.sentTo(phone.digits).find((m) => m.type === 'text'));
    expect(reply.text?.body).toBe('Demain matin, le livreur vous appelle.');
    expect((await app.asAdmin.whatsapp.conversations({})).find((c) => c.phone === phone.e164)?.unread).toBe(0);

    // A reply Meta does not take at once is in the thread all the same, waiting, with the reason.
    graph.state.failNext.push({ status: 500, code: 131000 });
    await app.asAdmin.whatsapp.reply({ phone: phone.e164, text: 'Et le livreur vous appelle.' });
    await until('shown waiting', async () =>
      (await app.asAdmin.whatsapp.thread({ phone: phone.e164 })).messages.some(
        (m) => m.body === 'Et le livreur vous appelle.' && m.status === 'pending' && m.error?.includes('Erreur passagère chez Meta'),
      ),
    );
    await until('then sent, shown once', async () => {
      const mine = (await app.asAdmin.whatsapp.thread({ phone: phone.e164 })).messages.filter(
        (m) => m.body === 'Et le livreur vous appelle.',
      );
      return mine.length === 1 && mine[0]!.status === 'accepted';
    });
  });

  it('outside the 24-hour window the reply is the approved template, and the screen says why', async () => {
    const phone = newPhone();
    await placeOrder(phone.local);
    await until('order message', () => graph.sentTo(phone.digits).length === 1);
    const thread = await app.asAdmin.whatsapp.thread({ phone: phone.e164 });
    expect(thread.open).toBe(false);
    expect(thread.replyRule).toContain('« Réponse hors des 24 heures »');
    expect(thread.replyRule).toContain('Votre réponse est gardée');
    expect(await app.asAdmin.whatsapp.reply({ phone: phone.e164, text: 'Votre colis est prêt.' })).toEqual({ sent: 'template' });
    await until('template sent', () => graph.sentTo(phone.digits).some((m) => m.template?.name === 'reprise_contact'));
    // The reply itself is kept, said so in the conversation; it leaves once the customer answers.
    const kept = (await app.asAdmin.whatsapp.thread({ phone: phone.e164 })).messages.find((m) => m.body === 'Votre colis est prêt.');
    expect(kept).toMatchObject({ direction: 'out', status: 'pending', note: 'Partira dès qu’il répondra (7 jours au plus).' });
    expect(graph.sentTo(phone.digits).some((m) => m.type === 'text')).toBe(false);
    expect((await graph.post(graph.inboundText(phone.e164, 'Oui ?'))).status).toBe(200);
    const sent = await until('the kept reply sent', () => graph.sentTo(phone.digits).find((m) => m.type === 'text'));
    expect(sent.text?.body).toBe('Votre colis est prêt.');
    // A number the shop knows no name for is greeted « Bonjour à vous, » (Meta refuses an empty value).
    const stranger = newPhone();
    await app.asAdmin.whatsapp.reply({ phone: stranger.e164, text: 'Bonjour !' });
    const greeting = await until('template sent', () => graph.sentTo(stranger.digits).find((m) => m.template?.name === 'reprise_contact'));
    expect(graph.valuesOf(greeting)).toEqual(['à vous']);
  });

  it('a kept reply the customer never answers is not sent after a week, and says why; after STOP it is dropped', async () => {
    const silent = newPhone();
    await placeOrder(silent.local);
    await until('order message', () => graph.sentTo(silent.digits).length === 1);
    await app.asAdmin.whatsapp.reply({ phone: silent.e164, text: 'Toujours intéressé ?' });
    await until('template sent', () => graph.sentTo(silent.digits).some((m) => m.template?.name === 'reprise_contact'));
    // A week later (the row's due time brought forward): no answer came.
    await app.db
      .updateTable('outbox')
      .set({ nextAttemptAt: sql<string>`now()` })
      .where('recipient', '=', silent.e164)
      .where(sql<boolean>`(payload->>'awaitsReply')::boolean`)
      .execute();
    const failed = await until('given up', async () =>
      (await app.asAdmin.whatsapp.thread({ phone: silent.e164 })).messages.find(
        (m) => m.body === 'Toujours intéressé ?' && m.status === 'failed',
      ),
    );
    expect(failed.error).toBe(
      'Le client n’a pas répondu au modèle en 7 jours : votre réponse n’est pas partie. Réécrivez-lui quand il vous écrira.',
    );
    expect(graph.sentTo(silent.digits).some((m) => m.type === 'text')).toBe(false);

    const stopping = newPhone();
    await placeOrder(stopping.local);
    await until('order message', () => graph.sentTo(stopping.digits).length === 1);
    await app.asAdmin.whatsapp.reply({ phone: stopping.e164, text: 'Une promotion pour vous' });
    expect((await graph.post(graph.inboundText(stopping.e164, 'STOP'))).status).toBe(200);
    const dropped = await until('dropped', () =>
      app.db
        .selectFrom('outbox')
        .select(['status', 'lastError'])
        .where('recipient', '=', stopping.e164)
        .where(sql<boolean>`(payload->>'awaitsReply')::boolean`)
        .where('status', '=', 'cancelled')
        .executeTakeFirst(),
    );
    expect(dropped.lastError).toContain('a écrit STOP');
    // Only the order's message, the template and the STOP's answer went.
    expect(graph.sentTo(stopping.digits).map((m) => m.text?.body ?? m.template?.name)).not.toContain('Une promotion pour vous');
  });

  it('STOP ends the messages to that phone, said back once; ARRÊT works as well', async () => {
    const phone = newPhone();
    const email = `stop.${randomUUID().slice(0, 6)}@example.com`;
    const order = await placeOrder(phone.local, { email });
    await until('order message', () => graph.sentTo(phone.digits).length === 1);
    expect((await graph.post(graph.inboundText(phone.e164, 'STOP'))).status).toBe(200);
    const notice = await until('said back', () => graph.sentTo(phone.digits).find((m) => m.type === 'text'));
    expect(notice.text?.body).toContain('vous ne recevrez plus de messages');
    expect((await graph.post(graph.inboundText(phone.e164, 'Arrêt'))).status).toBe(200);
    await until('second stop handled', async () =>
      (await app.asAdmin.whatsapp.thread({ phone: phone.e164 })).messages.some((m) => m.body === 'Arrêt'),
    );
    await app.asAdmin.orders.transition({ id: order.id, to: 'confirmed' });
    // Told by e-mail instead; nothing more on WhatsApp.
    await until('the mail', () => readOutbox(app.config.dataDir).some((m) => m.includes(`To: ${email}`) && m.includes('confirm')));
    expect(graph.sentTo(phone.digits)).toHaveLength(2);
    await expect(app.asAdmin.whatsapp.reply({ phone: phone.e164, text: 'Encore moi' })).rejects.toThrow(/a écrit STOP/);
  });
});

describe('files customers send', () => {
  const photo = () =>
    sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#c0392b' } })
      .jpeg()
      .toBuffer();
  const thread = (phone: string) => app.asAdmin.whatsapp.thread({ phone });
  /** The file as a browser asks for it, with these cookies (none: signed out). */
  const open = (path: string, cookie = '') => fetch(`${app.url}${path}`, { headers: cookie ? { cookie } : {} });

  it('a photo, a voice message and a PDF show in the conversation, fetched once, and only the team opens them', async () => {
    const phone = newPhone();
    const voice = Buffer.concat([Buffer.from('OggS'), randomBytes(3000)]);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const sent = [
      graph.inboundMedia(phone.e164, 'image', { bytes: await photo(), mimeType: 'image/jpeg', caption: 'Écran cassé' }),
      graph.inboundMedia(phone.e164, 'audio', { bytes: voice, mimeType: 'audio/ogg; codecs=opus' }),
      graph.inboundMedia(phone.e164, 'document', {
        bytes: pdf,
        mimeType: 'application/pdf',
        filename: 'reçu MoMo.pdf',
        caption: 'Mon paiement',
      }),
    ];
    const downloadsBefore = graph.state.downloads;
    for (const m of sent) expect((await graph.post(m.body)).status).toBe(200);
    // Meta posts again: nothing fetched twice.
    expect((await graph.post(sent[0]!.body)).status).toBe(200);
    const messages = await until('the three files fetched', async () => {
      const t = await thread(phone.e164);
      return t.messages.filter((m) => m.media).length === 3 ? t.messages : undefined;
    });
    expect(graph.state.downloads - downloadsBefore).toBe(3);
    // Meta's three posts may be handled in any order.
    const [picture, note, doc] = (['image', 'audio', 'document'] as const).map((kind) => messages.find((m) => m.media?.kind === kind));
    // The file in its place of the conversation.
    expect(picture).toMatchObject({ direction: 'in', body: 'Écran cassé', media: { kind: 'image', width: 1280, height: 960 } });
    expect(note).toMatchObject({ body: '', media: { kind: 'audio' } });
    expect(doc).toMatchObject({ body: 'Mon paiement', media: { kind: 'document', filename: 'reçu MoMo.pdf' } });
    // The list of conversations keeps the words, « [Photo] » and the like, of the latest.
    expect((await app.asAdmin.whatsapp.conversations({})).find((c) => c.phone === phone.e164)?.lastText).toMatch(
      /^\[(Photo\] Écran cassé|Message vocal\]|Document reçu MoMo\.pdf\] Mon paiement)$/,
    );

    const owner = await adminCookie(app.url);
    const full = await open(picture!.media!.url, owner);
    expect(full.headers.get('content-type')).toBe('image/webp');
    expect(full.headers.get('cache-control')).toBe('no-store');
    expect(await sharp(Buffer.from(await full.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 1280, height: 960 });
    const small = await open(`${picture!.media!.url}?apercu`, owner);
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(320);
    const audio = await open(note!.media!.url, owner);
    expect(audio.headers.get('content-type')).toBe('audio/ogg');
    expect(Buffer.from(await audio.arrayBuffer()).equals(voice)).toBe(true);
    const file = await open(doc!.media!.url, owner);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('reçu MoMo.pdf')}`);
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);

    // Signed out: refused; a courier (who does not read the conversations): refused, in French.
    expect((await open(picture!.media!.url)).status).toBe(401);
    const { link } = await app.asAdmin.team.invite({
      email: `livreur.${randomUUID().slice(0, 6)}@example.com`,
      displayName: 'Livreur',
      role: 'courier',
      phone: '01 97 00 00 02',
    });
    const courier = httpClient(app.url);
    await courier.client.team.accept.mutate({ token: new URL(link).searchParams.get('token')!, password: 'un mot de passe solide' });
    const asCourier = await open(picture!.media!.url, [...courier.jar].map(([k, v]) => `${k}=${v}`).join('; '));
    expect(asCourier.status).toBe(403);
    expect(((await asCourier.json()) as { error: { message: string } }).error.message).toMatch(/livreur|accès/i);
    expect((await open('/api/whatsapp/media/pas-un-id', owner)).status).toBe(404);
  });

  it('a file too heavy, of a type not kept, or altered on the way: the conversation says why; a failed link is tried again', async () => {
    const phone = newPhone();
    // A link that failed (expired: 404) is asked again, and the photo comes.
    graph.state.failDownloads.push(404);
    const retried = graph.inboundMedia(phone.e164, 'image', { bytes: await photo(), mimeType: 'image/jpeg' });
    const heavy = graph.inboundMedia(phone.e164, 'audio', { bytes: Buffer.alloc(17 * 1024 * 1024, 1), mimeType: 'audio/ogg' });
    const program = graph.inboundMedia(phone.e164, 'document', {
      bytes: Buffer.from('MZ....'),
      mimeType: 'application/x-msdownload',
      filename: 'facture.exe',
    });
    const altered = graph.inboundMedia(phone.e164, 'document', {
      bytes: Buffer.from('%PDF-1.4\n'),
      mimeType: 'application/pdf',
      filename: 'a.pdf',
      wrongHash: true,
    });
    for (const m of [retried, heavy, program]) expect((await graph.post(m.body)).status).toBe(200);
    const messages = await until('fetched or refused', async () => {
      const t = await thread(phone.e164);
      return t.messages.filter((m) => m.media || m.error).length === 3 ? t.messages : undefined;
    });
    expect(messages.find((m) => m.media)).toMatchObject({ media: { kind: 'image' }, error: null });
    expect(messages.map((m) => m.error)).toEqual(
      expect.arrayContaining([
        'Message vocal non récupéré : Fichier trop lourd pour la boutique (16 Mo au plus) : ouvrez-le dans WhatsApp.',
        'Document non récupéré : type de fichier non accepté (application/x-msdownload) : ouvrez-le dans WhatsApp.',
      ]),
    );
    // A file whose bytes do not match what Meta states is never kept: tried again, Envois says why.
    expect((await graph.post(altered.body)).status).toBe(200);
    const envoi = await until('said in Envois', () =>
      app.db
        .selectFrom('outbox')
        .select(['status', 'lastError'])
        .where('channel', '=', 'whatsappMedia')
        .where(sql<boolean>`payload->>'mediaId' = ${altered.mediaId}`)
        .where('lastError', 'is not', null)
        .executeTakeFirst(),
    );
    expect(envoi.lastError).toContain('altéré en route');
    expect((await thread(phone.e164)).messages.filter((m) => m.media)).toHaveLength(1);
  });
});

describe('files from strangers', () => {
  const thread = (phone: string) => app.asAdmin.whatsapp.thread({ phone });
  const voice = (bytes: number) => Buffer.concat([Buffer.from('OggS'), randomBytes(bytes - 4)]);
  const settled = (phone: string, count: number) =>
    until(`${count} files fetched or refused`, async () => {
      const t = await thread(phone);
      return t.messages.filter((m) => m.media || m.error).length === count ? t.messages : undefined;
    });

  it('keeps a day’s files per sender within the caps; the others say why and stay in WhatsApp', async () => {
    const phone = newPhone();
    const MB = 1024 * 1024;
    // Three voice notes of 16 MB (WhatsApp's largest) fit (48 of 50 MB); a fourth of 3 MB does not.
    for (const bytes of [16 * MB, 16 * MB, 16 * MB]) {
      expect((await graph.post(graph.inboundMedia(phone.e164, 'audio', { bytes: voice(bytes), mimeType: 'audio/ogg' }).body)).status).toBe(
        200,
      );
    }
    await settled(phone.e164, 3);
    expect((await graph.post(graph.inboundMedia(phone.e164, 'audio', { bytes: voice(3 * MB), mimeType: 'audio/ogg' }).body)).status).toBe(
      200,
    );
    const messages = await settled(phone.e164, 4);
    expect(messages.filter((m) => m.media)).toHaveLength(3);
    expect(messages.find((m) => m.error)?.error).toBe(
      'Message vocal non récupéré : ce client a déjà envoyé 3 fichier(s) aujourd’hui (20 ou 50 Mo par jour au plus) : ouvrez-le dans WhatsApp.',
    );
    // Another customer is not held back by him.
    const other = newPhone();
    expect((await graph.post(graph.inboundMedia(other.e164, 'audio', { bytes: voice(1000), mimeType: 'audio/ogg' }).body)).status).toBe(
      200,
    );
    expect((await settled(other.e164, 1)).filter((m) => m.media)).toHaveLength(1);
  });

  it('fetches a file only from Meta’s servers: a link elsewhere never gets the token', async () => {
    const phone = newPhone();
    graph.state.mediaHost = 'localhost';
    const downloads = graph.state.downloads;
    try {
      expect((await graph.post(graph.inboundMedia(phone.e164, 'audio', { bytes: voice(2000), mimeType: 'audio/ogg' }).body)).status).toBe(
        200,
      );
      const [message] = await settled(phone.e164, 1);
      expect(message?.error).toBe(
        'Message vocal non récupéré : Lien de fichier hors des serveurs de Meta : refusé, le jeton WhatsApp n’y est pas envoyé.',
      );
      expect(graph.state.downloads).toBe(downloads);
      expect(graph.state.fileAuthorizations.filter((a) => a.startsWith('localhost'))).toEqual([]);
    } finally {
      graph.state.mediaHost = '127.0.0.1';
    }
  });

  it('purges the files past the days the owner set, the message saying so', async () => {
    const phone = newPhone();
    expect((await graph.post(graph.inboundMedia(phone.e164, 'audio', { bytes: voice(2000), mimeType: 'audio/ogg' }).body)).status).toBe(
      200,
    );
    const [message] = await settled(phone.e164, 1);
    await app.asAdmin.settings.update({ whatsappMediaDays: 30 });
    await app.db
      .updateTable('whatsappMedia')
      .set({ createdAt: sql<string>`now() - interval '31 days'` })
      .where('messageId', '=', message!.id)
      .execute();
    const kept = await app.db.selectFrom('whatsappMedia').select('messageId').execute();
    const result = await purgeExpired(app.db, app.config);
    expect(result.whatsappFiles).toBe(1);
    expect(await app.db.selectFrom('whatsappMedia').select('messageId').execute()).toHaveLength(kept.length - 1);
    const [after] = (await thread(phone.e164)).messages;
    expect(after).toMatchObject({ media: null, error: expect.stringContaining('effacé de la boutique après le délai de conservation') });
  });
});

describe('templates and the owner’s alerts', () => {
  it('lists each template with the status Meta reports, and says so when the token cannot read them', async () => {
    graph.state.templates.set('commande_recue', 'APPROVED').set('commande_confirmee', 'PAUSED');
    const read = await app.asAdmin.whatsapp.templates();
    expect(read.problem).toBeNull();
    const byName = Object.fromEntries(read.templates.map((t) => [t.name, t]));
    expect(byName.commande_recue).toMatchObject({ status: 'APPROVED', body: expect.stringContaining('{{2}}') });
    expect(byName.commande_confirmee?.status).toBe('PAUSED');
    expect(byName.facture).toMatchObject({ status: 'MISSING', document: true });
    graph.state.templatesForbidden = true;
    try {
      const unreadable = await app.asAdmin.whatsapp.templates();
      expect(unreadable.problem).toContain('la boutique envoie quand même');
      expect(unreadable.templates.every((t) => t.status === null)).toBe(true);
    } finally {
      graph.state.templatesForbidden = false;
    }
  });

  it('Paramètres say it is on, where Meta posts, which templates are not usable and the day’s last failure', async () => {
    graph.state.templates.set('commande_livree', 'PAUSED');
    const status = await app.asAdmin.whatsapp.status();
    expect(status).toMatchObject({ configured: true, webhookUrl: `${app.config.publicUrl}/api/whatsapp/webhook`, problem: null });
    if (!status.configured) throw new Error('configured');
    expect(status.unusable).toContainEqual({ label: 'Commande livrée', status: 'PAUSED' });
    // The failures of the tests above (a number not on WhatsApp, a refused template...).
    expect(status.lastFailure?.text).toMatch(/code Meta/);
  });

  it('a sale at the counter sends its ticket as a document to the buyer’s WhatsApp', async () => {
    const phone = newPhone();
    const product = (await app.asVisitor.products.list({ pageSize: 1 })).rows[0]!;
    const { order } = (await app.asAdmin.orders.sellAtCounter({
      idempotencyKey: randomUUID(),
      items: [{ id: product.id, type: 'product', quantity: 1 }],
      payment: { method: 'mobile_money', reference: 'MTN-55' },
      customerName: 'Kossi Agbo',
      phone: phone.local,
    } as never)) as { order: { number: string; trackingToken: string } };
    const ticket = await until('ticket sent', () => graph.sentTo(phone.digits).find((m) => m.template?.name === 'facture'));
    expect(graph.valuesOf(ticket)).toEqual(['Kossi', order.number, 'ticket de caisse']);
    const header = ticket.template?.components.find((c) => c.type === 'header');
    expect(header?.parameters[0]?.document?.link).toMatch(new RegExp(`/suivi/[0-9a-f]+/ticket\\.pdf$`));
  });

  it('the owner’s alerts also go to the WhatsApp number set in Paramètres', async () => {
    const owner = newPhone();
    await app.asAdmin.settings.update({ alertWhatsapp: owner.local });
    try {
      const order = await placeOrder(newPhone().local);
      const alert = await until('owner alerted', () => graph.sentTo(owner.digits).find((m) => m.template?.name === 'alerte_boutique'));
      expect(graph.valuesOf(alert)[0]).toContain(`Nouvelle commande ${order.number}`);
    } finally {
      await app.asAdmin.settings.update({ alertWhatsapp: null });
    }
  });
});
