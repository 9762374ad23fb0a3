import { createHash } from 'node:crypto';
import { TAP_RECORDER } from '@app/shared/ssr';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { routedPath } from '../platform/paths';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The one inline script a page may run: the storefront's tap recorder, by its hash. */
const TAP_RECORDER_HASH = `'sha256-${createHash('sha256').update(TAP_RECORDER).digest('base64')}'`;

function csp(config: Config) {
  return [
    "default-src 'self'",
    // WebAssembly from the shop's own files: the counter's barcode reader on phones without a native one.
    `script-src 'self' 'wasm-unsafe-eval' ${TAP_RECORDER_HASH}`,
    // Ant Design writes its styles at run time (CSS-in-JS); no other script can be inlined.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    ...(config.production ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** The headers every answer carries, whatever it is (answers from the cache too: sendCached). */
export function securityHeaders(config: Config): Readonly<Record<string, string>> {
  return Object.freeze({
    'content-security-policy': csp(config),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    // The camera for the shop's own pages only: the counter scans barcodes with it.
    'permissions-policy': 'camera=(self), microphone=(), geolocation=()',
    ...(config.production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  });
}

function refuse(reply: FastifyReply, status: number, message: string) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ error: { message, code: status } });
}

/**
 * Cross-site request refusal and security headers, for every route.
 * A browser always says where a request comes from (Sec-Fetch-Site, Origin);
 * anything not from our own origin may not change state, whatever its content type.
 */
export function registerSecurity(app: FastifyInstance, config: Config) {
  const ownOrigins = new Set([new URL(config.publicUrl).origin]);

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const path = routedPath(req.url);
    if (path === null) return refuse(reply, 400, 'Adresse invalide.');
    if (SAFE_METHODS.has(req.method)) return;
    const site = req.headers['sec-fetch-site'];
    if (site && site !== 'same-origin' && site !== 'none') return refuse(reply, 403, 'Requête refusée : elle ne vient pas de ce site.');
    const origin = req.headers.origin;
    // Scheme, host and port must all match: http://shop is not https://shop.
    if (origin && origin !== `${req.protocol}://${req.host}` && !ownOrigins.has(origin)) {
      return refuse(reply, 403, 'Requête refusée : elle ne vient pas de ce site.');
    }
    if (path.startsWith('/trpc/') || path === '/trpc') {
      // Only JSON: forms and multipart posts (which tRPC would otherwise accept) are not ours.
      // Its size and access are settled next, before the body is read (body-guard.ts).
      const type = req.headers['content-type'] ?? '';
      if (!type.startsWith('application/json')) return refuse(reply, 415, 'Format de requête non accepté.');
    }
  });

  const headers = securityHeaders(config);
  app.addHook('onSend', async (req, reply, payload) => {
    // Nothing an admin sees may stay in a browser or proxy cache: the admin app's pages and every
    // API answer that no cache rule made public.
    const path = routedPath(req.url) ?? '';
    const adminPage = path === '/admin' || (path.startsWith('/admin/') && !path.startsWith('/admin/assets/'));
    if (adminPage || (path.startsWith('/trpc') && !reply.hasHeader('cache-control'))) reply.header('Cache-Control', 'no-store');
    reply.headers(headers);
    return payload;
  });
}
