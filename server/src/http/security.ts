import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Public writes take small bodies; a larger one is refused before it is read. */
const PUBLIC_WRITES = new Set([
  'cryptoVerifications.submit',
  'newsletterSubscribers.subscribe',
  'contactMessages.send',
  'orders.place',
  'auth.login',
  'auth.requestPasswordReset',
  'auth.resetPassword',
]);
export const PUBLIC_BODY_LIMIT = 32 * 1024;

function csp(config: Config) {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Ant Design writes its styles at run time (CSS-in-JS); no script can be inlined.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    ...(config.production ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

function refuse(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).type('application/json; charset=utf-8').send({ error: { message, code: status } });
}

/**
 * Cross-site request refusal and security headers, for every route.
 * A browser always says where a request comes from (Sec-Fetch-Site, Origin);
 * anything not from our own origin may not change state, whatever its content type.
 */
export function registerSecurity(app: FastifyInstance, config: Config) {
  const ownOrigins = new Set([new URL(config.publicUrl).origin]);

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (SAFE_METHODS.has(req.method)) return;
    const site = req.headers['sec-fetch-site'];
    if (site && site !== 'same-origin' && site !== 'none') return refuse(reply, 403, 'Requête refusée : elle ne vient pas de ce site.');
    const origin = req.headers.origin;
    if (origin) {
      const sameHost = (() => {
        try {
          return new URL(origin).host === req.headers.host;
        } catch {
          return false;
        }
      })();
      if (!sameHost && !ownOrigins.has(origin)) return refuse(reply, 403, 'Requête refusée : elle ne vient pas de ce site.');
    }
    if (req.url.startsWith('/trpc/')) {
      // Only JSON: forms and multipart posts (which tRPC would otherwise accept) are not ours.
      const type = req.headers['content-type'] ?? '';
      if (!type.startsWith('application/json')) return refuse(reply, 415, 'Format de requête non accepté.');
      const procedure = req.url.slice('/trpc/'.length).split('?')[0] ?? '';
      const length = Number(req.headers['content-length'] ?? 0);
      if (PUBLIC_WRITES.has(procedure) && length > PUBLIC_BODY_LIMIT) return refuse(reply, 413, 'Envoi trop volumineux.');
    }
  });

  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Content-Security-Policy', csp(config));
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (config.production) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}
