import { defineResource } from './define-resource';
import { f } from './fields';

export const trendingCryptos = defineResource({
  name: 'trendingCryptos',
  label: { singular: 'Crypto', plural: 'Cryptos', feminine: true },
  titleField: 'name',
  read: 'public',
  fields: {
    name: f.text('Nom', { max: 100 }),
    symbol: f.text('Symbole', { max: 12 }),
    image: f.image('Image'),
    affiliateLink: f.url("Lien d'affiliation"),
    description: f.longText('Description', { max: 1000 }),
  },
  list: {
    columns: ['name', 'symbol', 'affiliateLink'],
    search: ['name', 'symbol'],
    sortable: ['name', 'symbol', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  admin: { icon: 'rise' },
});
