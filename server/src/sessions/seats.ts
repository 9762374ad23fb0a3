import { type OrderLine, sessionLabel } from '@app/shared';
import { TRPCError } from '@trpc/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** A session as the shop shows it: never its private link, and its seats as a number left. */
export interface UpcomingSession {
  id: string;
  courseId: string;
  startsAt: string;
  endsAt: string | null;
  online: boolean;
  place: string | null;
  seatsLeft: number;
}

/** The open sessions to come of the published trainings, soonest first (past ones are not shown). */
export async function upcomingSessions(db: Db): Promise<UpcomingSession[]> {
  const rows = await db
    .selectFrom('courseSessions as s')
    .innerJoin('cryptoCourses as c', 'c.id', 's.course')
    .select(['s.id', 's.course', 's.startsAt', 's.endsAt', 's.online', 's.place', 's.seats', 's.seatsTaken'])
    .where('s.published', '=', true)
    .where('c.published', '=', true)
    .where('s.startsAt', '>', sql<string>`now()`)
    .orderBy('s.startsAt')
    .orderBy('s.id')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    courseId: r.course,
    startsAt: new Date(r.startsAt).toISOString(),
    endsAt: r.endsAt ? new Date(r.endsAt).toISOString() : null,
    online: r.online,
    place: r.online ? null : r.place,
    seatsLeft: Math.max(0, r.seats - r.seatsTaken),
  }));
}

/**
 * Whether a published session started within the last `minutes`: the public cache keeps answers
 * until a write, so the shop's list of sessions to come is dropped when one of them has begun.
 */
export async function sessionStartedWithin(db: Db, minutes: number): Promise<boolean> {
  const row = await db
    .selectFrom('courseSessions')
    .select('id')
    .where('published', '=', true)
    .where('startsAt', '<=', sql<string>`now()`)
    .where('startsAt', '>', sql<string>`now() - make_interval(mins => ${minutes})`)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

const refuse = (code: 'BAD_REQUEST' | 'CONFLICT', message: string): never => {
  throw new TRPCError({ code, message });
};

/**
 * A training's line names its session (the date and place, on the receipt and the invoice too).
 * A training that has sessions to come is booked on one of them; a session of another training,
 * closed or past is refused with what to do.
 */
export async function sessionOfLine(tx: Db, line: OrderLine, sessionId: string | undefined): Promise<OrderLine> {
  if (line.type !== 'course') return line;
  if (!sessionId) {
    const open = await tx
      .selectFrom('courseSessions')
      .select('id')
      .where('course', '=', line.id)
      .where('published', '=', true)
      .where('startsAt', '>', sql<string>`now()`)
      .limit(1)
      .executeTakeFirst();
    if (open) refuse('BAD_REQUEST', `Choisissez une session pour « ${line.name} » dans votre panier.`);
    return line;
  }
  const session = await tx
    .selectFrom('courseSessions')
    .select(['startsAt', 'online', 'place', 'published', sql<boolean>`starts_at > now()`.as('ahead')])
    .where('id', '=', sessionId)
    .where('course', '=', line.id)
    .executeTakeFirst();
  if (!session || !session.published || !session.ahead) {
    refuse('BAD_REQUEST', `Cette session de « ${line.name} » n’est plus proposée : choisissez-en une autre dans votre panier.`);
  }
  const when = { startsAt: new Date(session!.startsAt).toISOString(), online: session!.online, place: session!.place };
  return { ...line, name: `${line.name} (${sessionLabel(when)})`, sessionId };
}

/**
 * Takes (sign -1) or gives back (sign +1) the seats of an order's sessions, inside its
 * transaction: the conditional UPDATE means two shoppers can never both take the last seat.
 * Taking fails in French when too few are left on a session to come; giving back never fails.
 */
export async function moveSeats(
  tx: Db,
  lines: readonly OrderLine[],
  sign: 1 | -1,
  refusal: (line: OrderLine, left: number) => string = sessionFull,
) {
  for (const line of lines) {
    if (!line.sessionId) continue;
    if (sign > 0) {
      await tx
        .updateTable('courseSessions')
        .set({ seatsTaken: sql`greatest(seats_taken - ${line.quantity}, 0)` })
        .where('id', '=', line.sessionId)
        .execute();
      continue;
    }
    const taken = await tx
      .updateTable('courseSessions')
      // A session that has begun is no longer booked: an order reopened after it (cancelled by
      // mistake, say) comes back whatever seats were left, counted up to the room's size. Orders are
      // never placed on one (sessionOfLine).
      .set({
        seatsTaken: sql`CASE WHEN starts_at <= now() THEN least(seats, seats_taken + ${line.quantity}) ELSE seats_taken + ${line.quantity} END`,
      })
      .where('id', '=', line.sessionId)
      .where(sql<boolean>`(seats_taken + ${line.quantity} <= seats OR starts_at <= now())`)
      .returning('id')
      .executeTakeFirst();
    if (!taken) {
      const left = await tx
        .selectFrom('courseSessions')
        .select(['seats', 'seatsTaken'])
        .where('id', '=', line.sessionId)
        .executeTakeFirst();
      refuse('CONFLICT', refusal(line, left ? Math.max(0, left.seats - left.seatsTaken) : 0));
    }
  }
}

/** The shopper's words when a session is full (or has fewer seats left than asked). */
export const sessionFull = (line: OrderLine, left: number) =>
  left === 0
    ? `Plus aucune place pour « ${line.name} » : choisissez une autre session dans votre panier.`
    : `Il ne reste que ${left} place${left > 1 ? 's' : ''} pour « ${line.name} » : réduisez la quantité ou choisissez une autre session.`;
