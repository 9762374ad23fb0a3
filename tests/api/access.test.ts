import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../server/src/routers/_app';
import { startTestApp, type TestApp } from '../support/app';

/**
 * Reviewed list of what an anonymous visitor may call. Anything added to the
 * router is admin-only unless it is added here, on purpose, in review.
 */
const PUBLIC_PROCEDURES = new Set([
  'auth.login',
  'auth.me',
  'auth.requestPasswordReset',
  'auth.resetPassword',
  'settings.get',
  'blogPosts.bySlug',
  'cryptoVerifications.submit',
  'newsletterSubscribers.subscribe',
  'contactMessages.send',
  'orders.place',
  // The customer's own order, by its private link or by number and phone (rate-limited).
  'orders.track',
  // Paying an order online: whether it is offered, and the order's own payment, by its private link.
  'payments.options',
  'payments.start',
  'payments.status',
  'payments.payOnDelivery',
  ...['products', 'services', 'cryptoCourses', 'blogPosts', 'trendingCryptos', 'testimonials', 'deliveryOptions'].flatMap((n) => [
    `${n}.list`,
    `${n}.get`,
  ]),
]);

const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>).map(
  ([path, p]) => [path, p._def.type] as const,
);

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

async function anonymousCall(path: string, type: string) {
  const input = encodeURIComponent(JSON.stringify({}));
  const response =
    type === 'query'
      ? await fetch(`${app.url}/trpc/${path}?input=${input}`)
      : await fetch(`${app.url}/trpc/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  return response.status;
}

describe('anonymous access over HTTP', () => {
  it('the allowlist names only procedures that exist', () => {
    const paths = new Set(procedures.map(([path]) => path));
    for (const name of PUBLIC_PROCEDURES) expect(paths, name).toContain(name);
    expect(procedures.length).toBeGreaterThan(60);
  });

  it.each(procedures.filter(([path]) => !PUBLIC_PROCEDURES.has(path)))('%s (%s) refuses an anonymous caller', async (path, type) => {
    expect(await anonymousCall(path, type)).toBe(401);
  });

  it.each(procedures.filter(([path]) => PUBLIC_PROCEDURES.has(path)))('%s (%s) is open, and never a 500', async (path, type) => {
    const status = await anonymousCall(path, type);
    expect(status).not.toBe(401);
    expect(status).toBeLessThan(500);
  });
});
