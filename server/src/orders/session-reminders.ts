import {
  adminPath,
  courseSessions,
  displayPhone,
  type OrderLine,
  type OrderStatus,
  type PaymentStatus,
  sessionLabel,
  trackingPath,
  whatsappLink,
} from '@app/shared';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { alertOwner } from '../platform/alerts';
import { enqueueMail } from '../platform/outbox';

type Db = Kysely<Database>;

/** Someone registered on a session: an order that is not cancelled and has a line for it. */
export interface Participant {
  orderId: string;
  number: string;
  customerName: string;
  phone: string;
  email: string | null;
  seats: number;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  trackingToken: string;
  createdAt: string;
}

/** The participants of a session, in order of registration (the orders' lines index finds them). */
export async function sessionParticipants(db: Db, sessionId: string): Promise<Participant[]> {
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'number', 'customerName', 'phone', 'email', 'items', 'status', 'paymentStatus', 'trackingToken', 'createdAt'])
    .where(sql<boolean>`items @> ${JSON.stringify([{ sessionId }])}::jsonb`)
    .where('status', '!=', 'cancelled')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map(({ id, items, ...order }) => ({
    orderId: id,
    ...order,
    createdAt: new Date(order.createdAt).toISOString(),
    seats: (items as OrderLine[]).filter((l) => l.sessionId === sessionId).reduce((n, l) => n + l.quantity, 0),
  }));
}

/** The private link of the online sessions an order booked, for its tracking page (none once cancelled). */
export async function sessionLinksOf(db: Db, items: readonly OrderLine[]) {
  const ids = items.map((l) => l.sessionId).filter((id): id is string => Boolean(id));
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('courseSessions')
    .select(['id', 'link'])
    .where('id', 'in', ids)
    .where('online', '=', true)
    .where('link', 'is not', null)
    .execute();
  return rows.map((r) => ({ name: items.find((l) => l.sessionId === r.id)!.name, link: r.link! }));
}

const reminderText = (session: { title: string; label: string; link: string | null }, name: string) =>
  [
    `Bonjour ${name}, petit rappel : votre formation « ${session.title} » a lieu demain (${session.label}).`,
    ...(session.link ? [`Lien pour la rejoindre : ${session.link}`] : []),
    'À demain !',
  ].join('\n');

/**
 * The day before a session (Benin date), each participant who gave an e-mail gets a reminder, and
 * the owner one alert listing them with a WhatsApp message ready to send. A session is claimed
 * (`reminded_at`) in the transaction that queues its messages: whatever the number of servers or
 * of runs, it is reminded once. Returns the number of sessions reminded.
 */
export async function remindSessions(db: Db, config: Config): Promise<number> {
  const due = await db
    .selectFrom('courseSessions')
    .select('id')
    .where('remindedAt', 'is', null)
    .where('published', '=', true)
    .where(sql<boolean>`(starts_at AT TIME ZONE 'Africa/Porto-Novo')::date = (now() AT TIME ZONE 'Africa/Porto-Novo')::date + 1`)
    .execute();
  let reminded = 0;
  for (const { id } of due) {
    const done = await db.transaction().execute(async (tx) => {
      const session = await tx
        .updateTable('courseSessions')
        .set({ remindedAt: sql<string>`now()` })
        .where('id', '=', id)
        .where('remindedAt', 'is', null)
        .returning(['id', 'course', 'startsAt', 'online', 'place', 'link'])
        .executeTakeFirst();
      if (!session) return false;
      const course = await tx.selectFrom('cryptoCourses').select('title').where('id', '=', session.course).executeTakeFirstOrThrow();
      const about = {
        title: course.title,
        label: sessionLabel({ startsAt: new Date(session.startsAt).toISOString(), online: session.online, place: session.place }),
        link: session.link,
      };
      const people = await sessionParticipants(tx, session.id);
      for (const person of people.filter((p) => p.email)) {
        await enqueueMail(tx, {
          to: person.email!,
          subject: `Rappel : votre formation « ${course.title} » a lieu demain`,
          text: `${reminderText(about, person.customerName)}\n\nVotre commande : ${config.publicUrl}${trackingPath(person.trackingToken)}`,
        });
      }
      if (people.length > 0) {
        await alertOwner(tx, config, {
          kind: 'session',
          subject: `Demain : « ${course.title} » (${people.length} inscrit${people.length > 1 ? 's' : ''})`,
          lines: [
            `Session de « ${course.title} », ${about.label}.`,
            'Rappel par WhatsApp, un lien par participant (le message est prêt, il reste à l’envoyer) :',
            '',
            ...people.map(
              (p) =>
                `- ${p.customerName} (${displayPhone(p.phone)}, ${p.seats} place${p.seats > 1 ? 's' : ''}, commande ${p.number}) : ` +
                whatsappLink(p.phone, reminderText(about, p.customerName)),
            ),
          ],
          adminPath: adminPath(courseSessions, session.id),
        });
      }
      return true;
    });
    if (done) reminded++;
  }
  return reminded;
}
