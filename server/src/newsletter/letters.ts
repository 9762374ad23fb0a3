import { formatXOF, type newsletters, type RowOf } from '@app/shared';
import { coursePath, productPath } from '@app/shared/ssr';
import { mediaSources } from '@app/shared/format';
import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import { escape, mailShell } from '../platform/mail';
import { enqueueMail } from '../platform/outbox';
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
    ...(oneClick ? { listUnsubscribe: oneClick, newsletterId: letter.id } : {}),
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

/** Sends once: one mail per subscriber through the outbox, `LETTERS_PER_MINUTE` a minute. */
export async function sendLetter(db: DB, config: Config, id: string) {
  return db.transaction().execute(async (tx) => {
    const locked = await tx.selectFrom('newsletters').select(['id', 'sentAt']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!locked) throw new TRPCError({ code: 'NOT_FOUND', message: 'Lettre introuvable.' });
    if (locked.sentAt) throw new TRPCError({ code: 'CONFLICT', message: 'Cette lettre est déjà partie.' });
    const letter = await letterOf(tx, id);
    const people = await audience(tx).select(['id', 'email']).orderBy('createdAt').execute();
    if (!people.length)
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'Aucun abonné confirmé : la lettre n’aurait aucun destinataire.' });
    const compose = await letterComposer(tx, config, letter);
    for (const [i, person] of people.entries()) {
      await enqueueMail(tx, { ...(await compose(person)), delayMinutes: Math.floor(i / LETTERS_PER_MINUTE) });
    }
    await tx
      .updateTable('newsletters')
      .set({ sentAt: sql<string>`now()`, recipients: people.length, updatedAt: sql<string>`now()` })
      .where('id', '=', id)
      .execute();
    return { recipients: people.length };
  });
}

/** What became of a letter: sent, waiting, failed, and who left the list since it went. */
export async function letterStats(db: DB, id: string) {
  const letter = await letterOf(db, id);
  const rows = await db
    .selectFrom('outbox')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('channel', '=', 'mail')
    .where(sql<boolean>`payload->>'newsletterId' = ${id}`)
    .groupBy('status')
    .execute();
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
    sent: count('sent'),
    waiting: count('pending'),
    failed: count('failed') + count('cancelled'),
    unsubscribed: Number(left.n),
  };
}
