import { formatXOF, type newsletters, type RowOf } from '@app/shared';
import { coursePath, productPath } from '@app/shared/ssr';
import { mediaSources } from '@app/shared/format';
import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import { escape, mailShell } from '../platform/mail';
import { deliverMail } from '../platform/mail-delivery';
import { enqueueMail } from '../platform/outbox';
import { currentRequestId } from '../platform/request-context';
import { type Deliver, DeliveryError } from '../platform/outbox-worker';
import { oneClickLink, subscriptionLink } from './subscription';

/**
 * A letter to the newsletter's confirmed subscribers: its mail (the owner's text, a product and a
 * training featured, a visible unsubscribe link and the mail app's one-click one), a test to the
 * owner, the sending through the outbox at `LETTERS_PER_MINUTE`, and what became of it.
 */

/** What the shop's mail server is asked to take: a letter to 50,000 goes out over about 14 hours. */
export const LETTERS_PER_MINUTE = 60;

type Letter = RowOf<typeof newsletters.fields>;
/** The letter's text part: its rich text without tags, a paragraph per block. */
const plain = (html: string) =>
  html
    .replace(/<\/(p|h\d|li|div)>|<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<a [^>]*href="([^"]+)"[^>]*>([^<]*)<\/a>/gi, '$2 ($1)')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

async function featured(db: DB, letter: Pick<Letter, 'featuredProduct' | 'featuredCourse'>) {
  const product = letter.featuredProduct
    ? await db
        .selectFrom('products')
        .select(['name', 'slug', 'price', 'images', 'shortDescription'])
        .where('id', '=', letter.featuredProduct)
        .executeTakeFirst()
    : undefined;
  const course = letter.featuredCourse
    ? await db
        .selectFrom('cryptoCourses')
        .select(['title', 'slug', 'price', 'image'])
        .where('id', '=', letter.featuredCourse)
        .executeTakeFirst()
    : undefined;
  return [
    ...(product
      ? [{ title: product.name, price: Number(product.price), path: productPath(product), image: product.images[0] ?? null }]
      : []),
    ...(course ? [{ title: course.title, price: Number(course.price), path: coursePath(course), image: course.image }] : []),
  ];
}

/**
 * The letter as each subscriber receives it (`id` null: the owner's preview and test): what all
 * share is read once, each mail adds its own unsubscribe links.
 */
export async function letterComposer(db: DB, config: Config, letter: Letter) {
  const shop = await db.selectFrom('settings').select(['businessName', 'email']).executeTakeFirst();
  const cards = (await featured(db, letter)).map((item) => ({ ...item, url: `${config.publicUrl}${item.path}` }));
  return async (subscriber: { id: string | null; email: string }) => {
    const leave = subscriber.id ? await subscriptionLink(db, config, subscriber.id, 'unsubscribe') : `${config.publicUrl}/newsletter`;
    return letterMail(config, letter, shop, cards, subscriber, leave, subscriber.id ? await oneClickLink(db, config, subscriber.id) : null);
  };
}

/** A mail is read away from the shop: its links and pictures to the shop's own pages get its address. */
const absolute = (html: string, publicUrl: string) => html.replace(/\b(href|src)="\/(?!\/)/g, `$1="${publicUrl}/`);

function letterMail(
  config: Config,
  letter: Letter,
  shop: { businessName: string; email: string } | undefined,
  cards: { title: string; price: number; url: string; image: string | null }[],
  subscriber: { id: string | null; email: string },
  leave: string,
  oneClick: string | null,
) {
  const name = shop?.businessName ?? 'La boutique';
  const image = (src: string | null) => (src ? `${config.publicUrl}${mediaSources(src)?.preview ?? src}` : null);
  const html = mailShell(
    letter.subject,
    `<p style="margin:0 0 16px;font-weight:bold;color:#1d4ed8">${escape(name)}</p>
${absolute(letter.body, config.publicUrl)}
${cards
  .map(
    (c) => `<div style="border:1px solid #e5e7eb;border-radius:8px;padding:16px;margin:16px 0">
${image(c.image) ? `<img src="${escape(image(c.image)!)}" alt="${escape(c.title)}" width="568" style="max-width:100%;height:auto;border-radius:6px">` : ''}
<p style="margin:8px 0;font-weight:bold">${escape(c.title)} · ${escape(formatXOF(c.price))}</p>
<p style="margin:0"><a href="${escape(c.url)}" style="color:#1d4ed8">Voir sur la boutique</a></p>
</div>`,
  )
  .join('\n')}
<p style="margin:24px 0 0;font-size:14px;color:#4b5563">Vous recevez cette lettre car vous êtes inscrit(e) à la newsletter de ${escape(name)}. <a href="${escape(leave)}" style="color:#1d4ed8">Se désinscrire</a></p>`,
  );
  const text = [
    plain(absolute(letter.body, config.publicUrl)),
    ...cards.map((c) => `${c.title} · ${formatXOF(c.price)}\n${c.url}`),
    `Vous recevez cette lettre car vous êtes inscrit(e) à la newsletter de ${name}. Se désinscrire : ${leave}`,
  ].join('\n\n');
  return {
    to: subscriber.email,
    subject: letter.subject,
    text,
    html,
    ...(shop?.email ? { replyTo: shop.email } : {}),
    ...(oneClick ? { listUnsubscribe: oneClick } : {}),
  };
}

const letterOf = async (db: DB, id: string) => {
  const letter = (await db.selectFrom('newsletters').selectAll().where('id', '=', id).executeTakeFirst()) as Letter | undefined;
  if (!letter) throw new TRPCError({ code: 'NOT_FOUND', message: 'Lettre introuvable.' });
  return letter;
};

/** The subscribers a letter goes to: confirmed, still subscribed. */
const audience = (db: DB) =>
  db.selectFrom('newsletterSubscribers').where('confirmedAt', 'is not', null).where('unsubscribedAt', 'is', null);

export async function previewLetter(db: DB, config: Config, id: string) {
  const mail = await (await letterComposer(db, config, await letterOf(db, id)))({ id: null, email: '' });
  const { n } = await audience(db)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { html: mail.html, text: mail.text, audience: Number(n) };
}

/** The letter to the owner herself, marked as a test. */
export async function testLetter(db: DB, config: Config, id: string, to: string) {
  const letter = await letterOf(db, id);
  const compose = await letterComposer(db, config, { ...letter, subject: `[Test] ${letter.subject}` });
  await enqueueMail(db, await compose({ id: null, email: to }));
  return { to };
}

/**
 * Subscribers queued per transaction: one `INSERT … SELECT` of this many rows holds the embedded
 * database 10-40 ms, so shoppers' reads and checkouts pass between two batches (1,000 held it up to
 * 60 ms, and a tracking page of seven queries waited behind seven of them: tests/load/letter.test.ts).
 */
export const LETTER_BATCH = 250;

/**
 * Sends once: the letter is marked as leaving, then queued a batch at a time (`queueLetter`), one
 * outbox row per subscriber naming the letter and the subscriber, `LETTERS_PER_MINUTE` a minute;
 * each mail is composed when it leaves (`letterDelivery`). A server that stops mid-way leaves the
 * rest to the "letters-queue" job.
 */
export async function sendLetter(db: DB, config: Config, id: string) {
  await db.transaction().execute(async (tx) => {
    const locked = await tx.selectFrom('newsletters').select(['id', 'sentAt']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!locked) throw new TRPCError({ code: 'NOT_FOUND', message: 'Lettre introuvable.' });
    if (locked.sentAt) throw new TRPCError({ code: 'CONFLICT', message: 'Cette lettre est déjà partie.' });
    const first = await audience(tx).select('id').limit(1).executeTakeFirst();
    if (!first) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Aucun abonné confirmé : la lettre n’aurait aucun destinataire.' });
    await tx
      .updateTable('newsletters')
      .set({ sentAt: sql<string>`now()`, recipients: 0, updatedAt: sql<string>`now()` })
      .where('id', '=', id)
      .execute();
    await tx.insertInto('newsletterSendings').values({ newsletterId: id }).execute();
  });
  return { recipients: await queueLetter(db, id) };
}

/**
 * Queues what is left of a letter, a batch per transaction, each taken under the lock of its
 * sending (two servers never queue a subscriber twice). Returns how many it has, in all.
 */
export async function queueLetter(db: DB, id: string): Promise<number> {
  for (;;) {
    const step = await db.transaction().execute(async (tx) => {
      const sending = await tx
        .selectFrom('newsletterSendings as s')
        .innerJoin('newsletters as n', 'n.id', 's.newsletterId')
        .select(['s.through', 's.queued', 's.queuedAt', 'n.subject'])
        .where('s.newsletterId', '=', id)
        .forUpdate('s')
        .executeTakeFirst();
      if (!sending || sending.queuedAt) return { queued: sending?.queued ?? 0, done: true };
      // The pace runs from the letter's departure; a queue taken up again over a minute late (a
      // server stopped) runs on from now rather than sending its overdue rows at once.
      const { rows } = await sql<{ n: string; last: string | null }>`
        WITH departure AS (SELECT sent_at FROM newsletters WHERE id = ${id}), slot AS (
          SELECT sent_at + make_interval(mins => (${sending.queued}::int / ${LETTERS_PER_MINUTE})::int) AS due FROM departure
        ), late AS (
          SELECT CASE WHEN now() > due + interval '1 minute' THEN now() - due ELSE interval '0' END AS by FROM slot
        ), picked AS (
          SELECT id, email, ${sending.queued}::int + row_number() OVER (ORDER BY id) - 1 AS rank
          FROM newsletter_subscribers
          WHERE confirmed_at IS NOT NULL AND unsubscribed_at IS NULL AND id > ${sending.through ?? '00000000-0000-0000-0000-000000000000'}::uuid
          ORDER BY id LIMIT ${LETTER_BATCH}
        ), queued AS (
          INSERT INTO outbox (channel, recipient, subject, payload, next_attempt_at, request_id)
          SELECT 'letter', left(email, 320), left(${sending.subject}, 500),
                 jsonb_build_object('newsletterId', ${id}::text, 'subscriberId', id::text),
                 departure.sent_at + make_interval(mins => (rank / ${LETTERS_PER_MINUTE})::int) + late.by, ${currentRequestId()}::text
          FROM picked, late, departure
          RETURNING 1
        )
        SELECT (SELECT count(*) FROM queued) AS n, (SELECT id::text FROM picked ORDER BY id DESC LIMIT 1) AS last`.execute(tx);
      const added = Number(rows[0]?.n ?? 0);
      const queued = sending.queued + added;
      const done = added < LETTER_BATCH;
      await tx
        .updateTable('newsletterSendings')
        .set({ queued, ...(rows[0]?.last ? { through: rows[0].last } : {}), ...(done ? { queuedAt: sql<string>`now()` } : {}) })
        .where('newsletterId', '=', id)
        .execute();
      await tx
        .updateTable('newsletters')
        .set({ recipients: queued, updatedAt: sql<string>`now()` })
        .where('id', '=', id)
        .execute();
      return { queued, done };
    });
    if (step.done) return step.queued;
  }
}

/** The letters whose queuing a stopped server left unfinished ("letters-queue" job). */
export async function queueUnfinishedLetters(db: DB) {
  const left = await db.selectFrom('newsletterSendings').select('newsletterId').where('queuedAt', 'is', null).execute();
  for (const { newsletterId } of left) await queueLetter(db, newsletterId);
  return left.length;
}

/**
 * A letter to one subscriber, composed as it leaves: a subscriber who left since is not written
 * to, a letter deleted since is not sent.
 */
export const letterDelivery =
  (db: DB, config: Config): Deliver =>
  async (row) => {
    const { newsletterId, subscriberId } = row.payload as { newsletterId: string; subscriberId: string };
    const [letter, subscriber] = await Promise.all([
      db.selectFrom('newsletters').selectAll().where('id', '=', newsletterId).executeTakeFirst() as Promise<Letter | undefined>,
      db.selectFrom('newsletterSubscribers').select(['id', 'email', 'unsubscribedAt']).where('id', '=', subscriberId).executeTakeFirst(),
    ]);
    if (!letter) throw new DeliveryError('La lettre a été supprimée : message abandonné.', 'drop');
    if (!subscriber || subscriber.unsubscribedAt) throw new DeliveryError('Désinscrit(e) avant son envoi : message abandonné.', 'drop');
    await deliverMail(config, await (await letterComposer(db, config, letter))(subscriber), row);
  };

/**
 * What became of a letter: sent, waiting, failed, and who left the list since it went. Its rows in
 * the outbox are read by their index; those purged since left their counts on its sending.
 */
export async function letterStats(db: DB, id: string) {
  const [letter, rows, sending] = await Promise.all([
    letterOf(db, id),
    db
      .selectFrom('outbox')
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .where(sql<string>`payload->>'newsletterId'`, '=', id)
      .groupBy('status')
      .execute(),
    db.selectFrom('newsletterSendings').select(['queued', 'queuedAt', 'sent', 'failed']).where('newsletterId', '=', id).executeTakeFirst(),
  ]);
  const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  const left = letter.sentAt
    ? await db
        .selectFrom('newsletterSubscribers')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('unsubscribedAt', '>=', letter.sentAt)
        .executeTakeFirstOrThrow()
    : { n: 0 };
  return {
    sentAt: letter.sentAt,
    recipients: letter.recipients ?? 0,
    /** Still being queued (a few seconds for 50,000). */
    queuing: !!sending && !sending.queuedAt,
    sent: count('sent') + (sending?.sent ?? 0),
    waiting: count('pending'),
    failed: count('failed') + count('cancelled') + (sending?.failed ?? 0),
    unsubscribed: Number(left.n),
  };
}
