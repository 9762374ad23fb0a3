import { formatXOF } from '@app/shared/format';
import { labelOf, orderStatuses, paymentStatuses } from '@app/shared/labels';
import { subscriptionLinkSchema } from '@app/shared';
import { NO_SCRIPT_FORMS } from '@app/shared/ssr';
import { TRPCError } from '@trpc/server';
import type { AnyRouter } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { detachedWork } from '../platform/after-response';
import type { AppRouter } from '../routers/_app';
import { type Context, createCallerFactory, fieldErrorsOf } from '../trpc';
import { answerLink, NEWSLETTER_PAGE, ONE_CLICK_PATH } from '../newsletter/subscription';

// The storefront's forms sent by a browser that runs no JavaScript (Opera Mini is common on the
// phones the shop sells to): the same procedures as the app's, with their checks and limits, and a
// small French page as the answer. What was typed is never lost: a refusal gives the form back filled.

const FORM_BYTES = 16 * 1024;
const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

type Fields = Record<string, string>;
interface Field {
  name: string;
  label: string;
  long?: boolean;
}

/** The answer page: a title, a few lines, the form again when it was refused, and the way back. */
function page(reply: FastifyReply, status: number, title: string, body: string, back: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(
      `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<meta name="robots" content="noindex"><title>${escape(title)}</title></head><body><main>` +
        `<h1>${escape(title)}</h1>${body}<p><a href="${escape(back)}">Retour à la boutique</a></p></main></body></html>`,
    );
}

/** The form again, filled with what was sent, each refused field with its message under it. */
function refill(action: string, fields: Field[], sent: Fields, errors: Record<string, string>, submit: string) {
  const rows = fields.map(({ name, label, long }) => {
    const value = escape(sent[name] ?? '');
    const input = long
      ? `<textarea id="${name}" name="${name}" rows="5">${value}</textarea>`
      : `<input id="${name}" name="${name}" value="${value}">`;
    const error = errors[name] ? `<br><strong>${escape(errors[name])}</strong>` : '';
    return `<p><label for="${name}">${escape(label)}</label><br>${input}${error}</p>`;
  });
  return `<form method="post" action="${action}">${rows.join('')}<p><button type="submit">${escape(submit)}</button></p></form>`;
}

export async function formsRoute(
  app: FastifyInstance,
  { db, config, router }: { db: Kysely<Database>; config: Config; router: AnyRouter },
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BYTES }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const callerOf = createCallerFactory(router as AppRouter);
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.production };
  const caller = (req: FastifyRequest, reply?: FastifyReply) =>
    callerOf({
      db,
      config,
      admin: null,
      ip: req.ip,
      log: req.log,
      invalidate: (deps) => app.publicCache.invalidate(deps),
      afterResponse: detachedWork(req.log),
      // Only « Mon espace » sets one (its session), on the answer to its code.
      cookies: {
        get: (name) => req.cookies[name],
        set: (name, value, { maxAge }) => void reply?.setCookie(name, value, { ...cookieOptions, maxAge }),
        clear: () => undefined,
      },
    } satisfies Context);
  /** Where the form was: back there (this shop's own page only), or the home page. */
  const backOf = (req: FastifyRequest) => {
    try {
      const from = new URL(String(req.headers.referer ?? ''));
      return from.origin === new URL(config.publicUrl).origin || from.host === req.headers.host ? `${from.pathname}${from.search}` : '/';
    } catch {
      return '/';
    }
  };
  const sent = (req: FastifyRequest): Fields =>
    Object.fromEntries(Object.entries((req.body ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v).slice(0, 5_000)]));
  /** A refusal said in French: the reason, and the form filled again. */
  const refused = (reply: FastifyReply, error: unknown, title: string, back: string, form: (errors: Record<string, string>) => string) => {
    if (!(error instanceof TRPCError) || error.code === 'INTERNAL_SERVER_ERROR') throw error;
    const errors = fieldErrorsOf(error) ?? {};
    const status = error.code === 'TOO_MANY_REQUESTS' ? 429 : error.code === 'NOT_FOUND' ? 404 : 400;
    const reason = Object.keys(errors).length ? 'Vérifiez ce qui est indiqué sous les champs.' : error.message;
    return page(reply, status, title, `<p>${escape(reason)}</p>${form(errors)}`, back);
  };

  /** RFC 8058: a mail app's own "Se désabonner" POSTs List-Unsubscribe=One-Click to the mail's address. */
  app.post(ONE_CLICK_PATH, async (req, reply) => {
    const { id, t } = req.query as { id?: string; t?: string };
    const link = subscriptionLinkSchema.safeParse({ id, token: t });
    const done = link.success && (await answerLink(db, link.data, 'unsubscribe'));
    return reply
      .code(done ? 200 : 400)
      .type('text/plain; charset=utf-8')
      .send(done ? 'Désinscription enregistrée.' : 'Lien de désinscription invalide.');
  });

  // The same address opened in a browser (a mail app shows it, a person copies it): the page that
  // asks for the click (a GET changes nothing: link checkers open every address).
  app.get(ONE_CLICK_PATH, async (req, reply) => {
    const { id = '', t = '' } = req.query as { id?: string; t?: string };
    return reply.redirect(`${NEWSLETTER_PAGE}?action=desinscrire&id=${encodeURIComponent(id)}&t=${encodeURIComponent(t)}`, 303);
  });

  app.post(NO_SCRIPT_FORMS.newsletterLink, async (req, reply) => {
    const fields = sent(req);
    const leaving = fields.action === 'desinscrire';
    const title = leaving ? 'Se désinscrire de la newsletter' : 'Confirmer votre inscription à la newsletter';
    const link = { id: fields.id ?? '', token: fields.t ?? '' };
    try {
      const subscribers = caller(req).newsletterSubscribers;
      const answer = leaving ? await subscribers.unsubscribe(link) : await subscribers.confirm(link);
      return page(reply, 200, title, `<p>${escape(answer.message)}</p>`, '/');
    } catch (error) {
      return refused(reply, error, title, '/', () => '');
    }
  });

  app.post(NO_SCRIPT_FORMS.newsletter, async (req, reply) => {
    const fields = sent(req);
    const back = backOf(req);
    try {
      const answer = await caller(req).newsletterSubscribers.subscribe({ email: fields.email ?? '', website: fields.website ?? '' });
      return page(reply, 200, 'Newsletter', `<p>${escape(answer.message)}</p>`, back);
    } catch (error) {
      return refused(reply, error, 'Newsletter', back, (errors) =>
        refill(NO_SCRIPT_FORMS.newsletter, [{ name: 'email', label: 'Votre email' }], fields, errors, "S'abonner"),
      );
    }
  });

  const contactFields: Field[] = [
    { name: 'name', label: 'Nom' },
    { name: 'contact', label: 'E-mail ou téléphone' },
    { name: 'subject', label: 'Sujet' },
    { name: 'message', label: 'Message', long: true },
  ];
  app.post(NO_SCRIPT_FORMS.contact, async (req, reply) => {
    const fields = sent(req);
    const back = backOf(req);
    try {
      const input = Object.fromEntries(contactFields.map(({ name }) => [name, fields[name] ?? '']));
      await caller(req).contactMessages.send({
        ...(input as { name: string; contact: string; subject: string; message: string }),
        website: fields.website ?? '',
      });
      return page(reply, 200, 'Message envoyé !', '<p>Merci : nous vous répondons rapidement.</p>', back);
    } catch (error) {
      return refused(reply, error, 'Message non envoyé', back, (errors) =>
        refill(NO_SCRIPT_FORMS.contact, contactFields, fields, errors, 'Envoyer le message'),
      );
    }
  });

  const trackingFields: Field[] = [
    { name: 'number', label: 'Numéro de commande' },
    { name: 'phone', label: 'Téléphone' },
    { name: 'code', label: 'Code de suivi' },
  ];
  app.post(NO_SCRIPT_FORMS.tracking, async (req, reply) => {
    const fields = sent(req);
    try {
      const order = await caller(req).orders.track({ number: fields.number ?? '', phone: fields.phone ?? '', code: fields.code ?? '' });
      // The order as its tracking page shows it (that page is the app's: it needs JavaScript).
      const lines = [
        `<p>Statut : <strong>${escape(labelOf(orderStatuses, order.status))}</strong> · Paiement : ${escape(labelOf(paymentStatuses, order.paymentStatus))}</p>`,
        `<ul>${order.items.map((l) => `<li>${l.quantity} × ${escape(l.name)} : ${escape(formatXOF(l.unitPrice * l.quantity))}</li>`).join('')}</ul>`,
        `<p>Total : <strong>${escape(formatXOF(order.total))}</strong></p>`,
        `<p><a href="/suivi/${order.trackingToken}/recu.pdf">Télécharger le reçu (PDF)</a></p>`,
      ];
      return page(reply, 200, `Commande ${order.number}`, lines.join(''), '/');
    } catch (error) {
      return refused(reply, error, 'Suivre ma commande', '/suivi', (errors) =>
        refill(NO_SCRIPT_FORMS.tracking, trackingFields, fields, errors, 'Voir ma commande'),
      );
    }
  });

  // « Mon espace » without JavaScript: the code asked, the code typed, then the orders as a plain page.
  const codeForm = (contact: string, errors: Record<string, string> = {}) =>
    `<form method="post" action="${NO_SCRIPT_FORMS.accountCode}"><input type="hidden" name="contact" value="${escape(contact)}">` +
    `<p><label for="code">Code reçu</label><br><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code">` +
    `${errors.code ? `<br><strong>${escape(errors.code)}</strong>` : ''}</p><p><button type="submit">Ouvrir mon espace</button></p></form>`;
  app.post(NO_SCRIPT_FORMS.account, async (req, reply) => {
    const fields = sent(req);
    try {
      const answer = await caller(req).account.requestCode({ contact: fields.contact ?? '', website: fields.website ?? '' });
      return page(reply, 200, 'Mon espace', `<p>${escape(answer.message)}</p>${codeForm(fields.contact ?? '')}`, '/mon-espace');
    } catch (error) {
      return refused(reply, error, 'Mon espace', '/mon-espace', (errors) =>
        refill(NO_SCRIPT_FORMS.account, [{ name: 'contact', label: 'Téléphone ou e-mail' }], fields, errors, 'Recevoir un code'),
      );
    }
  });
  app.post(NO_SCRIPT_FORMS.accountCode, async (req, reply) => {
    const fields = sent(req);
    try {
      const space = await caller(req, reply).account.signIn({ contact: fields.contact ?? '', code: fields.code ?? '' });
      const orders = space.orders.map(
        (o) =>
          `<li><a href="${escape(o.trackingPath)}">${escape(o.number)}</a> · ${escape(formatXOF(o.total))} · ` +
          `${escape(labelOf(orderStatuses, o.status))} · ${escape(o.lines.map((l) => `${l.quantity} × ${l.name}`).join(', '))}</li>`,
      );
      return page(
        reply,
        200,
        `Bonjour ${space.name}`,
        orders.length ? `<h2>Mes commandes</h2><ul>${orders.join('')}</ul>` : '<p>Aucune commande pour l’instant.</p>',
        '/',
      );
    } catch (error) {
      if (!(error instanceof TRPCError) || error.code === 'INTERNAL_SERVER_ERROR') throw error;
      const status = error.code === 'TOO_MANY_REQUESTS' ? 429 : 400;
      return page(reply, status, 'Mon espace', `<p>${escape(error.message)}</p>${codeForm(fields.contact ?? '')}`, '/mon-espace');
    }
  });
}
