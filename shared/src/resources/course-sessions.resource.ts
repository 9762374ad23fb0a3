import { defineResource } from './define-resource';
import { f } from './fields';

/**
 * A dated run of a training (its place or its online link, its seats). Seats are taken in the
 * order's transaction like stock (server/src/orders/seats.ts) and given back when it is cancelled;
 * the shop shows only the sessions to come that are open.
 */
export const courseSessions = defineResource({
  name: 'courseSessions',
  label: { singular: 'Session de formation', plural: 'Sessions de formation', feminine: true },
  titleField: 'course',
  read: 'admin',
  fields: {
    course: f.reference('Formation', 'cryptoCourses'),
    startsAt: f.datetime('Début', { help: 'Date et heure (heure du Bénin).' }),
    endsAt: f.datetime('Fin', { optional: true }),
    online: f.boolean('En ligne', { default: false }),
    place: f.text('Lieu', { max: 200, optional: true, help: 'Adresse de la salle, pour une session en présentiel.' }),
    link: f.url('Lien de la session en ligne', {
      optional: true,
      help: 'Donné aux inscrits seulement : sur le suivi de leur commande et dans le rappel de la veille.',
    }),
    seats: f.integer('Places', { min: 1, max: 10_000 }),
    seatsTaken: f.integer('Inscrits', { default: 0, readOnly: true, help: 'Places prises par les commandes non annulées.' }),
    published: f.boolean('Ouverte aux inscriptions', { default: true }),
    remindedAt: f.datetime('Rappel envoyé le', { optional: true, readOnly: true }),
  },
  list: {
    columns: ['course', 'startsAt', 'online', 'place', 'seats', 'seatsTaken', 'published'],
    search: ['place'],
    filters: ['course', 'online', 'published'],
    sortable: ['startsAt', 'seats', 'seatsTaken', 'createdAt'],
    defaultSort: { field: 'startsAt', order: 'desc' },
  },
  admin: { route: 'sessions', menuLabel: 'Sessions', icon: 'calendar', detail: 'sessions' },
  checks: [
    {
      fields: ['endsAt', 'startsAt'],
      message: 'La fin doit venir après le début.',
      valid: (r) => !r.startsAt || !r.endsAt || Date.parse(String(r.endsAt)) > Date.parse(String(r.startsAt)),
    },
    {
      fields: ['place', 'online'],
      message: 'Indiquez le lieu d’une session en présentiel.',
      valid: (r) => Boolean(r.online) || Boolean(typeof r.place === 'string' && r.place.trim()),
    },
    {
      fields: ['seats', 'seatsTaken'],
      message: 'Moins de places que d’inscrits : annulez d’abord des inscriptions.',
      valid: (r) => r.seats === undefined || r.seats === null || Number(r.seats) >= Number(r.seatsTaken ?? 0),
    },
  ],
});
