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
  firstName,
} from '@app/shared';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { alertOwner } from '../alerts/owner';
import { enqueueMail } from '../platform/outbox';
import { tellCustomer } from '../whatsapp/messages';

type Db = Kysely<Database>;

/** Someone registered on a session: an order that is not cancelled and has a line for it. */
export interface Participant {
  orderId: string;
  number: string;
  customerName: string;
  /** None for a seat sold at the counter without a customer. */
  phone: string | null;
  email: string | null;
  seats: number;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  trackingToken: string;
  createdAt: string;
}

/** An order with a line on this session (the orders' lines index answers it). */
const bookedOn = (sessionId: string) => sql<boolean>`items @> ${JSON.stringify([{ sessionId }])}::jsonb`;

/** The participants of a session, in order of registration. */
export async function sessionParticipants(db: Db, sessionId: string): Promise<Participant[]> {
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'number', 'customerName', 'phone', 'email', 'items', 'status', 'paymentStatus', 'trackingToken', 'createdAt'])
    .where(bookedOn(sessionId))
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

/**
 * A paid training's private link goes to whoever paid for it: an order sees it once paid, or once
 * the owner confirmed it (cash at the door, a transfer she checked), never on a mere booking.
 */
export const linkUnlocked = (order: { status: OrderStatus; paymentStatus: PaymentStatus }) =>
  order.status !== 'cancelled' && (order.paymentStatus === 'paid' || order.status !== 'new');

/**
 * The online sessions an order booked, for its tracking page (none once cancelled), each with its
 * private link, or null until the order is paid or confirmed.
 */
export async function sessionLinksOf(db: Db, order: { items: readonly OrderLine[]; status: OrderStatus; paymentStatus: PaymentStatus }) {
  if (order.status === 'cancelled') return [];
  const items = order.items;
  const ids = items.map((l) => l.sessionId).filter((id): id is string => Boolean(id));
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('courseSessions')
    .select(['id', 'link'])
    .where('id', 'in', ids)
    .where('online', '=', true)
    .where('link', 'is not', null)
    .execute();
  const unlocked = linkUnlocked(order);
  return rows.map((r) => ({ name: items.find((l) => l.sessionId === r.id)!.name, link: unlocked ? r.link! : null }));
}

/** A session as its participants are told of it. */
type About = { id: string; title: string; label: string; link: string | null };

/** The session's training and how it reads now (date, time, place or online). */
async function aboutSession(
  tx: Db,
  session: { id: string; course: string; startsAt: string; online: boolean; place: string | null; link: string | null },
): Promise<About> {
  const course = await tx.selectFrom('cryptoCourses').select('title').where('id', '=', session.course).executeTakeFirstOrThrow();
  const when = { startsAt: new Date(session.startsAt).toISOString(), online: session.online, place: session.place };
  return { id: session.id, title: course.title, label: sessionLabel(when), link: session.link };
}

/** What the participants are told: the reminder the day before, or the session's new date or place. */
const messages = {
  reminder: {
    mailSubject: (a: About) => `Rappel : votre formation « ${a.title} » a lieu demain`,
    text: (a: About, name: string) => `Bonjour ${name}, petit rappel : votre formation « ${a.title} » a lieu demain (${a.label}).`,
    alertSubject: (a: About, n: string) => `Demain : « ${a.title} » (${n})`,
    alertIntro: 'Rappel par WhatsApp, un lien par participant (le message est prêt, il reste à l’envoyer) :',
    end: 'À demain !',
  },
  moved: {
    mailSubject: (a: About) => `Changement : votre formation « ${a.title} »`,
    text: (a: About, name: string) =>
      `Bonjour ${name}, votre formation « ${a.title} » change : elle a lieu désormais le ${a.label.replace(/^session du /, '')}.`,
    alertSubject: (a: About, n: string) => `Session modifiée : « ${a.title} » (${n} à prévenir)`,
    alertIntro: 'Les participants qui ont donné un e-mail sont prévenus ; pour les autres, un lien WhatsApp avec le message prêt :',
    end: 'Répondez à ce message si la nouvelle date ne vous convient pas.',
  },
};

const LINK_ONCE_PAID = 'Le lien pour la rejoindre vous sera donné dès votre paiement reçu.';
const messageText = (kind: keyof typeof messages, a: About, person: Participant) =>
  [
    messages[kind].text(a, person.customerName),
    ...(!a.link ? [] : linkUnlocked(person) ? [`Lien pour la rejoindre : ${a.link}`] : [LINK_ONCE_PAID]),
    messages[kind].end,
  ].join('\n');

/**
 * Each participant who gave an e-mail gets the message, with their order's link; the owner one
 * alert listing every participant with a WhatsApp message ready to send. In `tx`: the messages
 * leave with the write that causes them, or not at all.
 */
async function tellParticipants(tx: Db, config: Config, about: About, kind: keyof typeof messages) {
  const people = await sessionParticipants(tx, about.id);
  for (const person of people) {
    const mail = {
      subject: messages[kind].mailSubject(about),
      text: `${messageText(kind, about, person)}\n\nVotre commande : ${config.publicUrl}${trackingPath(person.trackingToken)}`,
    };
    // The reminder has its WhatsApp template (a change of date is told by e-mail and the owner's link).
    if (kind === 'reminder') {
      const link = !about.link ? 'À demain !' : linkUnlocked(person) ? `Lien pour la rejoindre : ${about.link}` : LINK_ONCE_PAID;
      await tellCustomer(
        tx,
        config,
        { phone: person.phone, email: person.email, orderId: person.orderId },
        { template: 'rappel_formation', values: [firstName(person.customerName), about.title, about.label, link] },
        mail,
      );
    } else if (person.email) await enqueueMail(tx, { ...mail, to: person.email });
  }
  if (people.length === 0) return;
  await alertOwner(tx, config, {
    kind: 'session',
    subject: messages[kind].alertSubject(about, `${people.length} inscrit${people.length > 1 ? 's' : ''}`),
    lines: [
      `Session de « ${about.title} », ${about.label}.`,
      messages[kind].alertIntro,
      '',
      ...people.map(
        (p) =>
          `- ${p.customerName} (${p.phone ? `${displayPhone(p.phone)}, ` : ''}${p.seats} place${p.seats > 1 ? 's' : ''}, commande ${p.number})` +
          (p.phone ? ` : ${whatsappLink(p.phone, messageText(kind, about, p))}` : ''),
      ),
    ],
    adminPath: adminPath(courseSessions, about.id),
  });
}

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
      await tellParticipants(tx, config, await aboutSession(tx, session), 'reminder');
      return true;
    });
    if (done) reminded++;
  }
  return reminded;
}

/**
 * The owner changed a session (its date, its place, online or not, its link): the lines that
 * booked it say the new date and place (on the tracking page, the receipt and invoices made from
 * then on) and, for a session to come, its participants are told; in the transaction of the change.
 */
export async function sessionChanged(
  tx: Db,
  config: Config,
  before: { startsAt: string; online: boolean; place: string | null; link: string | null },
  after: { id: string; course: string; startsAt: string; online: boolean; place: string | null; link: string | null },
) {
  const moved =
    Date.parse(before.startsAt) !== Date.parse(after.startsAt) ||
    before.online !== after.online ||
    (before.place ?? '') !== (after.place ?? '') ||
    (before.link ?? '') !== (after.link ?? '');
  if (!moved) return;
  await renameLines(tx, after.id, ` (${sessionLabel(before)})`, ` (${sessionLabel(after)})`);
  if (Date.parse(after.startsAt) <= Date.now()) return;
  await tellParticipants(tx, config, await aboutSession(tx, after), 'moved');
}

/** A booked line's name ends with its session's label (seats.ts#sessionOfLine): the old one becomes the new one. */
async function renameLines(tx: Db, sessionId: string, from: string, to: string) {
  if (from === to) return;
  const booked = await tx.selectFrom('orders').select(['id', 'items']).where(bookedOn(sessionId)).execute();
  for (const order of booked) {
    const items = (order.items as OrderLine[]).map((line) =>
      line.sessionId === sessionId && line.name.endsWith(from) ? { ...line, name: line.name.slice(0, -from.length) + to } : line,
    );
    await tx
      .updateTable('orders')
      .set({ items: sql`${JSON.stringify(items)}::jsonb` })
      .where('id', '=', order.id)
      .execute();
  }
}
