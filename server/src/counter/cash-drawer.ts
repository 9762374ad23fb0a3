import { cashSessions, type CashMovement, formatDifference, formatXOF, refundMethods, type RowOfResource } from '@app/shared';
import { TRPCError } from '@trpc/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { getRecord } from '../crud/repository';
import { shopOnPaper } from '../orders/documents';
import { round2 } from '../orders/place-order';
import { dateTime, onRoll, shopHeader } from '../orders/ticket';

type Db = Kysely<Database>;
export type CashSession = RowOfResource<typeof cashSessions>;

const refuse = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

/**
 * What a day of the drawer should hold, from its float, its movements and the counter's sales
 * recorded while it was open (not cancelled): cash, and Mobile Money received on the shop's phone.
 */
export async function drawerFigures(db: Db, session: Pick<CashSession, 'id' | 'openingFloat' | 'movements' | 'closedAt'>) {
  const sales = await db
    .selectFrom('orders')
    .select([
      sql<string>`count(*)`.as('count'),
      sql<string>`coalesce(sum(total), 0)`.as('total'),
      sql<string>`coalesce(sum(cash_amount), 0)`.as('cash'),
      sql<string>`coalesce(sum(credit_amount), 0)`.as('credit'),
    ])
    .where('cashSession', '=', session.id)
    .where('status', '<>', 'cancelled')
    .executeTakeFirstOrThrow();
  // Sales made offline during the day and received once it was closed: not in its count.
  const late = session.closedAt
    ? await db
        .selectFrom('orders')
        .select([sql<string>`count(*)`.as('count'), sql<string>`coalesce(sum(cash_amount), 0)`.as('cash')])
        .where('cashSession', '=', session.id)
        .where('status', '<>', 'cancelled')
        .where('createdAt', '>', session.closedAt)
        .executeTakeFirstOrThrow()
    : { count: '0', cash: '0' };
  // Returns paid back during the day: in cash from the drawer, by Mobile Money from the shop's phone.
  const refunds = await db
    .selectFrom('returns')
    .select([
      sql<string>`count(*)`.as('count'),
      sql<string>`coalesce(sum(amount) FILTER (WHERE refund_method = 'cash'), 0)`.as('cash'),
      sql<string>`coalesce(sum(amount) FILTER (WHERE refund_method = 'mobile_money'), 0)`.as('mobile'),
    ])
    .where('cashSession', '=', session.id)
    .executeTakeFirstOrThrow();
  const moved = (kind: CashMovement['kind']) => session.movements.filter((m) => m.kind === kind).reduce((sum, m) => sum + m.amount, 0);
  const [total, cash] = [Number(sales.total), Number(sales.cash)];
  const [refundedCash, refundedMobileMoney] = [Number(refunds.cash), Number(refunds.mobile)];
  return {
    salesCount: Number(sales.count),
    salesTotal: total,
    cashIn: moved('in'),
    cashOut: moved('out'),
    refundsCount: Number(refunds.count),
    refundedCash,
    refundedMobileMoney,
    expectedCash: round2(Number(session.openingFloat) + cash + moved('in') - moved('out') - refundedCash),
    // What a customer's credit paid came in neither as cash nor on the phone.
    expectedMobileMoney: round2(total - cash - Number(sales.credit) - refundedMobileMoney),
    lateCount: Number(late.count),
    lateCash: Number(late.cash),
  };
}

/** The day open, locked for this transaction (a closing or a movement waits for the other). */
const openDay = (tx: Db) => tx.selectFrom('cashSessions').selectAll().where('closedAt', 'is', null).forUpdate().executeTakeFirst();

async function openOrRefuse(tx: Db) {
  const day = await openDay(tx);
  if (!day) throw refuse('La caisse est fermée : ouvrez la journée avec son fond de caisse.');
  return day as unknown as CashSession;
}

/** The day open now with what it should hold, or null. */
export async function currentDrawer(db: Db) {
  const day = await db.selectFrom('cashSessions').select('id').where('closedAt', 'is', null).executeTakeFirst();
  if (!day) return null;
  const session = (await getRecord(db, cashSessions, 'admin', day.id)) as CashSession;
  return { session, figures: await drawerFigures(db, session) };
}

const dayName = () => `Journée du ${new Date().toLocaleDateString('fr-FR', { dateStyle: 'full', timeZone: 'Africa/Porto-Novo' })}`;

/** Opens the day with the notes and coins in the drawer ("fond de caisse"). */
export async function openDrawer(tx: Db, openingFloat: number, by: string) {
  if (await openDay(tx)) throw refuse('Une journée de caisse est déjà ouverte : clôturez-la avant d’en ouvrir une autre.');
  const row = await tx
    .insertInto('cashSessions')
    .values({ name: dayName(), openedBy: by, openingFloat, movements: JSON.stringify([]) as never })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getRecord(tx, cashSessions, 'admin', row.id) as Promise<CashSession>;
}

/** Cash put in (change brought from the bank) or taken out (a purchase, a deposit), with its reason. */
export async function moveCash(tx: Db, move: Omit<CashMovement, 'at' | 'by'>, by: string) {
  const day = await openOrRefuse(tx);
  if (move.kind === 'out') {
    const { expectedCash } = await drawerFigures(tx, day);
    if (move.amount > expectedCash)
      throw refuse(`Sortie impossible : la caisse ne devrait contenir que ${formatXOF(expectedCash)} en espèces.`);
  }
  const movement: CashMovement = { ...move, at: new Date().toISOString(), by };
  await tx
    .updateTable('cashSessions')
    .set({ movements: sql`movements || ${JSON.stringify([movement])}::jsonb`, updatedAt: sql<string>`now()` })
    .where('id', '=', day.id)
    .execute();
  return getRecord(tx, cashSessions, 'admin', day.id) as Promise<CashSession>;
}

/**
 * "Clôture de caisse": what was counted per payment method against what the day should hold; the
 * differences are kept with the day, which nobody changes afterwards (its Z report is the record).
 */
export async function closeDrawer(
  tx: Db,
  count: { countedCash: number; countedMobileMoney: number; note?: string | undefined },
  by: string,
) {
  const day = await openOrRefuse(tx);
  const figures = await drawerFigures(tx, day);
  await tx
    .updateTable('cashSessions')
    .set({
      closedAt: sql<string>`now()`,
      closedBy: by,
      salesCount: figures.salesCount,
      salesTotal: figures.salesTotal,
      expectedCash: figures.expectedCash,
      countedCash: count.countedCash,
      cashDifference: round2(count.countedCash - figures.expectedCash),
      expectedMobileMoney: figures.expectedMobileMoney,
      countedMobileMoney: count.countedMobileMoney,
      mobileMoneyDifference: round2(count.countedMobileMoney - figures.expectedMobileMoney),
      closingNote: count.note?.trim() || null,
      updatedAt: sql<string>`now()`,
    })
    .where('id', '=', day.id)
    .execute();
  return getRecord(tx, cashSessions, 'admin', day.id) as Promise<CashSession>;
}

/**
 * The day a counter sale belongs to, so that its cash is always expected somewhere. A sale made
 * offline belongs to the day open when it was made, even if that day was closed since (its Z report
 * then lists it as received after the closing); any other sale to the day open now, which the sale
 * opens (with no float) when the drawer is closed. Waits while the open day is being closed.
 */
export async function dayForSale(tx: Db, soldAt: Date | null, seller: string): Promise<{ id: string; closed: CashSession | null }> {
  if (soldAt) {
    const then = await tx
      .selectFrom('cashSessions')
      .select(['id', 'closedAt'])
      .where('createdAt', '<=', soldAt.toISOString())
      .where((eb) => eb.or([eb('closedAt', 'is', null), eb('closedAt', '>', soldAt.toISOString())]))
      .orderBy('createdAt', 'desc')
      .forShare()
      .executeTakeFirst();
    if (then) return { id: then.id, closed: then.closedAt ? ((await getRecord(tx, cashSessions, 'admin', then.id)) as CashSession) : null };
  }
  const open = () => tx.selectFrom('cashSessions').select('id').where('closedAt', 'is', null).forShare().executeTakeFirst();
  const day = await open();
  if (day) return { id: day.id, closed: null };
  await tx
    .insertInto('cashSessions')
    .values({
      name: `${dayName()} (ouverte par une vente)`,
      openedBy: seller,
      openingFloat: 0,
      movements: JSON.stringify([]) as never,
    })
    .onConflict((oc) =>
      oc
        .expression(sql`(true)`)
        .where('closedAt', 'is', null)
        .doNothing(),
    )
    .execute();
  return { id: (await open())!.id, closed: null };
}

/**
 * The day's report on the counter's roll: "Rapport Z" once closed (the record of the day), "Rapport
 * X" while open (where it stands). Null for an unknown day.
 */
export async function renderDrawerReport(db: Db, fontDir: string, id: string): Promise<Buffer | null> {
  const session = (await getRecord(db, cashSessions, 'admin', id).catch(() => null)) as CashSession | null;
  if (!session) return null;
  const shop = await shopOnPaper(db);
  const figures = await drawerFigures(db, session);
  const closed = session.closedAt !== null;
  // People by the name the team knows them by (an e-mail for someone since removed).
  const refunds = await db
    .selectFrom('returns')
    .select(['number', 'amount', 'refundMethod', 'actor', 'createdAt'])
    .where('cashSession', '=', id)
    .orderBy('createdAt')
    .execute();
  const emails = [session.openedBy, session.closedBy, ...session.movements.map((m) => m.by), ...refunds.map((r) => r.actor)].filter(
    (e): e is string => !!e,
  );
  const team = await db.selectFrom('admins').select(['email', 'displayName']).where('email', 'in', emails).execute();
  const who = (email: string | null) => team.find((m) => m.email === email)?.displayName || email;
  const title = closed ? 'Rapport Z' : 'Rapport X';
  const info = { Title: `${title} – ${session.name}`, Author: shop.businessName };
  return onRoll(fontDir, shop.ticketWidth, info, (roll) => {
    const { doc, centered, pair, rule } = roll;
    shopHeader(roll, shop);
    doc.moveDown(0.5);
    centered(title.toUpperCase(), true, 1.15);
    centered(closed ? session.name : `${session.name} (en cours, non clôturée)`);
    centered(`Ouverte le ${dateTime(session.createdAt)} par ${who(session.openedBy)}`);
    if (closed) centered(`Clôturée le ${dateTime(session.closedAt!)} par ${who(session.closedBy)}`);
    rule();
    pair('Ventes au comptoir', String(closed ? session.salesCount : figures.salesCount));
    pair('Total des ventes', formatXOF(closed ? session.salesTotal! : figures.salesTotal), true);
    rule();
    const expectedCash = closed ? Number(session.expectedCash) : figures.expectedCash;
    centered('ESPÈCES', true);
    pair('Fond de caisse', formatXOF(session.openingFloat));
    pair(
      'Ventes en espèces',
      formatXOF(round2(expectedCash - Number(session.openingFloat) - figures.cashIn + figures.cashOut + figures.refundedCash)),
    );
    pair('Entrées', formatXOF(figures.cashIn));
    pair('Sorties', formatXOF(figures.cashOut));
    if (figures.refundedCash) pair('Remboursements', `−${formatXOF(figures.refundedCash)}`);
    pair('Attendu', formatXOF(expectedCash), true);
    if (closed) {
      pair('Compté', formatXOF(session.countedCash!));
      pair('Écart', formatDifference(Number(session.cashDifference)), true);
    }
    rule();
    centered('MOBILE MONEY', true);
    pair('Attendu', formatXOF(closed ? session.expectedMobileMoney! : figures.expectedMobileMoney), true);
    if (closed) {
      pair('Constaté', formatXOF(session.countedMobileMoney!));
      pair('Écart', formatDifference(Number(session.mobileMoneyDifference)), true);
    }
    if (session.movements.length) {
      rule();
      centered('ENTRÉES ET SORTIES', true);
      for (const m of session.movements) {
        pair(
          `${dateTime(m.at).slice(-5)} ${m.kind === 'in' ? 'Entrée' : 'Sortie'} par ${who(m.by)}`,
          `${m.kind === 'in' ? '+' : '−'}${formatXOF(m.amount)}`,
        );
        doc.font('regular').text(m.reason, roll.x, doc.y, { width: roll.width });
      }
    }
    if (refunds.length) {
      rule();
      centered('RETOURS REMBOURSÉS', true);
      for (const r of refunds) {
        pair(`${dateTime(r.createdAt).slice(-5)} ${r.number} par ${who(r.actor)}`, `−${formatXOF(Number(r.amount))}`);
        doc.font('regular').text(refundMethods[r.refundMethod], roll.x, doc.y, { width: roll.width });
      }
    }
    if (figures.lateCount) {
      rule();
      centered('REÇUES APRÈS LA CLÔTURE', true);
      pair(`Ventes hors ligne de la journée (${figures.lateCount})`, formatXOF(figures.lateCash));
      doc.font('regular').text('Leurs espèces n’étaient pas attendues au comptage ci-dessus.', roll.x, doc.y, { width: roll.width });
    }
    if (session.closingNote) {
      rule();
      doc.font('regular').text(`Commentaire : ${session.closingNote}`, roll.x, doc.y, { width: roll.width });
    }
    rule();
    centered(`Imprimé le ${dateTime(new Date().toISOString())}`);
  });
}
