import { displayPhone, formatXOF, loyaltyKinds, orderStatuses, paymentStatuses, refundMethods, returnReasons } from '@app/shared';
import { dateTime } from '@app/shared/format';
import { TRPCError } from '@trpc/server';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { subscribe } from '../newsletter/subscription';
import { pdfDocument } from '../pdf/document';
import { writeAudit } from '../platform/audit';
import { creditBalance } from './credit';

type Db = Kysely<Database>;

/**
 * A customer's data in their hands (Benin's Code du numérique, loi 2017-20, issue 59), from Mon
 * espace: all the shop holds about their phone, to download (JSON, and a PDF to read); their name
 * and e-mail corrected; and erased on request. Orders stay, for the accounts the law requires, with
 * the name, phone, address and e-mail replaced; while an order is on its way the erasure waits for
 * it (a timed job does it then). The owner reads the request and its execution in the audit log.
 */

/** Orders not yet handed over nor cancelled: their delivery needs the phone and the address. */
const ON_ITS_WAY = ['new', 'confirmed', 'shipped'] as const;
const ERASED = 'Client effacé';

/** Everything about this phone, as the customer downloads it. */
export async function customerData(db: Db, phone: string) {
  const [customer, orders, returns, requests, points, sessions, messages] = await Promise.all([
    db
      .selectFrom('customers')
      .select(['name', 'names', 'email', 'city', 'firstOrderAt', 'lastOrderAt', 'marketingConsent', 'lastSignInAt', 'erasureRequestedAt'])
      .where('phone', '=', phone)
      .executeTakeFirst(),
    db
      .selectFrom('orders')
      .select(['number', 'createdAt', 'channel', 'status', 'paymentStatus', 'paymentMethod', 'customerName', 'email', 'city', 'address'])
      .select([
        'note',
        'items',
        'subtotal',
        'discount',
        'deliveryCost',
        'total',
        'promoCode',
        'loyaltyPoints',
        'buyerIfu',
        'marketingConsent',
      ])
      .where('phone', '=', phone)
      .orderBy('createdAt')
      .execute(),
    db
      .selectFrom('returns')
      .select(['number', 'createdAt', 'lines', 'reason', 'amount', 'refundMethod'])
      .where('phone', '=', phone)
      .orderBy('createdAt')
      .execute(),
    db
      .selectFrom('returnRequests')
      .innerJoin('orders', 'orders.id', 'returnRequests.sale')
      .select(['returnRequests.number', 'returnRequests.createdAt', 'returnRequests.lines', 'returnRequests.reason'])
      .select(['returnRequests.note', 'returnRequests.status', 'returnRequests.answer'])
      .where('orders.phone', '=', phone)
      .orderBy('returnRequests.createdAt')
      .execute(),
    db.selectFrom('loyaltyPointsLedger').select(['createdAt', 'kind', 'points']).where('phone', '=', phone).orderBy('createdAt').execute(),
    db
      .selectFrom('customerSessions')
      .select(['createdAt', 'lastSeenAt', 'userAgent', 'revokedAt'])
      .where('phone', '=', phone)
      .orderBy('createdAt')
      .execute(),
    db.selectFrom('whatsappMessages').select(['createdAt', 'direction', 'body']).where('phone', '=', phone).orderBy('createdAt').execute(),
  ]);
  const emails = [...new Set(orders.map((o) => o.email?.toLowerCase()).filter((e): e is string => !!e))];
  const newsletter = emails.length
    ? await db
        .selectFrom('newsletterSubscribers')
        .select(['email', 'createdAt', 'confirmedAt', 'unsubscribedAt'])
        .where(sql<string>`lower(email)`, 'in', emails)
        .execute()
    : [];
  return {
    exportedAt: new Date().toISOString(),
    phone,
    customer: customer ?? null,
    orders: orders.map((o) => ({
      ...o,
      subtotal: Number(o.subtotal),
      discount: Number(o.discount),
      deliveryCost: Number(o.deliveryCost),
      total: Number(o.total),
    })),
    returns: returns.map((r) => ({ ...r, amount: Number(r.amount) })),
    returnRequests: requests,
    loyaltyPoints: points,
    newsletter,
    whatsappMessages: messages,
    signIns: sessions,
  };
}

/** The same data as a PDF one reads: who, then each order, return, point and message. */
export async function customerDataPdf(fontDir: string, data: Awaited<ReturnType<typeof customerData>>) {
  const { doc, done } = pdfDocument(fontDir, { size: 'A4', margin: 48, info: { Title: 'Mes données' } });
  const title = (text: string) => doc.moveDown(0.8).font('bold').fontSize(13).text(text).moveDown(0.3).font('regular').fontSize(10);
  const line = (text: string) => doc.font('regular').fontSize(10).text(text);
  doc.font('bold').fontSize(18).text('Mes données');
  line(`Téléphone ${displayPhone(data.phone)} · exportées le ${dateTime(data.exportedAt)}`);
  title('Identité');
  line(
    `Nom : ${data.customer?.name ?? '—'}${data.customer?.names && data.customer.names !== data.customer.name ? ` (noms utilisés : ${data.customer.names})` : ''}`,
  );
  line(`E-mail : ${data.customer?.email ?? '—'} · Ville : ${data.customer?.city ?? '—'}`);
  line(`Offres par WhatsApp : ${data.customer?.marketingConsent ? 'acceptées' : 'refusées'}`);
  title(`Commandes (${data.orders.length})`);
  for (const o of data.orders) {
    line(
      `${o.number} · ${dateTime(o.createdAt)} · ${o.channel === 'counter' ? 'en boutique' : 'en ligne'} · ${orderStatuses[o.status]} · ${paymentStatuses[o.paymentStatus]} · ${formatXOF(o.total)}`,
    );
    line(`   ${o.items.map((l) => `${l.quantity} × ${l.name}`).join(', ')}${o.address ? ` · livrée à ${o.address}, ${o.city ?? ''}` : ''}`);
  }
  if (data.returns.length) {
    title(`Retours (${data.returns.length})`);
    for (const r of data.returns)
      line(
        `${r.number} · ${dateTime(r.createdAt)} · ${returnReasons[r.reason]} · ${formatXOF(r.amount)} (${refundMethods[r.refundMethod].toLowerCase()})`,
      );
  }
  if (data.loyaltyPoints.length) {
    title('Points fidélité');
    for (const p of data.loyaltyPoints) line(`${dateTime(p.createdAt)} · ${loyaltyKinds[p.kind]} · ${p.points > 0 ? '+' : ''}${p.points}`);
  }
  if (data.newsletter.length) {
    title('Newsletter');
    for (const n of data.newsletter)
      line(
        `${n.email} · ${n.unsubscribedAt ? `désinscrit le ${dateTime(n.unsubscribedAt)}` : n.confirmedAt ? `inscrit depuis le ${dateTime(n.confirmedAt)}` : 'non confirmé'}`,
      );
  }
  if (data.whatsappMessages.length) {
    title(`Messages WhatsApp (${data.whatsappMessages.length})`);
    for (const m of data.whatsappMessages) line(`${dateTime(m.createdAt)} · ${m.direction === 'in' ? 'vous' : 'la boutique'} : ${m.body}`);
  }
  title('Connexions à Mon espace');
  for (const s of data.signIns) line(`${dateTime(s.createdAt)} · ${s.userAgent ?? 'appareil inconnu'}${s.revokedAt ? ' · fermée' : ''}`);
  doc.end();
  return done;
}

/**
 * The customer's switches in Mon espace: the WhatsApp offers (the latest choice wins against their
 * orders' boxes: rule refresh_customers), and the newsletter (on: the double opt-in mail to the
 * e-mail of their orders; off: unsubscribed at once). Returns what to tell them.
 */
export async function setConsents(
  db: Db,
  config: Config,
  phone: string,
  input: { offers?: boolean | undefined; newsletter?: boolean | undefined },
) {
  const said: string[] = [];
  if (input.offers === true) {
    await db
      .updateTable('customers')
      .set({ offersOptInAt: sql`now()`, marketingConsent: true })
      .where('phone', '=', phone)
      .execute();
    said.push('Vous recevrez les offres de la boutique par WhatsApp.');
  }
  if (input.offers === false) {
    await db
      .updateTable('customers')
      .set({ contactWithdrawnAt: sql`now()`, marketingConsent: false })
      .where('phone', '=', phone)
      .execute();
    said.push('Plus d’offres par WhatsApp.');
  }
  if (input.newsletter !== undefined) {
    const customer = await db.selectFrom('customers').select('email').where('phone', '=', phone).executeTakeFirst();
    if (!customer?.email)
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'Ajoutez d’abord votre e-mail ci-dessous : la newsletter part par e-mail.' });
    if (input.newsletter) {
      await subscribe(db, config, customer.email);
      said.push(`Un e-mail de confirmation part à ${customer.email} : ouvrez son lien pour recevoir la newsletter.`);
    } else {
      await db
        .updateTable('newsletterSubscribers')
        .set({ unsubscribedAt: sql`now()` })
        .where(sql<string>`lower(email)`, '=', customer.email.toLowerCase())
        .where('unsubscribedAt', 'is', null)
        .execute();
      said.push('Vous ne recevrez plus la newsletter.');
    }
  }
  return said.join(' ');
}

/** The customer corrects the name and e-mail their orders carry (an invoice already normalized keeps what the DGI has). */
export async function correctData(
  db: Db,
  phone: string,
  input: { name: string; email: string | null },
  device: { ip: string; userAgent?: string | undefined },
) {
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('orders')
      .set({ customerName: input.name, email: input.email, updatedAt: sql`now()` })
      .where('phone', '=', phone)
      .execute();
    await writeAudit(
      tx,
      { email: 'client', role: null, device: device.userAgent, ip: device.ip },
      {
        action: 'Données corrigées par le client (Mon espace)',
        record: displayPhone(phone),
      },
    );
  });
}

/**
 * The customer asks to be erased: done now, or once their orders on their way are delivered or
 * cancelled (`eraseDue`). Refused while they hold a credit (« avoir »): it is their money.
 */
export async function askErasure(db: Db, phone: string, device: { ip: string; userAgent?: string | undefined }) {
  const { balance } = await creditBalance(db, phone);
  if (balance > 0)
    throw new TRPCError({
      code: 'CONFLICT',
      message: `Vous avez un avoir de ${formatXOF(balance)} : utilisez-le ou demandez son remboursement à la boutique avant l’effacement.`,
    });
  return db.transaction().execute(async (tx) => {
    await tx
      .updateTable('customers')
      .set({ erasureRequestedAt: sql`now()` })
      .where('phone', '=', phone)
      .execute();
    await writeAudit(
      tx,
      { email: 'client', role: null, device: device.userAgent, ip: device.ip },
      {
        action: 'Effacement des données demandé par le client (Mon espace)',
        record: displayPhone(phone),
      },
    );
    const waiting = await tx.selectFrom('orders').select('number').where('phone', '=', phone).where('status', 'in', ON_ITS_WAY).execute();
    if (waiting.length)
      return {
        done: false,
        message: `C’est noté : vos données seront effacées dès que ${waiting.map((o) => o.number).join(', ')} ser${waiting.length > 1 ? 'ont' : 'a'} livrée${waiting.length > 1 ? 's' : ''} ou annulée${waiting.length > 1 ? 's' : ''}.`,
      };
    await erase(tx, phone);
    return {
      done: true,
      message: 'Vos données sont effacées. Vos commandes restent dans les comptes de la boutique, sans votre nom ni vos coordonnées.',
    };
  });
}

/** The erasures whose orders have all arrived since they were asked (a timed job). */
export async function eraseDue(db: Db) {
  const due = await db
    .selectFrom('customers')
    .select('phone')
    .where('erasureRequestedAt', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('orders').select('id').whereRef('orders.phone', '=', 'customers.phone').where('orders.status', 'in', ON_ITS_WAY)),
      ),
    )
    .execute();
  for (const { phone } of due) await db.transaction().execute((tx) => erase(tx, phone));
  return due.length;
}

/** Replaces the person in every record of this phone; the accounts keep the amounts, numbers and dates. */
async function erase(tx: Db, phone: string) {
  const emails = (await tx.selectFrom('orders').select('email').where('phone', '=', phone).where('email', 'is not', null).execute()).map(
    (o) => o.email!.toLowerCase(),
  );
  const orderIds = tx.selectFrom('orders').select('id').where('phone', '=', phone);
  await tx.updateTable('returnRequests').set({ note: null, photo: null }).where('sale', 'in', orderIds).execute();
  await tx
    .deleteFrom('returnPhotos')
    .where(
      'id',
      'not in',
      tx
        .selectFrom('returnRequests')
        .select(sql<string>`photo::uuid`.as('id'))
        .where('photo', 'is not', null),
    )
    .execute();
  await tx.updateTable('returns').set({ phone: null }).where('phone', '=', phone).execute();
  // A credit spent to nothing stays in the ledger under a voucher nobody holds.
  await tx
    .updateTable('storeCredits')
    .set({ phone: null, voucher: sql<string>`'EFFACE-' || left(id::text, 8)` })
    .where('phone', '=', phone)
    .execute();
  await tx.deleteFrom('loyaltyPointsLedger').where('phone', '=', phone).execute();
  await tx.deleteFrom('customerSessions').where('phone', '=', phone).execute();
  await tx
    .deleteFrom('customerCodes')
    .where((eb) => eb.or([eb('phone', '=', phone), eb('destination', '=', phone)]))
    .execute();
  await tx.deleteFrom('whatsappMessages').where('phone', '=', phone).execute();
  await tx.deleteFrom('whatsappContacts').where('phone', '=', phone).execute();
  await tx
    .deleteFrom('outbox')
    .where('recipient', 'in', [phone, ...emails])
    .execute();
  if (emails.length)
    await tx
      .deleteFrom('newsletterSubscribers')
      .where(sql<string>`lower(email)`, 'in', emails)
      .execute();
  await tx
    .updateTable('orders')
    // A delivered order keeps an address (a rule of the table): the words, not the place.
    .set({
      customerName: ERASED,
      phone: null,
      email: null,
      address: sql<string>`CASE WHEN address IS NULL THEN NULL ELSE 'Adresse effacée' END`,
      city: sql<string>`CASE WHEN city IS NULL THEN NULL ELSE 'Effacée' END`,
      note: null,
      updatedAt: sql`now()`,
    })
    .where('phone', '=', phone)
    .execute();
  await writeAudit(
    tx,
    { email: 'boutique', role: null },
    { action: 'Effacement des données du client exécuté', record: displayPhone(phone) },
  );
}
