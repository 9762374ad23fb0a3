import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { mailbox } from '@app/shared';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import { enqueueMail } from '../platform/outbox';
import { serverSecret } from '../platform/secrets';

/**
 * The newsletter's subscriptions: double opt-in (a subscription counts once confirmed from the mail
 * it received) and unsubscribing in one click. Their links carry the subscriber's id and an HMAC of
 * it (no token to store, none to guess); the page they open asks for a click, so a mail scanner
 * following links confirms or unsubscribes nobody.
 */

export const NEWSLETTER_PAGE = '/newsletter';
/** RFC 8058 one-click unsubscribe, POSTed by the mail app (List-Unsubscribe-Post). */
export const ONE_CLICK_PATH = '/api/newsletter/desinscription';
const CONFIRM_SUBJECT = 'Confirmez votre inscription à la newsletter';
/** A confirmation mail at most this often per address (a form sent again and again sends one). */
const CONFIRM_MAIL_HOURS = 1;
/** `mailbox()` of the outbox's recipient, in SQL. */
const MAILBOX_OF_RECIPIENT = sql<string>`(CASE WHEN lower(split_part(recipient, '@', 2)) IN ('gmail.com', 'googlemail.com')
  THEN replace(regexp_replace(lower(split_part(recipient, '@', 1)), '\\+.*$', ''), '.', '') || '@gmail.com'
  ELSE regexp_replace(lower(split_part(recipient, '@', 1)), '\\+.*$', '') || '@' || lower(split_part(recipient, '@', 2)) END)`;

type Purpose = 'confirm' | 'unsubscribe';

async function tokenOf(db: DB, id: string, purpose: Purpose) {
  return createHmac('sha256', await serverSecret(db, 'newsletter-links'))
    .update(`${purpose}:${id}`)
    .digest('base64url')
    .slice(0, 32);
}

async function genuine(db: DB, id: string, purpose: Purpose, token: string) {
  const expected = Buffer.from(await tokenOf(db, id, purpose));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The page a subscription's mail links to, for confirming or leaving. */
export async function subscriptionLink(db: DB, config: Config, id: string, purpose: Purpose) {
  const action = purpose === 'confirm' ? 'confirmer' : 'desinscrire';
  return `${config.publicUrl}${NEWSLETTER_PAGE}?action=${action}&id=${id}&t=${await tokenOf(db, id, purpose)}`;
}

/** The one-click address of List-Unsubscribe. */
export async function oneClickLink(db: DB, config: Config, id: string) {
  return `${config.publicUrl}${ONE_CLICK_PATH}?id=${id}&t=${await tokenOf(db, id, 'unsubscribe')}`;
}

/**
 * Subscribes an address: a new one (or one that left, or never confirmed) gets the confirmation mail;
 * a confirmed one gets nothing. The caller answers the same either way.
 */
export async function subscribe(db: DB, config: Config, email: string) {
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('newsletterSubscribers')
      .values({ email })
      .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
      .execute();
    const row = await tx
      .selectFrom('newsletterSubscribers')
      .select(['id', 'email', 'confirmedAt', 'unsubscribedAt'])
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.confirmedAt && !row.unsubscribedAt) return;
    // One mail per inbox, whatever the "+tag" or the dots at Gmail (awa+1@, awa+2@… reach one person).
    const recent = await tx
      .selectFrom('outbox')
      .select('id')
      .where(MAILBOX_OF_RECIPIENT, '=', mailbox(row.email))
      .where('subject', '=', CONFIRM_SUBJECT)
      .where('createdAt', '>', sql<string>`now() - make_interval(hours => ${CONFIRM_MAIL_HOURS})`)
      .executeTakeFirst();
    if (recent) return;
    const shop = await tx.selectFrom('settings').select('businessName').executeTakeFirst();
    const link = await subscriptionLink(tx, config, row.id, 'confirm');
    await enqueueMail(tx, {
      to: row.email,
      subject: CONFIRM_SUBJECT,
      secret: link,
      text: [
        'Bonjour,',
        '',
        `Vous avez demandé à recevoir la newsletter de ${shop?.businessName ?? 'la boutique'}. Pour confirmer votre inscription, ouvrez ce lien :`,
        '',
        link,
        '',
        'Si vous n’avez rien demandé, ignorez ce message : vous ne recevrez rien.',
      ].join('\n'),
    });
  });
}

/** Confirms (or leaves) from a mail's link: false when the link is not this shop's. */
export async function answerLink(db: DB, input: { id: string; token: string }, purpose: Purpose) {
  if (!(await genuine(db, input.id, purpose, input.token))) return false;
  const changes =
    purpose === 'confirm'
      ? { confirmedAt: sql<string>`now()`, unsubscribedAt: null }
      : { unsubscribedAt: sql<string>`coalesce(unsubscribed_at, now())` };
  const row = await db
    .updateTable('newsletterSubscribers')
    .set({ ...changes, updatedAt: sql<string>`now()` })
    .where('id', '=', input.id)
    .returning('id')
    .executeTakeFirst();
  return !!row;
}
