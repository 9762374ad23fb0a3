import type { AnyResource } from '@app/shared';
import type { AnyRouter } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './app';

/**
 * Reviewed list of what an anonymous visitor may call besides the reads of public resources,
 * which the registry declares. Anything else added to the router is admin-only unless it is
 * added here, on purpose, in review.
 */
export const PUBLIC_EXCEPTIONS = [
  'auth.login',
  'auth.me',
  'auth.requestPasswordReset',
  'auth.resetPassword',
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
];

/** The procedures open to anonymous callers: the public resources' reads, and the exceptions. */
export const publicProcedures = (registry: readonly AnyResource[]) =>
  new Set([
    ...PUBLIC_EXCEPTIONS,
    ...registry.filter((r) => r.read === 'public').flatMap((r) => (r.singleton ? [`${r.name}.get`] : [`${r.name}.list`, `${r.name}.get`])),
  ]);

/** Calls every procedure of the router anonymously over HTTP: 401 unless it is public, never a 500. */
export function describeAccessWalk(router: AnyRouter, registry: readonly AnyResource[], start: () => Promise<TestApp>) {
  const open = publicProcedures(registry);
  const procedures = Object.entries(router._def.procedures as Record<string, { _def: { type: string } }>).map(
    ([path, p]) => [path, p._def.type] as const,
  );
  let app: TestApp;
  beforeAll(async () => {
    app = await start();
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
      for (const name of open) expect(paths, name).toContain(name);
      expect(procedures.length).toBeGreaterThan(60);
    });

    it.each(procedures.filter(([path]) => !open.has(path)))('%s (%s) refuses an anonymous caller', async (path, type) => {
      expect(await anonymousCall(path, type)).toBe(401);
    });

    it.each(procedures.filter(([path]) => open.has(path)))('%s (%s) is open, and never a 500', async (path, type) => {
      const status = await anonymousCall(path, type);
      expect(status).not.toBe(401);
      expect(status).toBeLessThan(500);
    });
  });
}
