import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { displayPhone, isEmail, mailbox, type OrderLine, trackingPath } from '@app/shared';
import { parsePhone } from '@app/shared/phone';
import { TRPCError } from '@trpc/server';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { enqueueMail, enqueueWhatsApp } from '../platform/outbox';
import { reachableOnWhatsApp } from '../whatsapp/messages';
import { creditBalance } from './credit';
import { pointsAccount } from './loyalty';

type Db = Kysely<Database>;

/**
 * « Mon espace » (issue 59): a customer signs in without a password, with a code of 6 digits sent
 * by WhatsApp (the authentication template) or by e-mail to the phone or the address of their past
 * orders; who they are is that phone, which the orders, web and counter, are matched by.
 * - A code lives 10 minutes, is used once and allows 5 tries. Three are sent per phone or address
 *   in 15 minutes, ten a day; the tRPC layer also limits each device's address (router).
 * - An unknown phone or address gets a row too, with a code nobody receives: the answer, the
 *   throttle and the tries are the same whether or not it ever ordered.
 * - The session is a cookie of 180 days whose token is kept hashed; it may be closed, one or all.
 */

export const CODE_MINUTES = 10;
export const CODES_PER_WINDOW = 3;
export const WINDOW_MINUTES = 15;
export const CODES_PER_DAY = 10;
export const TRIES_PER_CODE = 5;
export const SESSION_DAYS = 180;
export const customerCookieName = (config: Config) => (config.production ? '__Host-espace' : 'espace');

export const CODE_SENT =
  'Si ce numéro ou cette adresse a déjà servi à une commande, un code à 6 chiffres vient d’y être envoyé (WhatsApp ou e-mail). Il est valable 10 minutes.';
const UNKNOWN_CONTACT = 'Indiquez le téléphone ou l’adresse e-mail donnés à vos commandes.';
const NO_CODE = 'Code expiré ou déjà utilisé : demandez un nouveau code.';

const refuse = (message: string, code: 'BAD_REQUEST' | 'TOO_MANY_REQUESTS' | 'UNAUTHORIZED' = 'BAD_REQUEST'): never => {
  throw new TRPCError({ code, message });
};
const hashed = (text: string) => createHash('sha256').update(text).digest('hex');
/** A code's hash, salted by its row: the same 6 digits never hash alike twice. */
const codeHash = (id: string, code: string) => hashed(`${id}:${code}`);

/** What the customer typed, as the codes are counted by it: a phone (E.164) or a mailbox. */
function destinationOf(contact: string): { phone: string } | { email: string } {
  const text = contact.trim();
  if (isEmail(text)) return { email: mailbox(text) };
  const phone = parsePhone(text);
  if (!phone) return refuse(UNKNOWN_CONTACT);
  return { phone: phone.e164 };
}
const keyOf = (d: { phone: string } | { email: string }) => ('phone' in d ? d.phone : d.email);

/** Whose orders this phone or address names, and where the code can reach them. */
async function whoIs(db: Db, config: Config, to: { phone: string } | { email: string }) {
  const latest = await db
    .selectFrom('orders')
    .select(['phone', 'email'])
    .$call((q) => ('phone' in to ? q.where('phone', '=', to.phone) : q.where(sql<string>`lower(email)`, '=', to.email)))
    .where('phone', 'is not', null)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest?.phone) return null;
  if ('email' in to) return { phone: latest.phone, channel: 'email' as const, address: latest.email! };
  const whatsapp = await reachableOnWhatsApp(db, config, latest.phone);
  if (whatsapp) return { phone: latest.phone, channel: 'whatsapp' as const, address: whatsapp };
  // Orders of this phone with an e-mail: the latest one.
  const mail = await db
    .selectFrom('orders')
    .select('email')
    .where('phone', '=', latest.phone)
    .where('email', 'is not', null)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return mail?.email ? { phone: latest.phone, channel: 'email' as const, address: mail.email } : null;
}

/** Sends a code to a phone or address of past orders, within the throttle; the same answer for anyone. */
export async function requestCode(db: Db, config: Config, contact: string, ip: string) {
  const to = destinationOf(contact);
  const destination = keyOf(to);
  const person = await whoIs(db, config, to);
  await db.transaction().execute(async (tx) => {
    // One request at a time per destination, so the counts hold against a burst.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`customer-code:${destination}`}))`.execute(tx);
    const recent = await tx
      .selectFrom('customerCodes')
      .select([
        sql<string>`count(*) FILTER (WHERE created_at > now() - make_interval(mins => ${WINDOW_MINUTES}))`.as('window'),
        sql<string>`count(*)`.as('day'),
      ])
      .where('destination', '=', destination)
      .where('createdAt', '>', sql<string>`now() - interval '1 day'`)
      .executeTakeFirstOrThrow();
    if (Number(recent.window) >= CODES_PER_WINDOW)
      refuse(`Trois codes déjà demandés : attendez ${WINDOW_MINUTES} minutes avant d’en demander un autre.`, 'TOO_MANY_REQUESTS');
    if (Number(recent.day) >= CODES_PER_DAY) refuse('Trop de codes demandés aujourd’hui : réessayez demain.', 'TOO_MANY_REQUESTS');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const id = crypto.randomUUID();
    await tx
      .insertInto('customerCodes')
      .values({
        id,
        destination,
        phone: person?.phone ?? null,
        channel: person?.channel ?? null,
        codeHash: codeHash(id, code),
        ip,
        expiresAt: sql`now() + make_interval(mins => ${CODE_MINUTES})`,
      } as never)
      .execute();
    if (!person) return;
    if (person.channel === 'whatsapp')
      await enqueueWhatsApp(
        tx,
        { to: person.address, template: 'code_connexion', values: [code], text: `${code} est votre code de vérification.` },
        0,
        { secret: code, expiresInMinutes: CODE_MINUTES },
      );
    else
      await enqueueMail(tx, {
        to: person.address,
        // Not in the subject: the staff read the subjects of the « Envois ».
        subject: 'Votre code de connexion à Mon espace',
        secret: code,
        expiresInMinutes: CODE_MINUTES,
        text: [
          'Bonjour,',
          '',
          `Votre code pour ouvrir Mon espace : ${code}`,
          '',
          `Il est valable ${CODE_MINUTES} minutes, une seule fois. Ne le donnez à personne : la boutique ne vous le demandera jamais.`,
          'Si vous n’avez rien demandé, ignorez ce message.',
        ].join('\n'),
      });
  });
  return { message: CODE_SENT };
}

/** The code typed: a session for the phone it was sent for, or a French refusal saying how many tries are left. */
export async function signIn(db: Db, contact: string, code: string, device: { ip: string; userAgent?: string | undefined }) {
  const destination = keyOf(destinationOf(contact));
  const typed = code.replace(/\D/g, '');
  if (typed.length !== 6) refuse('Le code a 6 chiffres.');
  // A wrong try is counted in its own commit: the refusal that follows must not roll it back.
  const outcome = await db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom('customerCodes')
      .selectAll()
      .where('destination', '=', destination)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', sql<string>`now()`)
      .orderBy('createdAt', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    type Outcome = { refused?: string; token?: string; phone?: string };
    if (!row || row.attempts >= TRIES_PER_CODE) return { refused: NO_CODE } as Outcome;
    const right = timingSafeEqual(Buffer.from(codeHash(row.id, typed)), Buffer.from(row.codeHash));
    if (!right || !row.phone) {
      const left = TRIES_PER_CODE - row.attempts - 1;
      await tx
        .updateTable('customerCodes')
        .set({ attempts: row.attempts + 1 })
        .where('id', '=', row.id)
        .execute();
      return {
        refused:
          left > 0
            ? `Code incorrect : encore ${left} essai${left > 1 ? 's' : ''}.`
            : 'Code incorrect, et plus d’essai : demandez un nouveau code.',
      };
    }
    await tx
      .updateTable('customerCodes')
      .set({ usedAt: sql`now()` })
      .where('id', '=', row.id)
      .execute();
    const token = randomBytes(32).toString('base64url');
    await tx
      .insertInto('customerSessions')
      .values({
        tokenHash: hashed(token),
        phone: row.phone,
        ip: device.ip,
        userAgent: device.userAgent?.slice(0, 500) ?? null,
        expiresAt: sql`now() + make_interval(days => ${SESSION_DAYS})`,
      })
      .execute();
    await tx
      .updateTable('customers')
      .set({ lastSignInAt: sql`now()` })
      .where('phone', '=', row.phone)
      .execute();
    return { token, phone: row.phone } as Outcome;
  });
  if (outcome.refused !== undefined) return refuse(outcome.refused, 'UNAUTHORIZED');
  return { token: outcome.token!, phone: outcome.phone! };
}

/** The phone a session cookie proves, or null (unknown, closed, expired). Seen at most once an hour. */
export async function customerOf(db: Db, token: string | undefined) {
  if (!token || token.length > 100) return null;
  const session = await db
    .selectFrom('customerSessions')
    .select(['id', 'phone', 'lastSeenAt'])
    .where('tokenHash', '=', hashed(token))
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', sql<string>`now()`)
    .executeTakeFirst();
  if (!session) return null;
  if (Date.now() - new Date(session.lastSeenAt).getTime() > 3_600_000)
    await db
      .updateTable('customerSessions')
      .set({ lastSeenAt: sql`now()` })
      .where('id', '=', session.id)
      .execute();
  return { sessionId: session.id, phone: session.phone };
}

/** Closes this session, or every session of the phone (« sur tous mes appareils »). */
export async function signOut(db: Db, session: { sessionId: string; phone: string }, everywhere: boolean) {
  await db
    .updateTable('customerSessions')
    .set({ revokedAt: sql`now()` })
    .$call((q) => (everywhere ? q.where('phone', '=', session.phone) : q.where('id', '=', session.sessionId)))
    .where('revokedAt', 'is', null)
    .execute();
}

/** What « Mon espace » shows: who, their orders (web and counter), where they were delivered, their consents. */
export async function mySpace(db: Db, phone: string) {
  const [customer, orders, subscriber, loyalty] = await Promise.all([
    db.selectFrom('customers').select(['name', 'email', 'marketingConsent']).where('phone', '=', phone).executeTakeFirst(),
    db
      .selectFrom('orders')
      .select([
        'number',
        'createdAt',
        'status',
        'paymentStatus',
        'total',
        'items',
        'channel',
        'trackingToken',
        'city',
        'address',
        'delivery',
        'email',
        'customerName',
      ])
      .where('phone', '=', phone)
      .orderBy('createdAt', 'desc')
      .limit(100)
      .execute(),
    db
      .selectFrom('customers')
      .innerJoin('newsletterSubscribers', (join) => join.on(sql`lower(newsletter_subscribers.email)`, '=', sql`lower(customers.email)`))
      .select(['newsletterSubscribers.confirmedAt', 'newsletterSubscribers.unsubscribedAt'])
      .where('customers.phone', '=', phone)
      .executeTakeFirst(),
    pointsAccount(db, phone),
  ]);
  // Their credit (« avoir ») from returns, by phone (credit.ts).
  const { balance: credit } = await creditBalance(db, phone);
  // The addresses delivered to, newest first, once each: what checkout offers to fill in.
  const addresses: { city: string; address: string; deliveryOptionId: string | null }[] = [];
  for (const o of orders) {
    if (!o.city || !o.address) continue;
    if (addresses.some((a) => a.city === o.city && a.address === o.address)) continue;
    if (addresses.length < 3) addresses.push({ city: o.city, address: o.address, deliveryOptionId: o.delivery?.id ?? null });
  }
  return {
    name: customer?.name ?? orders[0]?.customerName ?? '',
    phone: displayPhone(phone),
    email: customer?.email ?? null,
    addresses,
    consents: { offers: !!customer?.marketingConsent, newsletter: !!subscriber?.confirmedAt && !subscriber.unsubscribedAt },
    loyalty,
    credit,
    orders: orders.map((o) => ({
      number: o.number,
      createdAt: o.createdAt,
      status: o.status,
      paymentStatus: o.paymentStatus,
      total: Number(o.total),
      channel: o.channel,
      trackingPath: trackingPath(o.trackingToken),
      lines: (o.items as OrderLine[]).map((l) => ({ id: l.id, type: l.type, name: l.name, quantity: l.quantity })),
    })),
  };
}
