import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type Client, failure, httpClient, startTestApp, type TestApp } from '../support/app';

let app: TestApp;
let visitor: Client;
let admin: Client;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
  visitor = httpClient(app.url).client;
  admin = httpClient(app.url).client;
  await admin.auth.login.mutate(ADMIN);
});
afterAll(() => app?.close());

describe('public procedures', () => {
  it('settings.get gives the business details the storefront shows', async () => {
    const settings = await visitor.settings.get.query();
    expect(settings.businessName).toBeTruthy();
    expect(settings.phone).toMatch(/^\+229/);
    expect(settings).not.toHaveProperty('singleton');
    const updated = await admin.settings.update.mutate({ tagline: 'Nouveau slogan', tiktok: '' });
    expect(updated).toMatchObject({ tagline: 'Nouveau slogan', tiktok: null });
    expect((await visitor.settings.get.query()).tagline).toBe('Nouveau slogan');
    expect((await failure(visitor.settings.update.mutate({ tagline: 'Piraté' }))).code).toBe('UNAUTHORIZED');
    expect((await failure(admin.settings.update.mutate({ facebook: 'javascript:alert(1)' }))).fieldErrors?.facebook).toMatch(
      /Adresse web invalide/,
    );
  });

  it('blogPosts.bySlug finds a published post, not a hidden one', async () => {
    const { rows } = await visitor.blogPosts.list.query({ pageSize: 1 });
    const post = rows[0]!;
    expect((await visitor.blogPosts.bySlug.query({ slug: post.slug })).id).toBe(post.id);
    await admin.blogPosts.update.mutate({ id: post.id, data: { published: false } });
    expect((await failure(visitor.blogPosts.bySlug.query({ slug: post.slug }))).code).toBe('NOT_FOUND');
    expect((await admin.blogPosts.bySlug.query({ slug: post.slug })).id).toBe(post.id);
    expect((await failure(visitor.blogPosts.bySlug.query({ slug: 'nexiste-pas' }))).message).toBe('Article introuvable.');
  });

  it('cryptoVerifications.submit forces pending and accepts only the form fields', async () => {
    const form = {
      name: 'Koffi Mensah',
      email: 'Koffi@Example.com',
      phone: '+229 01 97 11 22 33',
      walletAddress: 'bc1qexempledadresse0000000000000',
    };
    const created = await visitor.cryptoVerifications.submit.mutate(form);
    expect(created.status).toBe('pending');
    const stored = await admin.cryptoVerifications.get.query({ id: created.id });
    expect(stored).toMatchObject({
      email: 'koffi@example.com',
      cryptoType: 'bitcoin',
      verificationType: 'basic',
      status: 'pending',
      notes: null,
    });
    const sneaky = await failure(visitor.cryptoVerifications.submit.mutate({ ...form, status: 'completed' } as typeof form));
    expect(sneaky.code).toBe('BAD_REQUEST');
    const bad = await failure(visitor.cryptoVerifications.submit.mutate({ ...form, email: 'pas-un-email', phone: '12' }));
    expect(bad.fieldErrors).toMatchObject({
      email: 'Adresse e-mail invalide.',
      phone: expect.stringMatching(/Numéro de téléphone invalide/),
    });
  });

  it('newsletterSubscribers.subscribe is case-insensitive, and answers the same whether the address was on the list', async () => {
    const first = await visitor.newsletterSubscribers.subscribe.mutate({ email: 'Nouvelle.Abonnee@Example.com' });
    expect(first).toEqual({
      status: 'subscribed',
      message: 'Merci ! Pour confirmer votre inscription, ouvrez le lien de l’e-mail que nous venons de vous envoyer.',
    });
    const again = await visitor.newsletterSubscribers.subscribe.mutate({ email: 'nouvelle.abonnee@example.COM' });
    expect(again).toEqual(first);
    const { total } = await admin.newsletterSubscribers.list.query({ search: 'nouvelle.abonnee' });
    expect(total).toBe(1);
    expect((await failure(visitor.newsletterSubscribers.subscribe.mutate({ email: 'nope' }))).fieldErrors?.email).toBe(
      'Adresse e-mail invalide.',
    );
  });

  it('contactMessages.send stores an unread message for the admin', async () => {
    const answer = await visitor.contactMessages.send.mutate({
      name: 'Sèna',
      contact: '+229 01 66 00 00 00',
      subject: 'Devis réseau',
      message: 'Bonjour, je voudrais un devis.',
    });
    expect(answer.message).toMatch(/bien été envoyé/);
    const { rows } = await admin.contactMessages.list.query({ search: 'Devis réseau' });
    expect(rows[0]).toMatchObject({ name: 'Sèna', read: false });
    expect(
      (await failure(visitor.contactMessages.send.mutate({ name: '', contact: '', subject: '', message: '' }))).fieldErrors,
    ).toMatchObject({
      name: 'Ce champ est obligatoire.',
      message: 'Ce champ est obligatoire.',
    });
    // Neither an e-mail nor a phone: the owner could never answer, so it is refused where it was typed.
    const unanswerable = await failure(
      visitor.contactMessages.send.mutate({ name: 'Sèna', contact: 'chez moi', subject: 'Devis', message: 'Bonjour' }),
    );
    expect(unanswerable.fieldErrors).toEqual({
      contact: 'Indiquez une adresse e-mail ou un numéro de téléphone valide, pour que nous puissions vous répondre.',
    });
    expect((await admin.contactMessages.list.query({ search: 'chez moi' })).rows).toEqual([]);
  });
});

describe('orders.place', () => {
  const customer = { customerName: 'Afi Dossou', phone: '+229 01 97 00 11 22', city: 'Cotonou', address: 'Akpakpa, rue 12' };

  async function stockedProduct(stock: number | null, price = 10_000) {
    return admin.products.create.mutate({
      name: `Produit ${randomUUID().slice(0, 8)}`,
      shortDescription: 'Court',
      description: '<p>Long</p>',
      price,
      category: 'accessories',
      stock,
    });
  }

  it('re-prices from the database, adds delivery, and takes stock', async () => {
    const product = await stockedProduct(5, 12_500.5);
    const { rows } = await visitor.deliveryOptions.list.query({ sort: 'price', order: 'desc' });
    const delivery = rows[0]!;
    const order = await visitor.orders.place.mutate({
      ...customer,
      items: [{ id: product.id, type: 'product', quantity: 2 }],
      deliveryOptionId: delivery.id,
      paymentMethod: 'mobile_money_on_delivery',
      idempotencyKey: randomUUID(),
      // A tampered client price is not even accepted by the schema.
    });
    expect(order.number).toMatch(/^CMD-\d{6}$/);
    expect(order.items).toEqual([{ id: product.id, type: 'product', name: product.name, unitPrice: 12_500.5, quantity: 2 }]);
    expect(order).toMatchObject({ subtotal: 25_001, deliveryCost: delivery.price, total: 25_001 + delivery.price, status: 'new' });
    expect(order).not.toHaveProperty('idempotencyKey');
    expect((await admin.products.get.query({ id: product.id })).stock).toBe(3);
    const priced = await failure(
      visitor.orders.place.mutate({
        ...customer,
        // @ts-expect-error -- a price sent by the client is refused, by the type and by the server.
        items: [{ id: product.id, type: 'product', quantity: 1, price: 1 }],
        idempotencyKey: randomUUID(),
      }),
    );
    expect(priced.code).toBe('BAD_REQUEST');
  });

  it('returns the same order for the same key, even for simultaneous submissions', async () => {
    const product = await stockedProduct(10);
    const input = { ...customer, items: [{ id: product.id, type: 'product' as const, quantity: 1 }], idempotencyKey: randomUUID() };
    const [a, b, c] = await Promise.all([
      visitor.orders.place.mutate(input),
      visitor.orders.place.mutate(input),
      visitor.orders.place.mutate(input),
    ]);
    expect(b.id).toBe(a.id);
    expect(c.id).toBe(a.id);
    expect((await admin.products.get.query({ id: product.id })).stock).toBe(9);
    expect((await admin.orders.list.query({ search: a.number })).total).toBe(1);
  });

  it('never sells the last unit twice', async () => {
    const product = await stockedProduct(1);
    const attempt = () =>
      visitor.orders.place
        .mutate({ ...customer, items: [{ id: product.id, type: 'product', quantity: 1 }], idempotencyKey: randomUUID() })
        .then(
          () => 'ok',
          (e: Error) => e.message,
        );
    const results = await Promise.all([attempt(), attempt(), attempt()]);
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r !== 'ok').every((m) => /Stock insuffisant/.test(m))).toBe(true);
    expect((await admin.products.get.query({ id: product.id })).stock).toBe(0);
  });

  it('refuses unknown, unpublished and quote-only items in French', async () => {
    const hidden = await stockedProduct(null);
    await admin.products.update.mutate({ id: hidden.id, data: { published: false } });
    const key = () => randomUUID();
    const unpublished = await failure(
      visitor.orders.place.mutate({ ...customer, items: [{ id: hidden.id, type: 'product', quantity: 1 }], idempotencyKey: key() }),
    );
    expect(unpublished.message).toMatch(/plus disponible/);
    const quote = (await admin.services.list.query({ pageSize: 100 })).rows.find((s) => s.price === null)!;
    const onQuote = await failure(
      visitor.orders.place.mutate({ ...customer, items: [{ id: quote.id, type: 'service', quantity: 1 }], idempotencyKey: key() }),
    );
    expect(onQuote.message).toMatch(/sur devis/);
    const empty = await failure(visitor.orders.place.mutate({ ...customer, items: [], idempotencyKey: key() }));
    expect(empty.fieldErrors?.items).toBe('Votre panier est vide.');
  });
});
