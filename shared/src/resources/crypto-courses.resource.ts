import { coursePath } from '../ssr';
import { defineResource } from './define-resource';
import { f } from './fields';
import { taxGroupField } from './invoicing';
import { courseFormats, courseLevels } from './labels';

export const cryptoCourses = defineResource({
  name: 'cryptoCourses',
  label: { singular: 'Formation', plural: 'Formations Crypto', feminine: true },
  titleField: 'title',
  read: 'public',
  publishedField: 'published',
  page: { path: coursePath, sitemap: 'formations' },
  fields: {
    title: f.text('Titre', { max: 150 }),
    slug: f.slug('Slug', 'title'),
    level: f.enum('Niveau', courseLevels, { default: 'beginner' }),
    format: f.enum('Format', courseFormats, { default: 'online' }),
    duration: f.text('Durée', { max: 60, help: 'Par exemple : 4 semaines' }),
    price: f.money('Prix'),
    taxGroup: taxGroupField(),
    image: f.image('Image'),
    syllabus: f.stringList('Programme', { default: [] as string[] }),
    description: f.longText('Description'),
    published: f.boolean('Publiée', { default: true }),
  },
  list: {
    columns: ['title', 'level', 'format', 'price', 'published'],
    search: ['title', 'description'],
    filters: ['level', 'format', 'published'],
    sortable: ['title', 'price', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  admin: { icon: 'book' },
});
