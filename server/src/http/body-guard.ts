import { pipeline, Transform } from 'node:stream';
import type { AnyRouter } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { deviceCookieName, takeStrangerSlot } from '../auth/device';
import { BUSY_MESSAGE } from '../auth/password';
import { findSession, sessionCookieName } from '../auth/sessions';
import { addressLockedOut, waitMessage } from '../auth/throttle';
import { knownOverLimit, TOO_MANY } from '../platform/rate-limit';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { SessionAdmin } from '../platform/context';
import type { ProcedureMeta } from '../trpc';
import { routedPath } from '../platform/paths';

/** What an anonymous caller may send in one request: a checkout with a full cart is about 3 kB. */
export const PUBLIC_BODY_LIMIT = 32 * 1024;
/** What the signed-in owner may send (a long article, a product with its description). */
export const ADMIN_BODY_LIMIT = 1024 * 1024;

export const TOO_LARGE = 'Envoi trop volumineux.';
export const SIGN_IN = 'Veuillez vous connecter pour continuer.';
/** The sign-in procedure, whose attempts the login throttle counts per address (auth/throttle.ts). */
const LOGIN = 'auth.login';
/** Sign-ins one address may have under way at once on one server (a person has one). */
export const LOGINS_AT_ONCE = 3;
export const LOGINS_BUSY = 'Trop de connexions en même temps depuis votre adresse. Réessayez dans quelques secondes.';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin, once looked up for this request (undefined: not looked up yet). */
    sessionAdmin?: SessionAdmin | null;
    /** Bytes this request's body may hold, counted as they arrive. */
    bodyBudget?: number;
  }
}

const tooLarge = () => Object.assign(new Error(TOO_LARGE), { statusCode: 413, code: 'BODY_TOO_LARGE' });

/** Counts the bytes actually read, chunked or not, and stops the body at the budget. */
function capped(limit: number) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) done(tooLarge());
      else done(null, chunk);
    },
  });
}

/** The answer tRPC itself would give, so the admin app and the storefront read it as usual. */
const REFUSALS = {
  401: { code: 'UNAUTHORIZED', rpc: TRPC_ERROR_CODES_BY_KEY.UNAUTHORIZED },
  413: { code: 'PAYLOAD_TOO_LARGE', rpc: TRPC_ERROR_CODES_BY_KEY.PAYLOAD_TOO_LARGE },
  429: { code: 'TOO_MANY_REQUESTS', rpc: TRPC_ERROR_CODES_BY_KEY.TOO_MANY_REQUESTS },
} as const;

export function trpcRefusal(req: FastifyRequest, reply: FastifyReply, status: keyof typeof REFUSALS, message: string) {
  const procedures = (routedPath(req.url) ?? '').slice('/trpc/'.length).split(',');
  const batch = (req.query as Record<string, unknown>).batch !== undefined;
  const { code, rpc } = REFUSALS[status];
  const one = (path: string) => ({
    error: { message, code: rpc, data: { code, httpStatus: status, path, fieldErrors: null } },
  });
  if (status === 413) reply.header('connection', 'close');
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(batch ? procedures.map(one) : one(procedures[0] ?? ''));
}

/**
 * Bounded work before anything expensive: a tRPC call's access and size are settled from its
 * address and headers, before a byte of its body is read. An admin procedure without a session is
 * refused unread; anonymous bodies may hold 32 kB, the owner's 1 MB, counted as they arrive.
 */
export function registerBodyGuard(app: FastifyInstance, db: Kysely<Database>, config: Config, router: AnyRouter) {
  const procedures = router._def.procedures as Record<string, { _def: { meta?: ProcedureMeta } } | undefined>;
  const cookie = sessionCookieName(config);
  const loginsInFlight = new Map<string, number>();
  app.decorateRequest('sessionAdmin', undefined);
  app.decorateRequest('bodyBudget', undefined);

  app.addHook('onRequest', async (req, reply) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
    const path = routedPath(req.url) ?? '';
    if (!path.startsWith('/trpc/')) return;
    const names = path.slice('/trpc/'.length).split(',');
    // An address this server already refused, still within its wait: refused again from memory,
    // before its body is read or the database asked (a burst from one address costs others nothing).
    if (config.rateLimit) {
      for (const name of names) {
        const rule = procedures[name]?._def.meta?.rateLimit;
        if (rule && knownOverLimit(db, `${rule.bucket ?? name}:${req.ip}`)) return trpcRefusal(req, reply, 429, TOO_MANY);
      }
    }
    // Sign-in attempts from one address: refused from memory once the address must wait, and a few
    // at a time (a burst sent at once would reach the database before the first refusal). The
    // owner's own browser (its device cookie) is never slowed by what strangers do from its address.
    const stranger = names.includes(LOGIN) && !req.cookies[deviceCookieName(config)];
    if (config.rateLimit && stranger) {
      const lockedOut = addressLockedOut(db, req.ip);
      if (lockedOut > 0) return trpcRefusal(req, reply, 429, waitMessage(lockedOut));
      const running = loginsInFlight.get(req.ip) ?? 0;
      if (running >= LOGINS_AT_ONCE) return trpcRefusal(req, reply, 429, LOGINS_BUSY);
      loginsInFlight.set(req.ip, running + 1);
      reply.raw.once('close', () => {
        const left = (loginsInFlight.get(req.ip) ?? 1) - 1;
        if (left > 0) loginsInFlight.set(req.ip, left);
        else loginsInFlight.delete(req.ip);
      });
    }
    if (stranger) {
      // A browser without the owner's device cookie takes a stranger's place here, before its body is
      // read (auth.router.ts counts it as taken): past a few, a burst is refused at this cost only.
      // One place is one attempt: a batch of several sign-ins is refused.
      const release = names.filter((name) => name === LOGIN).length === 1 ? takeStrangerSlot() : null;
      if (!release) return trpcRefusal(req, reply, 429, BUSY_MESSAGE);
      reply.raw.once('close', release);
    }
    const declared = Number(req.headers['content-length'] ?? 0);
    const adminOnly = names.some((name) => procedures[name]?._def.meta?.access === 'admin');
    if (!adminOnly && !req.cookies[cookie]) {
      // Anonymous: a body over the public limit is never read, whatever it asks.
      req.bodyBudget = PUBLIC_BODY_LIMIT;
      if (declared > PUBLIC_BODY_LIMIT) return trpcRefusal(req, reply, 413, TOO_LARGE);
      return;
    }
    req.sessionAdmin = await findSession(db, config, req.cookies[cookie]);
    if (adminOnly && !req.sessionAdmin) return trpcRefusal(req, reply, 401, SIGN_IN);
    req.bodyBudget = req.sessionAdmin ? ADMIN_BODY_LIMIT : PUBLIC_BODY_LIMIT;
    if (declared > req.bodyBudget) return trpcRefusal(req, reply, 413, TOO_LARGE);
  });

  app.addHook('preParsing', async (req, _reply, payload) =>
    req.bodyBudget === undefined ? payload : pipeline(payload, capped(req.bodyBudget), () => undefined),
  );
}

/** A refusal raised while reading a body (the budget above, Fastify's own limit) in French. */
export function isBodyTooLarge(error: { statusCode?: number; code?: string }) {
  return error.statusCode === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE';
}
