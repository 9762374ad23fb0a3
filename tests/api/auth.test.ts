import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertAdmin } from '../../server/src/auth/admins';
import type { AddressInfo } from 'node:net';
import { verifyPassword } from '../../server/src/auth/password';
import { loadConfig } from '../../server/src/config';
import { buildApp } from '../../server/src/http/app';
import { createDb } from '../../server/src/db/index';
import { migrateToLatest } from '../../server/src/db/migrate';
import { ADMIN, failure, httpClient, startTestApp, type TestApp } from '../support/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const login = (body: unknown) =>
  fetch(`${app.url}/trpc/auth.login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('admin sign-in', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie and signs in', async () => {
    const response = await login(ADMIN);
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie()[0] ?? '';
    expect(cookie).toMatch(/^session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i);
    const { client } = httpClient(app.url);
    expect(await client.auth.me.query()).toBeNull();
  });

  it('answers the same generic French error for a wrong password and an unknown e-mail', async () => {
    const { client } = httpClient(app.url);
    const wrongPassword = await failure(client.auth.login.mutate({ email: ADMIN.email, password: 'pas le bon mot de passe' }));
    const unknownEmail = await failure(client.auth.login.mutate({ email: 'personne@example.com', password: ADMIN.password }));
    expect(wrongPassword).toMatchObject({ code: 'UNAUTHORIZED', message: 'E-mail ou mot de passe incorrect.' });
    expect(unknownEmail).toEqual(wrongPassword);
  });

  it('calls the first owner made from an e-mail by a name taken from it, not « Admin »', async () => {
    await upsertAdmin(app.db, 'awa.dossou+boutique@exemple.bj', 'un mot de passe solide');
    const row = await app.db
      .selectFrom('admins')
      .select('displayName')
      .where('email', '=', 'awa.dossou+boutique@exemple.bj')
      .executeTakeFirstOrThrow();
    expect(row.displayName).toBe('Awa Dossou');
  });

  it('signs in case-insensitively on the e-mail, then me, write, logout', async () => {
    const { client, jar } = httpClient(app.url);
    const me = await client.auth.login.mutate({ email: ADMIN.email.toUpperCase(), password: ADMIN.password });
    expect(me).toEqual({ email: ADMIN.email, displayName: 'Admin', role: 'owner' });
    expect(await client.auth.me.query()).toEqual({ email: ADMIN.email, displayName: 'Admin', role: 'owner' });
    const created = await client.testimonials.create.mutate({ name: 'Awa', role: 'Cliente', content: 'Très bon service.' });
    expect(created.rating).toBe(5);
    const token = jar.get('session');
    await client.auth.logout.mutate();
    expect(await client.auth.me.query()).toBeNull();
    // The old token is dead on the server, not only forgotten by this browser.
    const replay = await fetch(`${app.url}/trpc/auth.me`, { headers: { cookie: `session=${token}` } });
    expect((await replay.json()).result.data).toBeNull();
  });

  it('stores only a hash of the session token', async () => {
    const { jar } = httpClient(app.url);
    const response = await login(ADMIN);
    const token = /session=([^;]+)/.exec(response.headers.getSetCookie()[0] ?? '')?.[1];
    expect(token).toBeTruthy();
    jar.set('session', token!);
    const rows = await app.db.selectFrom('sessions').select('tokenHash').execute();
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('hashes passwords with bcrypt cost 12', async () => {
    const admin = await app.db.selectFrom('admins').selectAll().executeTakeFirstOrThrow();
    expect(admin.passwordHash).toMatch(/^\$2[aby]\$12\$/);
    expect(await verifyPassword(ADMIN.password, admin.passwordHash)).toBe(true);
  });
});

describe('npm run admin:create', () => {
  const dataDir = path.resolve('.tmp', `admin-cli-${process.pid}`);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const run = (args: string[]) =>
    // Compiled, as npm run admin:create runs it (npm test builds the server first).
    promisify(execFile)(process.execPath, ['server/dist/bin/create-admin-cli.js', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });

  it('creates an admin who can then sign in, and refuses a weak password in French', async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    // A shop that was started once (and is stopped): the command writes to its database only.
    const shop = createDb({ dataDir });
    await migrateToLatest(shop);
    await shop.destroy();
    const weak = await run(['--email', 'patron@example.com', '--password', 'court']).catch((e: { stderr: string; code: number }) => e);
    expect(weak).toMatchObject({ code: 1 });
    expect((weak as { stderr: string }).stderr).toContain('au moins 12 caractères');

    const created = await run(['--email', 'Patron@Example.com', '--password', 'cafe au lait du matin']);
    expect(created.stdout).toContain('Administrateur créé : patron@example.com');
    const reset = await run(['--email', 'patron@example.com', '--password', 'un tout autre mot de passe']);
    expect(reset.stdout).toContain('Mot de passe réinitialisé');

    // The same database, served: the new admin signs in over HTTP and writes.
    const db = createDb({ dataDir });
    const server = await buildApp({ db, config: loadConfig({ LOG_LEVEL: 'silent' }), logger: false });
    try {
      await server.listen({ port: 0, host: '127.0.0.1' });
      const address = server.server.address() as AddressInfo;
      const { client } = httpClient(`http://127.0.0.1:${address.port}`);
      expect((await failure(client.auth.login.mutate({ email: 'patron@example.com', password: 'cafe au lait du matin' }))).code).toBe(
        'UNAUTHORIZED',
      );
      await client.auth.login.mutate({ email: 'patron@example.com', password: 'un tout autre mot de passe' });
      const post = await client.trendingCryptos.create.mutate({
        name: 'Cardano',
        symbol: 'ADA',
        image: '/media/demo/ada.svg',
        affiliateLink: 'https://exchange.example/ref/ada',
        description: 'Une blockchain de preuve d’enjeu.',
      });
      expect(post.symbol).toBe('ADA');
    } finally {
      await server.close();
      await db.destroy();
    }
  }, 120_000);
});

describe('session lifetime', () => {
  async function signedIn() {
    const { client, jar } = httpClient(app.url);
    await client.auth.login.mutate(ADMIN);
    const token = jar.get('session')!;
    const { tokenHash } = await app.db.selectFrom('sessions').select('tokenHash').orderBy('createdAt', 'desc').executeTakeFirstOrThrow();
    return { client, token, tokenHash };
  }

  it('ends after the idle timeout without a request', async () => {
    const { client, tokenHash } = await signedIn();
    expect(await client.auth.me.query()).not.toBeNull();
    await sql`UPDATE sessions SET last_seen_at = now() - make_interval(mins => ${app.config.sessionIdleMinutes + 1}) WHERE token_hash = ${tokenHash}`.execute(
      app.db,
    );
    expect(await client.auth.me.query()).toBeNull();
  });

  it('ends at the absolute timeout even when used all along', async () => {
    const { client, tokenHash } = await signedIn();
    await sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = ${tokenHash}`.execute(app.db);
    expect(await client.auth.me.query()).toBeNull();
  });

  it('rotates the token at each login', async () => {
    const { client, jar } = httpClient(app.url);
    await client.auth.login.mutate(ADMIN);
    const first = jar.get('session');
    await client.auth.login.mutate(ADMIN);
    expect(jar.get('session')).not.toBe(first);
    const replay = await fetch(`${app.url}/trpc/auth.me`, { headers: { cookie: `session=${first}` } });
    expect((await replay.json()).result.data).toBeNull();
  });
});

describe('production cookie', () => {
  it('is __Host- prefixed and Secure', async () => {
    const server = await buildApp({ db: app.db, config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }), logger: false });
    try {
      const response = await server.inject({
        method: 'POST',
        url: '/trpc/auth.login',
        headers: { 'content-type': 'application/json' },
        payload: ADMIN,
      });
      const cookie = String(response.headers['set-cookie']);
      expect(cookie).toMatch(/^__Host-session=/);
      expect(cookie).toMatch(/Secure/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).not.toMatch(/Domain=/i);
      expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await server.close();
    }
  });
});
