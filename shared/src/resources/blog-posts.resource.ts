import { today } from '../format/date';
import { defineResource } from './define-resource';
import { f } from './fields';
import { postPath } from '../ssr';

export const blogPosts = defineResource({
  name: 'blogPosts',
  label: { singular: 'Article', plural: 'Articles' },
  titleField: 'title',
  read: 'public',
  page: { path: postPath, sitemap: 'blog' },
  publishedField: 'published',
  fields: {
    title: f.text('Titre', { max: 200 }),
    slug: f.slug('Slug', 'title'),
    excerpt: f.longText('Extrait', { max: 500 }),
    content: f.html('Contenu'),
    image: f.image('Image', { optional: true }),
    date: f.date('Date', { default: today }),
    author: f.text('Auteur', { max: 100 }),
    published: f.boolean('Publié', { default: true }),
  },
  list: {
    columns: ['title', 'author', 'date', 'published'],
    search: ['title', 'author'],
    filters: ['published'],
    sortable: ['title', 'date', 'createdAt'],
    defaultSort: { field: 'date', order: 'desc' },
  },
  admin: { route: 'blog', menuLabel: 'Blog', icon: 'read' },
});
