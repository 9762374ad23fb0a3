import type { AnyResource } from '@app/shared';
import type { AnyRouter } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './app';

type Procedures = Record<string, { _def: { type: string; meta?: { access?: string } } }>;

/** The procedures open to anonymous callers, as their own `meta.access` declares. */
export const publicProcedures = (router: AnyRouter) =>
  new Set(
    Object.entries(router._def.procedures as Procedures)
      .filter(([, p]) => p._def.meta?.access === 'public')
      .map(([path]) => path),
  );

/** Calls every procedure of the router anonymously over HTTP: 401 unless it is public, never a 500. */
export function describeAccessWalk(router: AnyRouter, registry: readonly AnyResource[], start: () => Promise<TestApp>) {
  const open = publicProcedures(router);
  const declared = router._def.procedures as Procedures;
  const procedures = Object.entries(declared).map(([path, p]) => [path, p._def.type] as const);
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
    it("every procedure declares who may call it, and each resource's reads are as open as its declaration says", () => {
      for (const [path] of procedures) expect(['public', 'admin'], path).toContain(declared[path]!._def.meta?.access);
      for (const resource of registry) {
        const access = resource.read === 'public' ? 'public' : 'admin';
        for (const read of resource.singleton ? ['get'] : ['list', 'get']) {
          expect(declared[`${resource.name}.${read}`]?._def.meta?.access, `${resource.name}.${read}`).toBe(access);
        }
        for (const write of ['create', 'update', 'delete'])
          if (declared[`${resource.name}.${write}`]) expect(declared[`${resource.name}.${write}`]!._def.meta?.access).toBe('admin');
      }
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
