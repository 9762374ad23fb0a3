import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_SENT } from '../../server/src/customers/space';
import { failure, httpClient, startTestApp, type TestApp, newProduct } from '../support/app';
import { type GraphStandIn, startGraphStandIn } from '../support/graph-stand-in';
import { readOutbox } from '../support/outbox';
import { until } from '../support/until';

// « Mon espace » (issue 59): a code of 6 digits to the phone's WhatsApp or the orders' e-mail, the
// same answer for a phone that never ordered, a throttle per phone, five tries per code, a cookie
// session that closes; the customer's orders, web and counter, and an earlier cart filled again.

let app: TestApp;
let graph: GraphStandIn;
beforeAll(async () => {
  graph = await startGraphStandIn();
  app = await startTestApp({ env: { OUTBOX_RETRY_SECONDS: '1' } });
});
afterAll(async () => {
  await app?.close();
  await graph?.close();
});

/** A phone of its own for each customer: the throttle counts by phone. */
const newPhone = () => `0196${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
const product = (name: string, price: number) => newProduct(app, name, price, 20);
async function customerWithOrder(phone: string, email: string | undefined, items: Array<[{ id: string }, number]>) {
  return (await app.asVisitor.orders.place({
    customerName: 'Rachida Dossou',
    phone,
    email,
    city: 'Cotonou',
    address: 'Cadjehoun, rue 12',
    items: items.map(([p, quantity]) => ({ id: p.id, type: 'product', quantity })),
    idempotencyKey: randomUUID(),
  })) as { id: string; number: string };
}
/** The code in the `count`-th code mail to this address (the local outbox, as without SMTP). */
async function mailedCode(email: string, count = 1) {
  const codes = () =>
    readOutbox(app.config.dataDir)
      .filter((m) => m.includes(`To: ${email}`))
      .map((m) => /code pour ouvrir Mon espace : (\d{6})/.exec(m)?.[1])
      .filter((code) => code !== undefined);
  await until(`${count} code mail(s) to ${email}`, () => codes().length >= count);
  return codes()[count - 1]!;
}

describe('signing in to Mon espace', () => {
  it('sends a code to the orders’ e-mail, signs in with it once, and keeps it out of the staff’s sight', async () => {
    const phone = newPhone();
    const email = `rachida-${randomUUID().slice(0, 6)}@example.com`;
    const cable = await product('Câble', 2_000);
    const order = await customerWithOrder(phone, email, [[cable, 2]]);
    const shopper = httpClient(app.url);
    expect(await shopper.client.account.requestCode.mutate({ contact: phone })).toEqual({ message: CODE_SENT });
    const code = await mailedCode(email);
    // The "Envois" never show it.
    const queued = await app.db.selectFrom('outbox').select(['subject', 'payload']).where('recipient', '=', email).execute();
    expect(JSON.stringify(queued)).not.toContain(code);

    const wrong = code === '000000' ? '111111' : '000000';
    expect((await failure(shopper.client.account.signIn.mutate({ contact: phone, code: wrong }))).message).toBe(
      'Code incorrect : encore 4 essais.',
    );
    const space = await shopper.client.account.signIn.mutate({ contact: phone, code: ` ${code.slice(0, 3)} ${code.slice(3)} ` });
    expect(space.orders).toMatchObject([{ number: order.number, status: 'new', lines: [{ name: cable.name, quantity: 2 }] }]);
    expect(space.addresses).toEqual([{ city: 'Cotonou', address: 'Cadjehoun, rue 12', deliveryOptionId: null }]);
    expect(await shopper.client.account.me.query()).toMatchObject({ name: 'Rachida Dossou', email });
    // Used once.
    expect((await failure(httpClient(app.url).client.account.signIn.mutate({ contact: phone, code }))).message).toBe(
      'Code expiré ou déjà utilisé : demandez un nouveau code.',
    );
    // By the e-mail address as well, typed in capitals.
    await shopper.client.account.requestCode.mutate({ contact: email.toUpperCase() });
    const second = await mailedCode(email, 2);
    const other = httpClient(app.url);
    await other.client.account.signIn.mutate({ contact: email, code: second });
    expect((await other.client.account.me.query())?.orders[0]?.number).toBe(order.number);
    const customer = await app.db
      .selectFrom('customers')
      .select('lastSignInAt')
      .where('phone', '=', `+229${phone}`)
      .executeTakeFirstOrThrow();
    expect(customer.lastSignInAt).not.toBeNull();

    // Signed out here; then everywhere: the other phone's session closes too.
    await shopper.client.account.signOut.mutate({});
    expect(await shopper.client.account.me.query()).toBeNull();
    await shopper.client.account.requestCode.mutate({ contact: phone });
    await shopper.client.account.signIn.mutate({ contact: phone, code: await mailedCode(email, 3) });
    await shopper.client.account.signOut.mutate({ everywhere: true });
    expect(await other.client.account.me.query()).toBeNull();
  });

  it('answers a phone that never ordered as any other, and sends it nothing', async () => {
    const before = readOutbox(app.config.dataDir).length;
    const stranger = newPhone();
    expect(await app.asVisitor.account.requestCode({ contact: stranger })).toEqual({ message: CODE_SENT });
    expect(await app.asVisitor.account.requestCode({ contact: 'personne@example.com' })).toEqual({ message: CODE_SENT });
    expect((await failure(app.asVisitor.account.signIn({ contact: stranger, code: '123456' }))).message).toBe(
      'Code incorrect : encore 4 essais.',
    );
    expect(
      await app.db
        .selectFrom('outbox')
        .select('id')
        .where('createdAt', '>', new Date(Date.now() - 60_000).toISOString())
        .where('subject', '=', 'Votre code de connexion à Mon espace')
        .where('recipient', '=', 'personne@example.com')
        .execute(),
    ).toEqual([]);
    expect(readOutbox(app.config.dataDir).length).toBe(before);
    expect((await failure(app.asVisitor.account.requestCode({ contact: 'pas un numéro' }))).message).toContain(
      'Indiquez le téléphone ou l’adresse e-mail donnés à vos commandes.',
    );
  });

  it('sends at most three codes to one phone however often it is asked, and 1,000 guesses open nothing', async () => {
    const phone = newPhone();
    const email = `awa-${randomUUID().slice(0, 6)}@example.com`;
    await customerWithOrder(phone, email, [[await product('Souris', 5_000), 1]]);
    const answers = [];
    for (let i = 0; i < 20; i++)
      answers.push(
        await app.asVisitor.account.requestCode({ contact: phone }).then(
          () => 'sent',
          (e: Error) => e.message,
        ),
      );
    expect(answers.filter((a) => a === 'sent')).toHaveLength(3);
    expect(answers.at(-1)).toBe('Trois codes déjà demandés : attendez 15 minutes avant d’en demander un autre.');
    const codes = await app.db
      .selectFrom('outbox')
      .select('id')
      .where('recipient', '=', email)
      .where('subject', '=', 'Votre code de connexion à Mon espace')
      .execute();
    expect(codes).toHaveLength(3);
    const real = await mailedCode(email, 3);
    let opened = 0;
    for (let i = 0; i < 1000; i++) {
      const guess = String((i * 997) % 1_000_000).padStart(6, '0');
      if (guess === real) continue;
      await app.asVisitor.account.signIn({ contact: phone, code: guess }).then(
        () => opened++,
        () => undefined,
      );
    }
    expect(opened).toBe(0);
    // Five tries killed the code: even the right one is refused now.
    expect((await failure(app.asVisitor.account.signIn({ contact: phone, code: real }))).message).toBe(
      'Code expiré ou déjà utilisé : demandez un nouveau code.',
    );
  });

  it('sends the code on WhatsApp as the authentication template, its button carrying it', async () => {
    const whatsapp = await startTestApp({ env: { ...graph.env(), OUTBOX_RETRY_SECONDS: '1' } });
    try {
      const phone = newPhone();
      const e164 = `+229${phone}`;
      await whatsapp.asVisitor.orders.place({
        customerName: 'Koffi',
        phone,
        city: 'Porto-Novo',
        address: 'Ouando',
        items: [{ id: (await newProduct(whatsapp, 'Clé USB', 1_000, 5)).id, type: 'product', quantity: 1 }],
        idempotencyKey: randomUUID(),
      } as never);
      await whatsapp.asVisitor.account.requestCode({ contact: phone });
      await until('the code on WhatsApp', () => graph.sentTo(e164).some((m) => m.template?.name === 'code_connexion'));
      const message = graph.sentTo(e164).find((m) => m.template?.name === 'code_connexion')!;
      const [body, button] = message.template!.components as { type: string; parameters: { text: string }[] }[];
      const code = body!.parameters[0]!.text;
      expect(code).toMatch(/^\d{6}$/);
      expect(button).toMatchObject({ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] });
      // The conversation and the "Envois" show the mark, not the code.
      const stored = await whatsapp.db.selectFrom('whatsappMessages').select('body').where('phone', '=', e164).execute();
      expect(JSON.stringify(stored)).not.toContain(code);
      expect(
        JSON.stringify(await whatsapp.db.selectFrom('outbox').select('payload').where('recipient', '=', e164).execute()),
      ).not.toContain(code);
      const space = await whatsapp.asVisitor.account.signIn({ contact: phone, code });
      expect(space.name).toBe('Koffi');
    } finally {
      await whatsapp.close();
    }
  });
});

describe('Mon espace', () => {
  it('fills the cart again with an earlier order’s articles as they sell today', async () => {
    const phone = newPhone();
    const email = `client-${randomUUID().slice(0, 6)}@example.com`;
    const [headset, gone, short] = [await product('Casque', 12_000), await product('Ancien', 3_000), await product('Rare', 4_000)];
    const order = await customerWithOrder(phone, email, [
      [headset, 1],
      [gone, 1],
      [short, 3],
    ]);
    await app.asAdmin.products.update({ id: gone.id, data: { published: false } });
    await app.asAdmin.products.update({ id: headset.id, data: { price: 11_000 } });
    await app.db.updateTable('products').set({ stock: 2 }).where('id', '=', short.id).execute();
    const shopper = httpClient(app.url);
    expect((await failure(shopper.client.account.reorder.query({ number: order.number }))).message).toBe(
      'Connectez-vous à Mon espace avec le code reçu.',
    );
    await shopper.client.account.requestCode.mutate({ contact: email });
    await shopper.client.account.signIn.mutate({ contact: email, code: await mailedCode(email) });
    expect(await shopper.client.account.reorder.query({ number: order.number })).toEqual({
      items: [
        { id: headset.id, type: 'product', name: headset.name, price: 11_000, image: null, stock: 19, quantity: 1 },
        { id: short.id, type: 'product', name: short.name, price: 4_000, image: null, stock: 2, quantity: 2 },
      ],
      gone: [gone.name],
    });
    // Another customer's order is not theirs to copy.
    const someone = await customerWithOrder(newPhone(), undefined, [[headset, 1]]);
    expect((await failure(shopper.client.account.reorder.query({ number: someone.number }))).message).toBe(
      'Commande introuvable dans votre espace.',
    );
  });
});
