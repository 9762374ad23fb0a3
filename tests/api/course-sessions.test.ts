import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionStartedWithin } from '../../server/src/sessions/seats';
import { remindSessions } from '../../server/src/sessions/reminders';
import { ADMIN, adminCookie, failure, startTestApp, type TestApp } from '../support/app';
import { exportFile } from '../support/export';
import { startSmtpStandIn } from '../support/smtp-stand-in';

// Training sessions: the shop shows those to come with their seats left; a seat is taken in the
// order's transaction like stock (never two shoppers on the last one), given back on cancellation;
// the owner sees and exports who registered; the day before, each participant is reminded once.

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
  smtp.accept();
  app = await startTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const inDays = (days: number, hour = 9) => {
  // That day in Benin (UTC+1), at 9:00 there.
  const d = new Date(Date.now() + 3_600_000 + days * 86_400_000);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hour - 1)).toISOString();
};

async function course(published = true) {
  return (await app.asAdmin.cryptoCourses.create({
    title: `Bitcoin pas à pas ${randomUUID().slice(0, 6)}`,
    duration: '2 jours',
    price: 30_000,
    description: 'Les bases',
    image: 'https://exemple.bj/bitcoin.jpg',
    published,
  })) as { id: string; title: string };
}
type Session = { id: string; seats: number; seatsTaken: number; remindedAt: string | null };
async function session(courseId: string, data: Record<string, unknown> = {}) {
  return (await app.asAdmin.courseSessions.create({
    course: courseId,
    startsAt: inDays(10),
    place: 'Cotonou, Haie Vive',
    seats: 2,
    ...data,
  })) as Session;
}
const seatsTaken = async (id: string) => ((await app.asAdmin.courseSessions.get({ id })) as Session).seatsTaken;

let phones = 0;
function book(courseId: string, sessionId: string | undefined, quantity = 1, extra: Record<string, unknown> = {}) {
  return app.asVisitor.orders.place({
    customerName: 'Afi Dossou',
    phone: `+2290196${String(++phones).padStart(6, '0')}`,
    items: [{ id: courseId, type: 'course', quantity, ...(sessionId ? { sessionId } : {}) }],
    idempotencyKey: randomUUID(),
    ...extra,
  }) as Promise<{ id: string; number: string; trackingToken: string; items: { name: string; sessionId?: string }[] }>;
}
type Upcoming = { id: string; courseId: string; seatsLeft: number; place: string | null; online: boolean; link?: unknown };
const upcoming = async () => (await app.asVisitor.courseSessions.upcoming()) as Upcoming[];

describe('training sessions in the shop', () => {
  it('shows the open sessions to come of published trainings, soonest first, with their seats left and never their link', async () => {
    const c = await course();
    const later = await session(c.id, { startsAt: inDays(20), online: true, place: null, link: 'https://meet.exemple.bj/secret' });
    const soon = await session(c.id, { startsAt: inDays(5) });
    const past = await session(c.id, { startsAt: inDays(-1) });
    const closed = await session(c.id, { published: false });
    const hidden = await session((await course(false)).id);
    const shown = (await upcoming()).filter((s) => s.courseId === c.id);
    expect(shown.map((s) => s.id)).toEqual([soon.id, later.id]);
    expect(shown[0]).toMatchObject({ seatsLeft: 2, place: 'Cotonou, Haie Vive', online: false });
    expect(shown[1]).toMatchObject({ online: true, place: null });
    expect(JSON.stringify(await upcoming())).not.toContain('secret');
    const ids = (await upcoming()).map((s) => s.id);
    for (const s of [past, closed, hidden]) expect(ids).not.toContain(s.id);
  });

  it('tells the housekeeping when a session has just begun (the cached list of sessions to come is then dropped)', async () => {
    const c = await course();
    const starting = await session(c.id, { startsAt: new Date(Date.now() + 60_000).toISOString() });
    expect((await upcoming()).map((s) => s.id)).toContain(starting.id);
    await app.asAdmin.courseSessions.update({ id: starting.id, data: { startsAt: new Date(Date.now() - 30_000).toISOString() } });
    expect(await sessionStartedWithin(app.db, 2)).toBe(true);
    expect((await upcoming()).map((s) => s.id)).not.toContain(starting.id);
    await app.asAdmin.courseSessions.update({ id: starting.id, data: { startsAt: new Date(Date.now() - 10 * 60_000).toISOString() } });
    expect(await sessionStartedWithin(app.db, 2)).toBe(false);
  });

  it('books the last seat, refuses the next booking in French, and frees the seat when the order is cancelled', async () => {
    const c = await course();
    const s = await session(c.id, { seats: 2 });
    const first = await book(c.id, s.id, 2);
    expect(first.items[0]).toMatchObject({ sessionId: s.id });
    expect(first.items[0]!.name).toMatch(/^Bitcoin pas à pas \w+ \(session du \S+ \d+ \S+ \d{4} à 09:00, Cotonou, Haie Vive\)$/);
    expect(await seatsTaken(s.id)).toBe(2);
    expect((await upcoming()).find((u) => u.id === s.id)?.seatsLeft).toBe(0);

    const refused = await failure(book(c.id, s.id));
    expect(refused.code).toBe('CONFLICT');
    expect(refused.message).toMatch(/^Plus aucune place pour « Bitcoin pas à pas .* » : choisissez une autre session dans votre panier\.$/);

    await app.asAdmin.orders.transition({ id: first.id, to: 'cancelled' });
    expect(await seatsTaken(s.id)).toBe(0);
    const second = await book(c.id, s.id);
    expect(await seatsTaken(s.id)).toBe(1);
    // The cancelled order cannot come back onto seats now taken by someone else... until one is free.
    await book(c.id, s.id);
    const reopen = await failure(app.asAdmin.orders.reopen({ id: first.id }));
    expect(reopen.message).toMatch(/^Plus assez de places \(0 libre\(s\)\) pour « .* » : la commande ne peut pas être rouverte\.$/);
    await app.asAdmin.orders.transition({ id: second.id, to: 'cancelled' });
    expect(await seatsTaken(s.id)).toBe(1);
  });

  it('reopens an order cancelled after its session began, even when the session filled up since', async () => {
    const c = await course();
    const s = await session(c.id, { seats: 1 });
    const order = await book(c.id, s.id);
    await app.asAdmin.orders.transition({ id: order.id, to: 'cancelled' });
    // Another shopper took the only seat since: the session is full.
    const other = await book(c.id, s.id);
    expect(other.items[0]).toMatchObject({ sessionId: s.id });
    expect(await seatsTaken(s.id)).toBe(1);
    // The session has begun (it was moved to this morning, as its day came).
    await app.db
      .updateTable('courseSessions')
      .set({ startsAt: inDays(0, 0) })
      .where('id', '=', s.id)
      .execute();
    const reopened = await app.asAdmin.orders.reopen({ id: order.id });
    expect(reopened.status).toBe('new');
    // Counted up to the room's size; a session to come still refuses such a reopening (the test above).
    expect(await seatsTaken(s.id)).toBe(1);
  });

  it('gives 3 seats to exactly 3 of 10 shoppers booking at once', async () => {
    const c = await course();
    const s = await session(c.id, { seats: 3 });
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => book(c.id, s.id)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results.filter((r) => r.status === 'rejected')) expect(String(r.reason)).toMatch(/Plus aucune place/);
    expect(await seatsTaken(s.id)).toBe(3);
    const participants = (await app.asAdmin.courseSessions.participants({ id: s.id })) as { seats: number }[];
    expect(participants.reduce((n, p) => n + p.seats, 0)).toBe(3);
  });

  it('asks for a session when the training has some, and refuses a past, closed or foreign one', async () => {
    const c = await course();
    await session(c.id);
    expect((await failure(book(c.id, undefined))).message).toMatch(
      /^Choisissez une session pour « Bitcoin pas à pas .* » dans votre panier\.$/,
    );
    const past = await session(c.id, { startsAt: inDays(-2) });
    const closed = await session(c.id, { published: false });
    const other = await session((await course()).id);
    for (const s of [past, closed, other]) {
      expect((await failure(book(c.id, s.id))).message).toMatch(/n’est plus proposée : choisissez-en une autre dans votre panier\.$/);
    }
    expect((await failure(book(c.id, 'pas-un-id'))).message).toMatch(/Session inconnue/);
    // A training without sessions to come is still sold as before.
    const timeless = await course();
    expect((await book(timeless.id, undefined)).items[0]!.sessionId).toBeUndefined();
  });

  it('gives the online link on the order’s tracking page once paid or confirmed, not on a mere booking', async () => {
    const c = await course();
    const s = await session(c.id, { online: true, place: null, link: 'https://meet.exemple.bj/abc-defg' });
    const order = await book(c.id, s.id);
    type Tracked = { sessionLinks: { name: string; link: string | null }[] };
    const track = async (o: { trackingToken: string }) => (await app.asVisitor.orders.track({ token: o.trackingToken })) as Tracked;
    // Anonymous, new, unpaid: the session is named, its link kept back.
    expect((await track(order)).sessionLinks).toEqual([{ name: expect.stringContaining('en ligne'), link: null }]);
    await app.asAdmin.orders.transition({ id: order.id, to: 'confirmed' });
    expect((await track(order)).sessionLinks).toEqual([
      { name: expect.stringContaining('en ligne'), link: 'https://meet.exemple.bj/abc-defg' },
    ]);
    // Paid without the owner's confirmation (Mobile Money, or cash marked received) gives it too.
    const paid = await book(c.id, s.id);
    expect((await track(paid)).sessionLinks[0]?.link).toBeNull();
    await app.asAdmin.orders.setPayment({ id: paid.id, to: 'paid' });
    expect((await track(paid)).sessionLinks[0]?.link).toBe('https://meet.exemple.bj/abc-defg');
    await app.asAdmin.orders.transition({ id: order.id, to: 'cancelled' });
    expect((await track(order)).sessionLinks).toEqual([]);
  });

  it('refuses in French to delete a training that still has sessions, and checks a session’s own rules', async () => {
    const c = await course();
    await session(c.id);
    const refused = await failure(app.asAdmin.cryptoCourses.delete({ id: c.id }));
    expect(refused.code).toBe('CONFLICT');
    // Said from the declaration of what points at it (its label), not a list of examples.
    expect(refused.message).toBe(
      'Impossible de le supprimer : des sessions de formation y sont liées. Supprimez-les d’abord, ou dépubliez-le.',
    );
    const noPlace = await failure(app.asAdmin.courseSessions.create({ course: c.id, startsAt: inDays(3), seats: 5 }));
    expect(noPlace.fieldErrors?.place).toBe('Indiquez le lieu d’une session en présentiel.');
    const backwards = await failure(
      app.asAdmin.courseSessions.create({ course: c.id, startsAt: inDays(3), endsAt: inDays(2), online: true, seats: 5 }),
    );
    expect(backwards.fieldErrors?.endsAt).toBe('La fin doit venir après le début.');
    const unknown = await failure(app.asAdmin.courseSessions.create({ course: randomUUID(), startsAt: inDays(3), online: true, seats: 5 }));
    expect(unknown.code).toBe('BAD_REQUEST');
    const s = await session(c.id, { seats: 3 });
    await book(c.id, s.id, 2);
    const fewer = await failure(app.asAdmin.courseSessions.update({ id: s.id, data: { seats: 1 } }));
    expect(fewer.fieldErrors?.seats).toBe('Moins de places que d’inscrits : annulez d’abord des inscriptions.');
  });
});

describe('the owner’s list of participants', () => {
  it('lists who registered with their phones and seats, and exports them for French Excel', async () => {
    const c = await course();
    const s = await session(c.id, { seats: 10 });
    const a = await book(c.id, s.id, 2, { customerName: 'Koffi Mensah', phone: '01 97 55 44 33', email: 'koffi@exemple.bj' });
    await book(c.id, s.id, 1, { customerName: 'Awa Sossou', phone: '+229 01 96 11 22 33' });
    const cancelled = await book(c.id, s.id, 1, { customerName: 'Parti Avant' });
    await app.asAdmin.orders.transition({ id: cancelled.id, to: 'cancelled' });
    const people = await app.asAdmin.courseSessions.participants({ id: s.id });
    expect(people.map((p) => [p.customerName, p.phone, p.seats])).toEqual([
      ['Koffi Mensah', '+2290197554433', 2],
      ['Awa Sossou', '+2290196112233', 1],
    ]);
    expect(people[0]).toMatchObject({ number: a.number, email: 'koffi@exemple.bj', status: 'new' });
    expect((await failure(app.asVisitor.courseSessions.participants({ id: s.id }))).code).toBe('UNAUTHORIZED');

    const cookie = await adminCookie(app.url);
    const res = await exportFile(app.url, 'participants.csv', { session: s.id }, cookie);
    expect(res.status).toBe(200);
    expect(res.count).toBe(2);
    const text = res.csv;
    expect(text.startsWith('\uFEFF"Nom";"Téléphone";"E-mail";"Places"')).toBe(true);
    expect(text).toContain('"Koffi Mensah";"01 97 55 44 33";"koffi@exemple.bj";"2"');
    expect(text).not.toContain('Parti Avant');
    expect((await fetch(`${app.url}/api/exports/participants.csv?session=${s.id}`)).status).toBe(401);
    const missing = await fetch(`${app.url}/api/exports/participants.csv?session=${randomUUID()}`, { headers: { cookie } });
    expect(missing.status).toBe(404);
  });
});

describe('the reminder the day before', () => {
  it('reminds each participant of tomorrow’s session once, whatever the number of runs, with the owner’s WhatsApp list', async () => {
    const c = await course();
    const tomorrow = await session(c.id, {
      startsAt: inDays(1, 10),
      online: true,
      place: null,
      link: 'https://meet.exemple.bj/demain',
      seats: 5,
    });
    const later = await session(c.id, { startsAt: inDays(3), seats: 5 });
    const email = `rappel-${randomUUID().slice(0, 6)}@exemple.bj`;
    // Sena's order is confirmed: her reminder carries the link. The other is unpaid: not yet.
    const sena = await book(c.id, tomorrow.id, 1, { customerName: 'Sena Ahouansou', email });
    await app.asAdmin.orders.transition({ id: sena.id, to: 'confirmed' });
    await book(c.id, tomorrow.id, 1, { customerName: 'Sans Courriel' });
    await book(c.id, later.id, 1, { customerName: 'Plus Tard', email: `tard-${email}` });

    // Two servers' runs at once, then a later one: one claim.
    const runs = await Promise.all([remindSessions(app.db, app.config), remindSessions(app.db, app.config)]);
    await remindSessions(app.db, app.config);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(((await app.asAdmin.courseSessions.get({ id: tomorrow.id })) as Session).remindedAt).not.toBeNull();
    expect(((await app.asAdmin.courseSessions.get({ id: later.id })) as Session).remindedAt).toBeNull();

    const reminders = () => smtp.received.filter((m) => m.to.includes(email) && m.subject.startsWith('Rappel'));
    await expect.poll(() => reminders().length, { timeout: 15_000 }).toBe(1);
    const mail = reminders()[0]!;
    expect(mail.subject).toBe(`Rappel : votre formation « ${c.title} » a lieu demain`);
    expect(mail.text).toContain('Bonjour Sena Ahouansou, petit rappel');
    expect(mail.text).toContain('https://meet.exemple.bj/demain');
    const ownerAlerts = () => smtp.received.filter((m) => m.to.includes(ADMIN.email) && m.subject.includes(`Demain : « ${c.title} »`));
    await expect.poll(() => ownerAlerts().length, { timeout: 15_000 }).toBe(1);
    const alert = ownerAlerts()[0]!;
    expect(alert.subject).toBe(`Demain : « ${c.title} » (2 inscrits)`);
    expect(alert.text).toMatch(
      /Sans Courriel \(\+229 01 96 \d\d \d\d \d\d, 1 place, commande [^)]+\) : https:\/\/wa\.me\/22901\d{8}\?text=Bonjour/,
    );
    expect(alert.text).toContain(`/admin/sessions/${tomorrow.id}`);
    const unpaidMessage = decodeURIComponent(/Sans Courriel .*?text=(\S+)/.exec(alert.text)![1]!);
    expect(unpaidMessage).toContain('Le lien pour la rejoindre vous sera donné dès votre paiement reçu.');
    expect(unpaidMessage).not.toContain('meet.exemple.bj');
    expect(smtp.received.filter((m) => m.to.includes(`tard-${email}`) && m.subject.startsWith('Rappel'))).toHaveLength(0);
    // Moved to another day, it is reminded again the day before the new date.
    const moved = (await app.asAdmin.courseSessions.update({ id: tomorrow.id, data: { startsAt: inDays(4, 10) } })) as Session;
    expect(moved.remindedAt).toBeNull();
    const queued = await sql<{ n: string }>`SELECT count(*) AS n FROM outbox WHERE recipient = ${email} AND subject LIKE 'Rappel%'`.execute(
      app.db,
    );
    expect(Number(queued.rows[0]!.n)).toBe(1);
  });
});

describe('a session the owner changes', () => {
  it('tells its participants of the new date or place (mail, and WhatsApp messages for the owner), and nobody of a mere seat count', async () => {
    const c = await course();
    const s = await session(c.id, { seats: 5, startsAt: inDays(8) });
    const email = `change-${randomUUID().slice(0, 6)}@exemple.bj`;
    await book(c.id, s.id, 1, { customerName: 'Mahougnon Kpade', email });
    await book(c.id, s.id, 1, { customerName: 'Sans Courriel' });
    const changes = () => smtp.received.filter((m) => m.to.includes(email) && m.subject.startsWith('Changement'));

    await app.asAdmin.courseSessions.update({ id: s.id, data: { seats: 8 } });
    await app.asAdmin.courseSessions.update({ id: s.id, data: { startsAt: inDays(9, 14), place: 'Porto-Novo, Ouando' } });
    await expect.poll(() => changes().length, { timeout: 15_000 }).toBe(1);
    const mail = changes()[0]!;
    expect(mail.subject).toBe(`Changement : votre formation « ${c.title} »`);
    expect(mail.text).toMatch(
      /^Bonjour Mahougnon Kpade, votre formation « .* » change : elle a lieu désormais le \S+ \d+ \S+ \d{4} à 14:00, Porto-Novo, Ouando\./,
    );
    const alerts = () =>
      smtp.received.filter((m) => m.to.includes(ADMIN.email) && m.subject.startsWith(`Session modifiée : « ${c.title} »`));
    await expect.poll(() => alerts().length, { timeout: 15_000 }).toBe(1);
    expect(alerts()[0]!.subject).toBe(`Session modifiée : « ${c.title} » (2 inscrits à prévenir)`);
    expect(alerts()[0]!.text).toMatch(
      /Sans Courriel \(\+229 01 96 [\d ]+, 1 place, commande [^)]+\) : https:\/\/wa\.me\/22901\d{8}\?text=Bonjour%20Sans%20Courriel/,
    );
    // The booked lines say the new date and place (tracking page, receipt); the old ones are gone.
    const order = (await app.asAdmin.orders.list({ pageSize: 50 })).rows.find(
      (o: { customerName: string }) => o.customerName === 'Mahougnon Kpade',
    ) as { items: { name: string }[] } | undefined;
    expect(order!.items[0]!.name).toMatch(/^Bitcoin pas à pas \w+ \(session du \S+ \d+ \S+ \d{4} à 14:00, Porto-Novo, Ouando\)$/);
    // Only the seat count changed the first time: a single message in all.
    const queued = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM outbox WHERE recipient = ${email} AND subject LIKE 'Changement%'`.execute(app.db);
    expect(Number(queued.rows[0]!.n)).toBe(1);
  });
});
