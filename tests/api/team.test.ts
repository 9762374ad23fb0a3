import { randomUUID } from 'node:crypto';
import { AREA_LABELS, EXPORTS, formatXOF, resources, roleSummary } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_GONE, LAST_OWNER } from '../../server/src/team/team';
import { OTHER_COURIER } from '../../server/src/team/rounds';
import { PASSKEY_REFUSED } from '../../server/src/auth/passkeys';
import { ADMIN, type Client, failure, httpClient, startTestApp, type TestApp } from '../support/app';

let app: TestApp;
let owner: Client;
let ownerCookies: Map<string, string>;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
  ({ client: owner, jar: ownerCookies } = httpClient(app.url));
  await owner.auth.login.mutate(ADMIN);
});
afterAll(() => app?.close());

/** Invites someone and has them accept: their own client, signed in. */
async function join(role: 'manager' | 'seller' | 'courier', name: string) {
  const email = `${name
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase()}-${randomUUID().slice(0, 6)}@example.com`;
  const { link } = await owner.team.invite.mutate({ email, displayName: name, role, phone: '01 97 00 00 01' });
  const token = new URL(link).searchParams.get('token')!;
  const person = httpClient(app.url);
  expect(await person.client.team.invitation.query({ token })).toMatchObject({ email, displayName: name, role });
  await person.client.team.accept.mutate({ token, password: 'un mot de passe solide' });
  const me = await person.client.auth.me.query();
  return { ...person, email, token, id: (await owner.team.members.query()).find((m) => m.email === email)!.id, me };
}

async function deliveryOrder() {
  const products = (await app.asAdmin.products.list({ pageSize: 50 })) as { rows: { id: string; stock: number | null }[] };
  const product = products.rows.find((p) => p.stock === null || p.stock > 2)!;
  return (await app.asVisitor.orders.place({
    customerName: 'Afiavi Dossou',
    phone: '01 97 12 34 56',
    city: 'Cotonou',
    address: 'Fidjrossè, von du marché',
    items: [{ id: product.id, type: 'product', quantity: 1 }],
    idempotencyKey: randomUUID(),
  })) as { id: string; number: string; total: number };
}

describe('the team', () => {
  it('an existing owner stays the owner, and an invitation works once, with its mail queued', async () => {
    expect(await owner.auth.me.query()).toMatchObject({ role: 'owner' });
    const seller = await join('seller', 'Bio');
    expect(seller.me).toMatchObject({ role: 'seller', displayName: 'Bio' });
    const mail = await app.db
      .selectFrom('outbox')
      .select(['recipient', 'subject'])
      .where('recipient', '=', seller.email)
      .executeTakeFirst();
    expect(mail?.subject).toContain('Invitation');
    // The journal says whom the owner invited, as what; the link itself is nowhere in it nor in the "Envois".
    const line = await app.db
      .selectFrom('auditLog')
      .selectAll()
      .where('record', '=', `Invitation ${seller.email}`)
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({ action: 'Invitation — envoyée', actor: ADMIN.email });
    expect(line.changes).toContain('Rôle : Vendeur');
    expect(line.changes).toContain('Nom : Bio');
    const stored = await app.db.selectFrom('outbox').select('payload').where('recipient', '=', seller.email).executeTakeFirstOrThrow();
    expect(JSON.stringify([line, stored])).not.toContain(seller.token);
    // Used: its page and its form both say so, and nothing changes.
    const again = httpClient(app.url).client;
    expect((await failure(again.team.invitation.query({ token: seller.token }))).message).toBe(INVITATION_GONE);
    expect((await failure(again.team.accept.mutate({ token: seller.token, password: 'un autre mot de passe' }))).message).toBe(
      INVITATION_GONE,
    );
  });

  it('an expired invitation is refused in French', async () => {
    const { link } = await owner.team.invite.mutate({ email: 'tard@example.com', displayName: 'Tard', role: 'seller' });
    await app.db
      .updateTable('invitations')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', 'tard@example.com')
      .execute();
    const token = new URL(link).searchParams.get('token')!;
    expect((await failure(httpClient(app.url).client.team.accept.mutate({ token, password: 'un mot de passe solide' }))).message).toBe(
      INVITATION_GONE,
    );
  });

  it('a seller sells and reads customers, but may not edit products nor settings, nor see the team (403 in French)', async () => {
    const seller = await join('seller', 'Vendeuse');
    await seller.client.orders.counterCatalogue.query({});
    await seller.client.customers.list.query({});
    const refused = await failure(seller.client.products.update.mutate({ id: randomUUID(), data: { price: 1 } }));
    expect(refused).toMatchObject({ status: 403 });
    expect(refused.message).toContain('Vendeur');
    expect((await failure(seller.client.settings.update.mutate({ tagline: 'x' }))).status).toBe(403);
    expect((await failure(seller.client.team.members.query())).status).toBe(403);
    expect((await failure(seller.client.auditLog.list.query({}))).status).toBe(403);
  });

  it('the last owner cannot be demoted nor removed', async () => {
    const members = await owner.team.members.query();
    const me = members.find((m) => m.email === ADMIN.email)!;
    expect((await failure(owner.team.setRole.mutate({ id: me.id, role: 'manager' }))).message).toBe(LAST_OWNER);
    expect((await failure(owner.team.remove.mutate({ id: me.id }))).message).toBe(LAST_OWNER);
    expect(await owner.auth.me.query()).toMatchObject({ role: 'owner' });
  });

  it('removing someone ends their session on the next request', async () => {
    const manager = await join('manager', 'Gérante');
    await manager.client.customers.list.query({});
    await owner.team.remove.mutate({ id: manager.id });
    expect((await failure(manager.client.customers.list.query({}))).status).toBe(401);
  });
});

describe('the audit log', () => {
  it('speaks as the owner does: amounts in F CFA, articles by name, a cash day by its name, never a raw id or JSON', async () => {
    const made = (await owner.products.create.mutate({
      name: `Casque ${randomUUID().slice(0, 6)}`,
      shortDescription: 'x',
      description: '<p>x</p>',
      price: 55_000,
      category: 'accessories',
      stock: 5,
    })) as { id: string; name: string };
    await owner.products.update.mutate({ id: made.id, data: { price: 57_000 } });
    const priced = await app.db
      .selectFrom('auditLog')
      .select('changes')
      .where('action', '=', 'Produit — modification')
      .orderBy('createdAt', 'desc')
      .executeTakeFirstOrThrow();
    expect(priced.changes).toContain(`Prix : ${formatXOF(55_000)} → ${formatXOF(57_000)}`);
    const { order } = await owner.orders.sellAtCounter.mutate({
      idempotencyKey: randomUUID(),
      items: [{ id: made.id, type: 'product', quantity: 2 }],
      payment: { method: 'cash', given: 114_000 },
    });
    const sale = await app.db
      .selectFrom('auditLog')
      .select('changes')
      .where('record', '=', `Commande ${order.number}`)
      .executeTakeFirstOrThrow();
    expect(sale.changes).toContain(`Articles : 2 × ${made.name}`);
    expect(sale.changes).toMatch(/Journée de caisse : Journée du /);
    expect(sale.changes).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|\{"/);
  });
});

describe('the courier’s round', () => {
  it('a courier sees only his delivery, marks it delivered and collected, and the owner counts his cash; all in the audit log', async () => {
    const koffi = await join('courier', 'Koffi');
    const other = await join('courier', 'Sena');
    const [mine, theirs] = [await deliveryOrder(), await deliveryOrder()];
    await owner.rounds.assign.mutate({ id: mine.id, courierId: koffi.id });
    await owner.rounds.assign.mutate({ id: theirs.id, courierId: other.id });

    const round = await koffi.client.rounds.today.query({});
    expect(round.stops.map((s) => s.number)).toEqual([mine.number]);
    expect(round.stops[0]).toMatchObject({ toCollect: mine.total, phone: '+2290197123456', address: 'Fidjrossè, von du marché' });
    // Asking for another courier's round gives his own; another's delivery is refused in French.
    expect((await koffi.client.rounds.today.query({ courierId: other.id })).stops.map((s) => s.number)).toEqual([mine.number]);
    expect(await failure(koffi.client.rounds.deliver.mutate({ id: theirs.id }))).toMatchObject({ status: 403, message: OTHER_COURIER });
    expect((await failure(koffi.client.orders.get.query({ id: mine.id }))).status).toBe(403);
    expect((await failure(koffi.client.products.update.mutate({ id: randomUUID(), data: { price: 1 } }))).status).toBe(403);

    await koffi.client.rounds.deliver.mutate({ id: mine.id });
    await koffi.client.rounds.collect.mutate({ id: mine.id, method: 'cash' });
    const order = (await app.asAdmin.orders.get({ id: mine.id })) as { status: string; paymentStatus: string };
    expect(order).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
    expect((await koffi.client.rounds.today.query({})).cashToHandOver).toEqual({ total: mine.total, count: 1 });
    expect((await failure(koffi.client.rounds.collect.mutate({ id: mine.id, method: 'cash' }))).status).toBe(409);

    const handover = await owner.rounds.handover.mutate({ courierId: koffi.id, received: mine.total - 500 });
    expect(handover).toMatchObject({ expected: mine.total, received: mine.total - 500, difference: -500 });
    expect((await koffi.client.rounds.today.query({})).cashToHandOver).toEqual({ total: 0, count: 0 });
    expect((await owner.rounds.handovers.query({ courierId: koffi.id }))[0]).toMatchObject({
      courierName: 'Koffi',
      expected: mine.total,
      received: mine.total - 500,
      difference: -500,
      receivedBy: ADMIN.email,
    });
    expect((await failure(koffi.client.rounds.handovers.query({}))).status).toBe(403);

    const log = await owner.auditLog.list.query({ search: mine.number, pageSize: 20 });
    const entries = log.rows.map((e) => [e.actor, e.role, e.action, e.changes]);
    expect(entries).toContainEqual([koffi.email, 'courier', 'Commande — livrée', 'Statut : Nouvelle → Livrée']);
    expect(entries).toContainEqual([
      koffi.email,
      'courier',
      'Commande — encaissée',
      expect.stringContaining('Paiement : À encaisser → Payée'),
    ]);
    // The owner picks Koffi in « Par » (the members found in the journal) and reads only his actions.
    expect(await owner.auditLog.filterValues.query({ field: 'actor' })).toEqual(expect.arrayContaining([ADMIN.email, koffi.email]));
    const his = await owner.auditLog.list.query({ filters: { actor: koffi.email }, pageSize: 100 });
    expect(his.rows.length).toBeGreaterThanOrEqual(2);
    expect(new Set(his.rows.map((e) => e.actor))).toEqual(new Set([koffi.email]));
    expect((await failure(owner.auditLog.filterValues.query({ field: 'changes' }))).status).toBe(400);
    expect((await failure(koffi.client.auditLog.filterValues.query({ field: 'actor' }))).status).toBe(403);
    const delivered = (await owner.auditLog.get.query({ id: log.rows.find((e) => e.action === 'Commande — livrée')!.id })) as {
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    };
    expect(delivered.before).toMatchObject({ status: 'new' });
    expect(delivered.after).toMatchObject({ status: 'delivered' });
  });

  it('a courier’s Mobile Money waits for a manager, one tap of two wins, and he cannot leave the team holding cash', async () => {
    const koffi = await join('courier', 'Koffi');
    const [mm, race] = [await deliveryOrder(), await deliveryOrder()];
    for (const order of [mm, race]) await owner.rounds.assign.mutate({ id: order.id, courierId: koffi.id });

    // « FAUX » is only his word: the order stays to collect, the managers are told, the round says so.
    expect(await koffi.client.rounds.collect.mutate({ id: mm.id, method: 'mobile_money', reference: 'FAUX' })).toEqual({
      paymentStatus: 'pending',
    });
    expect(await app.asAdmin.orders.get({ id: mm.id })).toMatchObject({ paymentStatus: 'pending' });
    const told = await app.db
      .selectFrom('outbox')
      .select('subject')
      .where('subject', '=', `Mobile Money à vérifier : ${mm.number}`)
      .execute();
    expect(told).toHaveLength(1);
    expect((await failure(koffi.client.rounds.collect.mutate({ id: mm.id, method: 'cash' }))).status).toBe(409);
    // The manager sees the transfer on the shop's phone and marks it paid.
    await owner.orders.setPayment.mutate({ id: mm.id, to: 'paid', reference: 'MTN-889900' });

    // Cash and Mobile Money sent at once: one is recorded, the other refused.
    const both = await Promise.allSettled([
      koffi.client.rounds.collect.mutate({ id: race.id, method: 'cash' }),
      koffi.client.rounds.collect.mutate({ id: race.id, method: 'mobile_money', reference: 'MTN-123456' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const delivery = await app.db
      .selectFrom('deliveries')
      .select('collectedMethod')
      .where('orderId', '=', race.id)
      .executeTakeFirstOrThrow();
    const cashWon = both[0]!.status === 'fulfilled';
    expect(delivery.collectedMethod).toBe(cashWon ? 'cash' : 'mobile_money');

    // Holding cash, he cannot be removed (his cash would vanish from every figure); after the handover he can.
    const held = await koffi.client.rounds.today.query({});
    if (held.cashToHandOver!.total === 0) {
      const more = await deliveryOrder();
      await owner.rounds.assign.mutate({ id: more.id, courierId: koffi.id });
      await koffi.client.rounds.collect.mutate({ id: more.id, method: 'cash' });
    }
    const { total } = (await koffi.client.rounds.today.query({})).cashToHandOver!;
    const refused = await failure(owner.team.remove.mutate({ id: koffi.id }));
    expect(refused.message).toContain(`détient encore ${formatXOF(total)} d’espèces encaissées`);
    await owner.rounds.handover.mutate({ courierId: koffi.id, received: total });
    await owner.team.remove.mutate({ id: koffi.id });
  });

  it('a seller sells and hands over; refunds, paid cancellations, undoing a payment, contacts and exports are the managers’', async () => {
    const seller = await join('seller', 'Ayaba');
    const manager = await join('manager', 'Gérante');
    const order = await deliveryOrder();
    await seller.client.orders.transition.mutate({ id: order.id, to: 'confirmed' });
    await seller.client.orders.setPayment.mutate({ id: order.id, to: 'paid' });
    const denied = async (call: Promise<unknown>) => expect((await failure(call)).status).toBe(403);
    await denied(seller.client.orders.setPayment.mutate({ id: order.id, to: 'pending' }));
    await denied(seller.client.orders.setPayment.mutate({ id: order.id, to: 'refunded' }));
    await denied(seller.client.orders.transition.mutate({ id: order.id, to: 'cancelled' }));
    await denied(seller.client.orders.update.mutate({ id: order.id, data: { phone: '01 97 99 99 99' } }));
    await seller.client.orders.update.mutate({ id: order.id, data: { address: 'Fidjrossè, face à l’école' } });
    for (const path of [EXPORTS.orders, EXPORTS.customers]) {
      const res = await fetch(`${app.url}${path}`, { headers: { cookie: [...seller.jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
      expect(res.status, path).toBe(403);
      expect(await res.text()).toContain('Votre rôle (Vendeur) ne permet pas cette action');
    }
    expect(await app.asAdmin.orders.get({ id: order.id })).toMatchObject({ paymentStatus: 'paid', status: 'confirmed' });
    // The manager may.
    await manager.client.orders.update.mutate({ id: order.id, data: { phone: '01 97 99 99 99' } });
    await manager.client.orders.transition.mutate({ id: order.id, to: 'cancelled' });
    await manager.client.orders.setPayment.mutate({ id: order.id, to: 'refunded' });
    // What Équipe says of the seller comes from the same declarations.
    const summary = roleSummary(
      'seller',
      resources.map((r) => ({ label: r.label, read: r.team.read, write: r.team.write })),
    );
    expect(summary.may).toContain('Clients (lecture seule)');
    expect(summary.mayNot).toEqual(expect.arrayContaining([AREA_LABELS.refunds, AREA_LABELS.exports, AREA_LABELS.customerContacts]));
  });

  it('a courier’s phone rings for the delivery given to him, and never for what his role does not read', async () => {
    const courier = await join('courier', 'Bignon');
    const seller = await join('seller', 'Ayaba');
    const device = (adminId: string, name: string) =>
      app.db
        .insertInto('pushSubscriptions')
        .values({
          adminId,
          sessionId: null,
          endpoint: `https://push.example/${randomUUID()}`,
          p256dh: 'x'.repeat(87),
          auth: 'y'.repeat(22),
          device: name,
          // Asked for more than his role reads (an old device, a hand-made request): what he reads is sent.
          kinds: JSON.stringify(['delivery', 'message', 'order']),
        })
        .execute();
    await device(courier.id, `Téléphone de Bignon ${courier.id}`);
    await device(seller.id, `Téléphone d’Ayaba ${seller.id}`);
    const pushes = (name: string) =>
      app.db.selectFrom('outbox').select(['subject']).where('channel', '=', 'push').where('recipient', '=', name).execute();

    const order = await deliveryOrder();
    await owner.rounds.assign.mutate({ id: order.id, courierId: courier.id });
    await httpClient(app.url).client.contactMessages.send.mutate({
      name: 'Curieux',
      contact: 'curieux@example.com',
      subject: 'Question',
      message: 'Bonjour',
    });
    expect((await pushes(`Téléphone de Bignon ${courier.id}`)).map((p) => p.subject)).toEqual([`Nouvelle livraison : ${order.number}`]);
    // The seller hears of the new order, not of the contact message nor of the courier's delivery.
    expect((await pushes(`Téléphone d’Ayaba ${seller.id}`)).map((p) => p.subject)).toEqual([expect.stringContaining(order.number)]);
  });

  it('sign-ins and failed sign-ins are in the audit log, which only the owner reads', async () => {
    await failure(httpClient(app.url).client.auth.login.mutate({ email: ADMIN.email, password: 'pas le bon' }));
    const log = await owner.auditLog.list.query({ search: 'Connexion', pageSize: 50 });
    const actions = log.rows.map((e) => e.action);
    expect(actions).toContain('Connexion refusée : mot de passe incorrect');
    expect(actions).toContain('Connexion (mot de passe)');
  });
});

describe('the audit log as a file', () => {
  it('comes as a CSV of the list’s search for the owner, and is refused to a seller', async () => {
    const cookie = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(`${app.url}${EXPORTS.audit}?search=Connexion`, { headers: { cookie: cookie(ownerCookies) } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.split('\r\n')[0]).toContain('"Date";"Par";"Rôle";"Action"');
    expect(text).toContain('Connexion (mot de passe)');
    expect(text).not.toContain('Invitation acceptée');
    expect(Number(response.headers.get('x-count'))).toBe(text.trim().split('\r\n').length - 1);
    const seller = await join('seller', 'Curieux');
    const refused = await fetch(`${app.url}${EXPORTS.audit}`, { headers: { cookie: cookie(seller.jar) } });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Vendeur');
  });
});

describe('passkeys', () => {
  it('offers to make one for this shop’s domain, for the signed-in person only', async () => {
    const options = await owner.auth.passkeyRegistrationOptions.mutate();
    expect(options.rp.id).toBe(new URL(app.config.publicUrl).hostname);
    expect(options.user.name).toBe(ADMIN.email);
    expect(options.authenticatorSelection?.residentKey).toBe('required');
    expect((await failure(httpClient(app.url).client.auth.passkeyRegistrationOptions.mutate())).status).toBe(401);
  });

  it('refuses in French a key this shop does not know, or an answer to no challenge, and logs the attempt', async () => {
    const stranger = httpClient(app.url).client;
    const options = await stranger.auth.passkeyOptions.mutate();
    expect(options.rpId).toBe(new URL(app.config.publicUrl).hostname);
    const made = {
      id: 'Y2xlLWluY29ubnVl',
      rawId: 'Y2xlLWluY29ubnVl',
      type: 'public-key' as const,
      response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
      clientExtensionResults: {},
    };
    expect(await failure(stranger.auth.passkeyLogin.mutate({ response: made }))).toMatchObject({ status: 401, message: PASSKEY_REFUSED });
    // A key that exists, with an answer that signs nothing this shop asked.
    const members = await owner.team.members.query();
    await app.db
      .insertInto('passkeys')
      .values({ id: 'Y2xlLWNvbm51ZQ', adminId: members[0]!.id, publicKey: new Uint8Array([1, 2, 3]), name: 'Test' })
      .execute();
    expect(
      await failure(stranger.auth.passkeyLogin.mutate({ response: { ...made, id: 'Y2xlLWNvbm51ZQ', rawId: 'Y2xlLWNvbm51ZQ' } })),
    ).toMatchObject({
      status: 401,
      message: PASSKEY_REFUSED,
    });
    expect(await stranger.auth.me.query()).toBeNull();
    const log = await owner.auditLog.list.query({ search: 'clé d’accès', pageSize: 10 });
    expect(log.rows.filter((e) => e.action === 'Connexion refusée : clé d’accès')).toHaveLength(2);
  });
});
