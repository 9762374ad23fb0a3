import {
  blogPosts,
  cryptoVerifications,
  defineResource,
  dependencyOrder,
  deliveryOptions,
  emptyMessage,
  f,
  formTitle,
  newsletters,
  stockCounts,
  orders,
  products,
  resources,
  testimonials,
  trendingCryptos,
  verificationRequestSchema,
} from '@app/shared';
import { describe, expect, it } from 'vitest';

const issues = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('resource registry', () => {
  // These hold when an entity is added: the design's entities are all there (others may join),
  // names and routes stay unique, and the spec's menu keeps its order around the newcomers.
  it('declares every entity of the design once, with unique names and admin routes', () => {
    expect(resources.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'blogPosts',
        'contactMessages',
        'cryptoCourses',
        'cryptoVerifications',
        'deliveryOptions',
        'newsletterSubscribers',
        'orders',
        'products',
        'services',
        'settings',
        'testimonials',
        'trendingCryptos',
      ]),
    );
    expect(new Set(resources.map((r) => r.name)).size).toBe(resources.length);
    expect(new Set(resources.map((r) => r.admin.route)).size).toBe(resources.length);
  });

  it('makes records in the order of their references, whatever the menu order', () => {
    const order = dependencyOrder(resources).map((r) => r.name);
    const references = resources.flatMap((r) =>
      Object.entries(r.fields)
        .filter(([, field]) => field.kind === 'reference' && field.references !== r.name)
        .map(([key, field]) => ({ at: `${r.name}.${key}`, from: r.name, to: field.references! })),
    );
    expect(references.map((r) => r.at)).toContain('courseSessions.course');
    for (const ref of references) expect(order.indexOf(ref.to), ref.at).toBeLessThan(order.indexOf(ref.from));
    // A new entity placed anywhere in the menu: "Fournisseurs" after the products that refer to it.
    const suppliers = defineResource({
      name: 'suppliers',
      label: { singular: 'Fournisseur', plural: 'Fournisseurs' },
      titleField: 'name',
      read: 'admin',
      fields: { name: f.text('Nom') },
      list: { columns: ['name'], search: ['name'], sortable: ['name'], defaultSort: { field: 'name', order: 'asc' } },
    });
    const stock = defineResource({
      ...suppliers,
      name: 'stockLines',
      fields: { name: f.text('Nom'), supplier: f.reference('Fournisseur', 'suppliers') },
    });
    expect(dependencyOrder([stock, suppliers]).map((r) => r.name)).toEqual(['suppliers', 'stockLines']);
    const loop = defineResource({ ...suppliers, fields: { name: f.text('Nom'), line: f.reference('Ligne', 'stockLines') } });
    expect(() => dependencyOrder([stock, loop])).toThrow('Références en boucle : stockLines → suppliers → stockLines');
    expect(() => dependencyOrder([stock])).toThrow('stockLines.supplier désigne « suppliers », qui n’est pas dans le registre');
  });

  it('puts the owner’s daily screens first, then the spec menu in its order (its "Compte Verifiés" spelt right)', () => {
    // Issue 46: "Commandes" was the eleventh entry of the spec's menu although it is the daily screen.
    // The counter's cash drawer ("Caisse") is a daily screen too (issue 41), and so are the day's
    // expenses (issue 60), returns and their requests (issue 57).
    expect(resources.slice(0, 7).map((r) => r.admin.menuLabel)).toEqual([
      'Commandes',
      'Clients',
      'Caisse',
      'Dépenses',
      'Retours',
      'Demandes de retour',
      'Produits',
    ]);
    const spec = [
      'Produits',
      'Blog',
      'Cryptos',
      'Comptes vérifiés',
      'Livraison',
      'Services',
      'Témoignages',
      'Formations Crypto',
      'Newsletter',
      'Messages',
      'Paramètres',
    ];
    const menu = resources.map((r) => r.admin.menuLabel).filter((label) => spec.includes(label));
    expect(menu).toEqual(spec);
    expect(cryptoVerifications.admin.route).toBe('verification');
  });

  it('words the empty list message with the right gender', () => {
    expect(emptyMessage(products)).toBe('Aucun produit trouvé');
    expect(emptyMessage(cryptoVerifications)).toBe('Aucune demande trouvée');
  });

  it('titles a form as French says it, never « Ajouter : lettre »', () => {
    expect([formTitle(products, 'create'), formTitle(newsletters, 'create'), formTitle(stockCounts, 'create')]).toEqual([
      'Nouveau produit',
      'Nouvelle lettre',
      'Nouvel inventaire',
    ]);
    expect([formTitle(products, 'edit'), formTitle(newsletters, 'edit'), formTitle(stockCounts, 'edit')]).toEqual([
      'Modifier le produit',
      'Modifier la lettre',
      'Modifier l’inventaire',
    ]);
  });
});

describe('derived zod schemas', () => {
  it('applies the spec defaults', () => {
    expect(testimonials.createSchema.parse({ name: 'A', role: 'B', content: 'C' }).rating).toBe(5);
    const request = cryptoVerifications.createSchema.parse({
      name: 'A',
      email: 'a@b.example',
      phone: '+229 01 97 00 00 00',
      walletAddress: 'x',
    });
    expect(request).toMatchObject({ cryptoType: 'bitcoin', verificationType: 'basic', status: 'pending' });
    expect(blogPosts.createSchema.parse({ title: 'T', excerpt: 'E', content: '<p>C</p>', author: 'A' }).date).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );
    expect(deliveryOptions.createSchema.parse({ name: 'N', description: 'D', price: 0, deliveryTime: '1 jour' })).toMatchObject({
      features: [],
      recommended: false,
    });
  });

  it('explains every problem in French, per field', () => {
    const result = trendingCryptos.createSchema.safeParse({
      name: '  ',
      symbol: 'BTC',
      image: 'javascript:alert(1)',
      affiliateLink: 'ftp://x',
      description: 42,
    });
    expect(issues(result)).toEqual({
      name: 'Ce champ est obligatoire.',
      image: "Adresse d'image invalide.",
      affiliateLink: 'Adresse web invalide (http:// ou https://).',
      description: 'Texte attendu.',
    });
    expect(issues(testimonials.createSchema.safeParse({ name: 'A', role: 'B', content: 'C', rating: 6 }))).toEqual({
      rating: 'Note de 1 à 5.',
    });
    expect(
      issues(deliveryOptions.createSchema.safeParse({ name: 'N', description: 'D', price: -1, deliveryTime: 'x', features: ['a', 'A'] })),
    ).toEqual({
      price: 'Le montant ne peut pas être négatif.',
      features: 'Chaque élément doit être unique.',
    });
    expect(issues(products.createSchema.safeParse({ ...validProduct, price: 10.001 }))).toEqual({ price: 'Deux décimales au maximum.' });
  });

  it('refuses unknown keys instead of dropping them silently', () => {
    expect(issues(products.createSchema.safeParse({ ...validProduct, id: 'x' }))).toEqual({ '': 'Champ inconnu : id.' });
  });

  it('keeps server-owned fields out of inputs', () => {
    expect(Object.keys(orders.createSchema.shape)).not.toContain('total');
    expect(Object.keys(orders.createSchema.shape)).not.toContain('number');
    expect(Object.keys(verificationRequestSchema.shape)).not.toContain('status');
    expect(Object.keys(verificationRequestSchema.shape)).not.toContain('notes');
  });

  it('treats an empty optional field as no value, and updates as partial', () => {
    expect(products.createSchema.parse({ ...validProduct, compareAtPrice: '' }).compareAtPrice).toBeNull();
    expect(products.updateSchema.parse({ price: 5 })).toEqual({ price: 5 });
    expect(issues(products.updateSchema.safeParse({ name: '' }))).toEqual({ name: 'Ce champ est obligatoire.' });
  });

  it('accepts Benin and international phone numbers and refuses the rest', () => {
    const phone = f.phone('Téléphone').schema;
    // Stored in E.164, whatever the spacing or prefix typed (libphonenumber-js, Benin by default).
    for (const [typed, stored] of [
      ['+229 01 97 00 00 00', '+2290197000000'],
      ['0197000000', '+2290197000000'],
      ['01 97 12 34 56', '+2290197123456'],
      ['00229 01 97 12 34 56', '+2290197123456'],
      ['+33 6 12 34 56 78', '+33612345678'],
      ['(+1) 212 736 5000', '+12127365000'],
    ])
      expect(phone.safeParse(typed).data, typed).toBe(stored);
    for (const bad of ['12', 'appelez-moi', '+229 01 97 00 00 00 00 00 00', '<script>'])
      expect(phone.safeParse(bad).success, bad).toBe(false);
    // An old 8-digit Benin number is told how to become a current one.
    expect(phone.safeParse('97 12 34 56').error?.issues[0]?.message).toMatch(/10 chiffres : ajoutez 01 devant/);
  });

  it('checks list settings against the fields at declaration time', () => {
    expect(() =>
      defineResource({
        name: 'broken',
        label: { singular: 'X', plural: 'X' },
        titleField: 'name',
        read: 'admin',
        fields: { name: f.text('Nom') },
        list: { columns: ['name'], search: ['nom' as 'name'], sortable: ['name'], defaultSort: { field: 'name', order: 'asc' } },
      }),
    ).toThrow(/unknown field "nom"/);
  });
});

const validProduct = {
  name: 'Ordinateur',
  shortDescription: 'Court',
  description: '<p>Long</p>',
  price: 250000,
  category: 'computers' as const,
};
