import { pipeline, Transform } from 'node:stream';
import type { AnyRouter } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { findSession, sessionCookieName } from '../auth/sessions';
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
export function trpcRefusal(req: FastifyRequest, reply: FastifyReply, status: 401 | 413, message: string) {
  const procedures = (routedPath(req.url) ?? '').slice('/trpc/'.length).split(',');
  const batch = (req.query as Record<string, unknown>).batch !== undefined;
  const code = status === 401 ? 'UNAUTHORIZED' : 'PAYLOAD_TOO_LARGE';
  const one = (path: string) => ({
    error: { message, code: status === 401 ? -32001 : -32600, data: { code, httpStatus: status, path, fieldErrors: null } },
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
  app.decorateRequest('sessionAdmin', undefined);
  app.decorateRequest('bodyBudget', undefined);

  app.addHook('onRequest', async (req, reply) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
    const path = routedPath(req.url) ?? '';
    if (!path.startsWith('/trpc/')) return;
    const names = path.slice('/trpc/'.length).split(',');
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
