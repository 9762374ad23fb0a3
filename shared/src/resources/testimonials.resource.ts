import { defineResource } from './define-resource';
import { f } from './fields';

export const testimonials = defineResource({
  name: 'testimonials',
  label: { singular: 'Témoignage', plural: 'Témoignages' },
  titleField: 'name',
  read: 'public',
  fields: {
    name: f.text('Nom', { max: 100 }),
    role: f.text('Fonction', { max: 100 }),
    content: f.longText('Témoignage', { max: 1000 }),
    rating: f.rating('Note', { default: 5 }),
    image: f.image('Photo', { optional: true }),
  },
  list: {
    columns: ['name', 'role', 'rating'],
    search: ['name', 'content'],
    sortable: ['name', 'rating', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  admin: { icon: 'message' },
});
