import { type AnyResource, EXPORT_ACCESS, EXPORTS, MANAGERS, type Role, ROLES } from '@app/shared';
import { createSession, sessionCookieName } from '../../server/src/auth/sessions';
import type { AnyRouter } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnRule } from '../../server/src/trpc';
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
export function describeAccessWalk(
  router: AnyRouter,
  registry: readonly AnyResource[],
  start: () => Promise<TestApp>,
  /** The procedures walked over HTTP (npm run check: one resource's); all when unsaid. */
  only: (path: string) => boolean = () => true,
) {
  const open = publicProcedures(router);
  const declared = router._def.procedures as Procedures;
  const procedures = Object.entries(declared).map(([path, p]) => [path, p._def.type] as const);
  const walked = procedures.filter(([path]) => only(path));
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

    it.each(walked.filter(([path]) => !open.has(path)))('%s (%s) refuses an anonymous caller', async (path, type) => {
      expect(await anonymousCall(path, type)).toBe(401);
    });

    it.each(walked.filter(([path]) => open.has(path)))('%s (%s) is open, and never a 500', async (path, type) => {
      const status = await anonymousCall(path, type);
      expect(status).not.toBe(401);
      expect(status).toBeLessThan(500);
    });
  });
}

/**
 * An app for a walk over HTTP, started before its tests: members made on demand (one of each role
 * for the walks that need them), a fresh session cookie per call (a logout ends only its own).
 */
function walkedApp(start: () => Promise<TestApp>, everyRole = false) {
  const walk = { app: undefined as unknown as TestApp, ofRole: new Map<Role, string>() };
  const member = async (role: Role) =>
    (
      await walk.app.db
        .insertInto('admins')
        .values({ email: `${role}-${Math.random().toString(36).slice(2, 10)}@walk.example`, passwordHash: 'x', role })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  beforeAll(async () => {
    walk.app = await start();
    if (everyRole) for (const role of ROLES) walk.ofRole.set(role, await member(role));
  });
  afterAll(() => walk.app?.close());
  const cookie = async (id: string) => `${sessionCookieName(walk.app.config)}=${await createSession(walk.app.db, walk.app.config, id)}`;
  /** A procedure called as this member, with this input. */
  const call = async (as: string, path: string, type: string, input: unknown = {}) => {
    const headers = { cookie: await cookie(as), 'content-type': 'application/json' };
    const body = JSON.stringify(input);
    const response =
      type === 'query'
        ? await fetch(`${walk.app.url}/trpc/${path}?input=${encodeURIComponent(body)}`, { headers })
        : await fetch(`${walk.app.url}/trpc/${path}`, { method: 'POST', headers, body });
    return { status: response.status, text: await response.text() };
  };
  return { walk, member, cookie, call };
}

type WithRoles = Record<string, { _def: { type: string; meta?: { access?: string; roles?: readonly Role[] } } }>;

/**
 * Calls every admin procedure over HTTP as each role of the team: refused with a French 403
 * exactly when the procedure's declared roles (`meta.roles`, the managers when unsaid) leave the
 * role out, never a 401 nor a 500 otherwise. Each call has a session of its own (a logout ends one).
 */
export function describeRoleWalk(router: AnyRouter, start: () => Promise<TestApp>, only: (path: string) => boolean = () => true) {
  const declared = router._def.procedures as WithRoles;
  const adminOnly = Object.entries(declared).filter(([path, p]) => p._def.meta?.access === 'admin' && only(path));
  const { walk, call: callAs } = walkedApp(start, true);
  const call = (role: Role, path: string, type: string) => callAs(walk.ofRole.get(role)!, path, type);

  describe('each role of the team over HTTP', () => {
    it('the owner may call every procedure', () => {
      for (const [path, p] of adminOnly) expect(p._def.meta?.roles ?? MANAGERS, path).toContain('owner');
    });

    it.each(ROLES.flatMap((role) => adminOnly.map(([path, p]) => [role, path, p._def.type] as const)))(
      '%s → %s (%s)',
      async (role, path, type) => {
        const allowed = (declared[path]!._def.meta?.roles ?? MANAGERS).includes(role);
        const { status, text } = await call(role, path, type);
        if (allowed) {
          expect(status, text).not.toBe(403);
          expect(status, text).not.toBe(401);
          expect(status, text).toBeLessThan(500);
        } else {
          expect(status, text).toBe(403);
          expect(text).toContain('ne permet pas cette action');
        }
      },
    );
  });
}

type WithRules = Record<string, { _def: { type: string; meta?: { own?: OwnRule } } }>;

/**
 * Tries each row rule a procedure declares (`meta.own`): a member of its first role calling it on a
 * row another member owns is refused with the rule's own message; on his own row the rule lets him
 * through. `owned` makes a row of the rule's table owned by a member and returns the id the input
 * names (a new rule's table must be taught to it, or this walk fails).
 */
export function describeOwnWalk(
  router: AnyRouter,
  start: () => Promise<TestApp>,
  owned: (app: TestApp, rule: OwnRule, owner: string) => Promise<string>,
) {
  const ruled = Object.entries(router._def.procedures as WithRules).filter(([, p]) => p._def.meta?.own);
  const { walk, member, call: callAs } = walkedApp(start);

  it('some procedure declares a row rule', () => expect(ruled.length).toBeGreaterThan(0));

  it.each(ruled.map(([path, p]) => [path, p._def.type, p._def.meta!.own!] as const))(
    '%s (%s): another member’s row is refused by its rule, one’s own is not',
    async (path, type, rule) => {
      const [owner, other] = [await member(rule.roles[0]!), await member(rule.roles[0]!)];
      const id = await owned(walk.app, rule, owner);
      const call = (as: string) => callAs(as, path, type, { id });
      const refused = await call(other);
      expect(refused.status, refused.text).toBe(403);
      expect(refused.text).toContain(rule.message.slice(0, 40));
      const own = await call(owner);
      expect(own.status, own.text).not.toBe(403);
      expect(own.status, own.text).toBeLessThan(500);
    },
  );
}

/**
 * Every file the owner downloads (EXPORTS), fetched anonymously and as each role: 401 for a
 * visitor with the file's own words, 403 in French exactly when its declaration (EXPORT_ACCESS)
 * leaves the role out, and otherwise never a refusal of access (a missing parameter is a 400).
 */
export function describeExportWalk(start: () => Promise<TestApp>) {
  const { walk, cookie } = walkedApp(start, true);

  it.each(Object.keys(EXPORTS) as (keyof typeof EXPORTS)[])('%s: a visitor is asked to sign in, each role as declared', async (file) => {
    const { roles, what } = EXPORT_ACCESS[file];
    const anonymous = await fetch(`${walk.app.url}${EXPORTS[file]}`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toContain(`Veuillez vous connecter pour ${what}.`);
    for (const role of ROLES) {
      const response = await fetch(`${walk.app.url}${EXPORTS[file]}`, { headers: { cookie: await cookie(walk.ofRole.get(role)!) } });
      const text = await response.text();
      if (roles.includes(role)) expect([401, 403, 500].includes(response.status), `${role}: ${response.status} ${text}`).toBe(false);
      else {
        expect(response.status, `${role}: ${text}`).toBe(403);
        expect(text).toContain('ne permet pas cette action');
      }
    }
  });
}
