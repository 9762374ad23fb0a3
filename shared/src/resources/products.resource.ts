import { z } from 'zod';
import { productOptionsSchema } from '../catalogue/schemas';
import { defineResource } from './define-resource';
import { f } from './fields';
import { taxGroupField } from './invoicing';
import { productCategories, productConditions } from './labels';
import { productPath } from '../ssr';

export const products = defineResource({
  name: 'products',
  label: { singular: 'Produit', plural: 'Produits' },
  titleField: 'name',
  read: 'public',
  page: { path: productPath, sitemap: 'products' },
  publishedField: 'published',
  partOf: 'parent',
  fields: {
    name: f.text('Nom', { max: 150 }),
    slug: f.slug('Slug', 'name'),
    shortDescription: f.longText('Description courte', { max: 300 }),
    description: f.html('Description'),
    price: f.money('Prix'),
    // The maker's name (Dell, Samsung, Ledger…): shared catalogues and search engines ask for it.
    brand: f.text('Marque', { max: 70, optional: true }),
    // Told to shoppers, catalogues and search engines: a refurbished laptop is never declared new.
    condition: f.enum('État', productConditions, { default: 'new' }),
    compareAtPrice: f.money('Prix barré', { optional: true }),
    category: f.enum('Catégorie', productCategories),
    images: f.imageList('Images', { default: [] as string[] }),
    sku: f.text('Référence (SKU)', {
      max: 40,
      optional: true,
      pattern: {
        regex: /^[A-Za-z0-9][A-Za-z0-9._/-]*$/,
        message: 'La référence : lettres sans accent, chiffres, . _ / ou - (pas d’espace).',
      },
      unique: 'Cette référence est déjà celle d’un autre produit.',
      help: 'Votre référence interne, pour retrouver le produit au comptoir.',
    }),
    barcode: f.barcode('Code-barres', {
      optional: true,
      unique: 'Ce code-barres est déjà celui d’un autre produit.',
      help: 'Le code imprimé sous les barres (EAN-13, 13 chiffres) : scanné au comptoir.',
    }),
    // Who the shop buys it from, under which reference, at which cost: the owner's and the
    // manager's, never a shopper's, a catalogue's or the counter's (adminOnly).
    supplier: f.reference('Fournisseur', 'suppliers', { optional: true, adminOnly: true }),
    supplierReference: f.text('Référence chez le fournisseur', { max: 60, optional: true, adminOnly: true }),
    cost: f.money('Coût d’achat', {
      optional: true,
      adminOnly: true,
      help: 'Ce que vous coûte une unité : la moyenne des réceptions, ou saisi ici.',
    }),
    stock: f.integer('Stock', {
      optional: true,
      createOnly: true,
      help: 'Vide : stock non suivi. Ensuite, il change par les ventes et par « Corriger le stock » (chaque mouvement est gardé).',
    }),
    lowStockThreshold: f.integer('Seuil de stock bas', {
      default: 3,
      max: 100_000,
      adminOnly: true,
      help: 'Le tableau de bord signale le produit quand son stock descend à ce nombre ou en dessous.',
    }),
    taxGroup: taxGroupField(),
    featured: f.boolean('Mis en avant', { default: false }),
    published: f.boolean('Publié', { default: true }),
    // Versions (shared/src/catalogue/variants.ts), written by « Options et variantes » only: the
    // group's options; a version's group and its values; a version past orders name, put aside.
    options: f.json('Options', productOptionsSchema, { optional: true, readOnly: true, ownScreen: true }),
    parent: f.reference('Produit principal', 'products', { optional: true, readOnly: true, ownScreen: true }),
    variant: f.json('Variante', z.array(z.string()), { optional: true, readOnly: true, ownScreen: true }),
    archivedAt: f.datetime('Variante archivée le', { optional: true, readOnly: true, ownScreen: true }),
    // A group whose versions differ in price: its list price reads « à partir de ».
    pricesVary: f.boolean('Prix selon la variante', { default: false, readOnly: true, ownScreen: true }),
  },
  list: {
    columns: ['name', 'category', 'price', 'stock', 'published'],
    search: ['name', 'shortDescription', 'sku', 'barcode'],
    filters: ['category', 'featured', 'published', 'parent'],
    sortable: ['name', 'price', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  admin: { icon: 'shopping' },
  checks: [
    {
      fields: ['compareAtPrice', 'price'],
      message: 'Le prix barré doit être supérieur au prix (c’est l’ancien prix, affiché barré).',
      valid: (r) =>
        r.compareAtPrice === null ||
        r.compareAtPrice === undefined ||
        r.price === null ||
        r.price === undefined ||
        Number(r.compareAtPrice) > Number(r.price),
    },
  ],
});
