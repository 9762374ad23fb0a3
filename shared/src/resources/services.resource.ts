import { defineResource } from './define-resource';
import { f } from './fields';
import { taxGroupField } from './invoicing';
import { servicePath } from '../ssr';

export const services = defineResource({
  name: 'services',
  label: { singular: 'Service', plural: 'Services' },
  titleField: 'name',
  read: 'public',
  page: { path: servicePath, sitemap: 'services' },
  publishedField: 'published',
  fields: {
    name: f.text('Nom', { max: 150 }),
    slug: f.slug('Slug', 'name'),
    shortDescription: f.longText('Description courte', { max: 300 }),
    description: f.longText('Description'),
    price: f.money('Prix', { optional: true, help: 'Vide : sur devis.' }),
    taxGroup: taxGroupField(),
    image: f.image('Image'),
    features: f.stringList('Prestations incluses', { default: [] as string[] }),
    published: f.boolean('Publié', { default: true }),
  },
  list: {
    columns: ['name', 'price', 'published'],
    search: ['name', 'shortDescription'],
    filters: ['published'],
    sortable: ['name', 'price', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  admin: { icon: 'tool' },
});
