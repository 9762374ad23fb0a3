import { defineResource } from './define-resource';
import { f } from './fields';

export const deliveryOptions = defineResource({
  name: 'deliveryOptions',
  label: { singular: 'Option de livraison', plural: 'Options de livraison', feminine: true },
  titleField: 'name',
  read: 'public',
  fields: {
    name: f.text('Nom', { max: 100 }),
    description: f.longText('Description', { max: 1000 }),
    price: f.money('Prix'),
    deliveryTime: f.text('Délai de livraison', { max: 60, help: 'Par exemple : 3-5 jours' }),
    icon: f.text('Icône (emoji)', { max: 16, optional: true }),
    features: f.stringList('Avantages', { default: [] as string[] }),
    recommended: f.boolean('Recommandée', { default: false }),
  },
  list: {
    columns: ['icon', 'name', 'price', 'deliveryTime', 'recommended'],
    search: ['name'],
    sortable: ['name', 'price', 'createdAt'],
    defaultSort: { field: 'price', order: 'asc' },
  },
  admin: { menuLabel: 'Livraison', icon: 'car' },
});
