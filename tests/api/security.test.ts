import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { TAP_RECORDER } from '@app/shared/ssr';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LOCK_HINT } from '../../server/src/auth/throttle';
import { upsertAdmin } from '../../server/src/auth/admins';
import { delaySeconds } from '../../server/src/auth/throttle';
import { appRouter } from '../../server/src/routers/_app';
import { ADMIN, failure, httpClient, startTestApp, type TestApp } from '../support/app';
import { nextResetLink, readOutbox } from '../support/outbox';
import { postFrom } from '../support/raw-http';

const mutations = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)
  .filter(([, p]) => p._def.type === 'mutation')
  .map(([name]) => name);

let app: TestApp;
const logs: string[] = [];
beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => logs.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  app = await startTestApp({ env: { RATE_LIMIT: 'on', LOG_LEVEL: 'info', PUBLIC_URL: 'https://boutique.example' }, logStream: stream });
});
afterAll(() => app?.close());

describe('cross-site requests', () => {
  it('lists the mutations it checks', () => expect(mutations.length).toBeGreaterThan(35));

  it.each(mutations)('%s refuses cross-site multipart/form-data and text/plain posts with 403', async (name) => {
    const multipart = await fetch(`${app.url}/trpc/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      body: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c\r\n--x--\r\n',
    });
    expect(multipart.status).toBe(403);
    // An older browser without Sec-Fetch-Site still sends Origin.
    const plain = await fetch(`${app.url}/trpc/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'https://evil.example' },
      body: '{"email":"a@b.c"}',
    });
    expect(plain.status).toBe(403);
    expect((await plain.json()).error.message).toMatch(/Requête refusée/);
  });

  it('refuses non-JSON posts even from the same origin, and accepts same-origin JSON', async () => {
    const form = await fetch(`${app.url}/trpc/newsletterSubscribers.subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: 'email=a%40b.example',
    });
    expect(form.status).toBe(415);
    const json = await fetch(`${app.url}/trpc/newsletterSubscribers.subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', origin: app.url },
      body: JSON.stringify({ email: 'meme-origine@example.com' }),
    });
    expect(json.status).toBe(200);
  });
});

describe('security headers', () => {
  const SECURITY = [
    'content-security-policy',
    'x-content-type-options',
    'referrer-policy',
    'x-frame-options',
    'cross-origin-opener-policy',
    'permissions-policy',
  ];
  it.each(['/', '/admin/', '/trpc/settings.get', '/health'])(
    '%s has a CSP without inline scripts but the tap recorder, and the usual headers',
    async (url) => {
      const response = await fetch(`${app.url}${url}`);
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("base-uri 'none'");
      expect(policy).toContain("frame-ancestors 'none'");
      // Scripts from the shop's own files (WebAssembly too: the counter's barcode reader), and one
      // inline script only: the tap recorder, by its hash.
      expect(policy).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
      expect(policy).toContain(`'sha256-${createHash('sha256').update(TAP_RECORDER).digest('base64')}'`);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('strict-transport-security')).toBeNull();
      // Asked again: a public page or read now comes from the cache (written straight to the socket),
      // and says "unchanged" to a client that has it; both carry the same security headers.
      const again = await fetch(`${app.url}${url}`);
      const etag = again.headers.get('etag');
      const unchanged = etag ? await fetch(`${app.url}${url}`, { headers: { 'if-none-match': etag } }) : null;
      if (url === '/' || url.startsWith('/trpc/')) expect(unchanged?.status, url).toBe(304);
      for (const answer of [again, ...(unchanged ? [unchanged] : [])])
        for (const name of SECURITY) expect(answer.headers.get(name), `${url} ${answer.status} ${name}`).toBe(response.headers.get(name));
    },
  );
});

describe('forms sent without JavaScript', () => {
  it('refuse another site’s post and an oversized body, and take the shop’s own', async () => {
    const body = new URLSearchParams({ name: 'Voisin', contact: 'voisin@example.com', subject: 'Piège', message: 'Envoyé ailleurs' });
    const foreign = await fetch(`${app.url}/formulaires/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      body,
    });
    expect(foreign.status).toBe(403);
    const huge = await postForm({ name: 'Gros', contact: 'gros@example.com', subject: 'Gros', message: 'x'.repeat(40_000) });
    expect(huge.status).toBe(413);
    const own = await postForm({ name: 'Voisine', contact: 'voisine@example.com', subject: 'Question', message: 'Sans script' });
    expect(own.status).toBe(200);
    expect(await own.text()).toContain('<h1>Message envoyé !</h1>');
    const stored = await app.db.selectFrom('contactMessages').select('name').where('name', 'in', ['Voisin', 'Gros', 'Voisine']).execute();
    expect(stored).toEqual([{ name: 'Voisine' }]);
  });
});

const postForm = (fields: Record<string, string>) =>
  fetch(`${app.url}/formulaires/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url, 'sec-fetch-site': 'same-origin' },
    body: new URLSearchParams(fields),
  });

describe('login brute force', () => {
  it('grows the delay after 10 failures in a row, up to 15 minutes', () => {
    expect([9, 10, 11, 12, 20, 40].map((n) => delaySeconds(n))).toEqual([0, 1, 2, 4, 900, 900]);
  });

  it("slows an attacker's IP with a French message, while the owner still signs in from elsewhere", async () => {
    const login = (ip: string, password: string) => postFrom(ip, `${app.url}/trpc/auth.login`, { email: ADMIN.email, password });
    for (let i = 0; i < 10; i++) expect((await login('127.0.0.2', `mauvais ${i}`)).status).toBe(401);
    const blocked = await login('127.0.0.2', ADMIN.password);
    expect(blocked.status).toBe(429);
    expect(JSON.parse(blocked.body).error.message).toMatch(/^Trop de tentatives de connexion\. Réessayez dans \d+ seconde/);
    const owner = await login('127.0.0.3', ADMIN.password);
    expect(owner.status).toBe(200);
    expect(owner.headers['set-cookie']?.[0]).toMatch(/^session=/);
  });
});

describe('public forms', () => {
  it('rate-limits per IP with a French message', async () => {
    const send = (ip: string) =>
      postFrom(ip, `${app.url}/trpc/contactMessages.send`, { name: 'Bot', contact: 'bot@example.com', subject: 'Spam', message: 'Spam' });
    for (let i = 0; i < 5; i++) expect((await send('127.0.0.4')).status).toBe(200);
    const sixth = await send('127.0.0.4');
    expect(sixth.status).toBe(429);
    expect(JSON.parse(sixth.body).error.message).toMatch(/Trop de demandes/);
    expect((await send('127.0.0.5')).status).toBe(200);
  });

  it('refuses a filled honeypot and an oversized body', async () => {
    const bot = await postFrom('127.0.0.6', `${app.url}/trpc/newsletterSubscribers.subscribe`, {
      email: 'bot@example.com',
      website: 'http://spam',
    });
    expect(bot.status).toBe(400);
    const huge = await postFrom('127.0.0.6', `${app.url}/trpc/contactMessages.send`, {
      name: 'A',
      contact: 'a@b.example',
      subject: 'S',
      message: 'x'.repeat(40_000),
    });
    expect(huge.status).toBe(413);
  });
});

describe('password reset', () => {
  const mails = () => readOutbox(app.config.dataDir);

  it('answers the same for known and unknown e-mails, mails a PUBLIC_URL link, and the token works once', async () => {
    const visitor = httpClient(app.url).client;
    const before = mails().length;
    const t0 = performance.now();
    const unknown = await visitor.auth.requestPasswordReset.mutate({ email: 'inconnu@example.com' });
    const t1 = performance.now();
    const known = await visitor.auth.requestPasswordReset.mutate({ email: ADMIN.email });
    const t2 = performance.now();
    expect(known).toEqual(unknown);
    expect(Math.abs(t2 - t1 - (t1 - t0))).toBeLessThan(150);

    const { mail, link, token } = await nextResetLink(app.config.dataDir, before);
    // One reset mail only: the unknown address got none.
    expect(
      mails()
        .slice(before)
        .filter((m) => m.includes('reset-password?token=')).length,
    ).toBe(1);
    expect(mail).toMatch(/To: owner@example\.com/);
    expect(link.startsWith('https://boutique.example/admin/reset-password?token=')).toBe(true);
    expect(token.length).toBeGreaterThanOrEqual(43);
    const stored = await app.db.selectFrom('passwordResetTokens').select('tokenHash').execute();
    expect(stored.map((r) => r.tokenHash)).not.toContain(token);

    const signedIn = httpClient(app.url);
    await signedIn.client.auth.login.mutate(ADMIN);
    const weak = await failure(visitor.auth.resetPassword.mutate({ token: token, password: 'court' }));
    expect(weak.fieldErrors?.password).toMatch(/au moins 12 caractères/);
    const common = await failure(visitor.auth.resetPassword.mutate({ token: token, password: 'motdepasse123' }));
    expect(common.fieldErrors?.password).toMatch(/trop courant/);
    await visitor.auth.resetPassword.mutate({ token: token, password: 'une nouvelle phrase de passe' });
    expect(await signedIn.client.auth.me.query()).toBeNull();
    const reused = await failure(visitor.auth.resetPassword.mutate({ token: token, password: 'encore une autre phrase' }));
    expect(reused.message).toMatch(/invalide, déjà utilisé ou expiré/);
    await visitor.auth.login.mutate({ email: ADMIN.email, password: 'une nouvelle phrase de passe' });
    // Put the password back for the other tests.
    await visitor.auth.changePassword.mutate({ currentPassword: 'une nouvelle phrase de passe', newPassword: ADMIN.password });
  });

  const requestFrom = async (ip: string) => {
    const count = mails().length;
    expect((await postFrom(ip, `${app.url}/trpc/auth.requestPasswordReset`, { email: ADMIN.email })).status).toBe(200);
    return (await nextResetLink(app.config.dataDir, count)).token;
  };

  it('keeps a link already sent working when someone asks again, voids them all once one is used, and refuses an expired one', async () => {
    const visitor = httpClient(app.url).client;
    const owners = await requestFrom('127.0.0.21');
    // A stranger asks for the same account: the owner's link, about to be opened, still works.
    const strangers = await requestFrom('127.0.0.22');
    await visitor.auth.resetPassword.mutate({ token: owners, password: 'une phrase toute neuve' });
    expect((await failure(visitor.auth.resetPassword.mutate({ token: strangers, password: 'une autre phrase neuve' }))).code).toBe(
      'BAD_REQUEST',
    );
    await visitor.auth.login.mutate({ email: ADMIN.email, password: 'une phrase toute neuve' });
    await visitor.auth.changePassword.mutate({ currentPassword: 'une phrase toute neuve', newPassword: ADMIN.password });

    const late = await requestFrom('127.0.0.23');
    await sql`UPDATE password_reset_tokens SET expires_at = now() - interval '1 minute'`.execute(app.db);
    const expired = await failure(visitor.auth.resetPassword.mutate({ token: late, password: 'une phrase toute neuve' }));
    expect(expired.message).toMatch(/expiré/);
  });

  it('mails one account at most 3 reset links an hour, whoever asks and from wherever', async () => {
    await sql`DELETE FROM password_reset_tokens`.execute(app.db);
    // Mails of the tests before still on their way would land among this test's.
    await expect
      .poll(
        async () =>
          (await app.db.selectFrom('outbox').select('id').where('channel', '=', 'mail').where('status', '=', 'pending').execute()).length,
      )
      .toBe(0);
    const before = mails().length;
    for (let i = 0; i < 6; i++) {
      const answer = await postFrom(`127.0.0.${30 + i}`, `${app.url}/trpc/auth.requestPasswordReset`, { email: ADMIN.email });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).result.data.message).toMatch(/^Si un compte correspond/);
    }
    // The work happens after each answer: wait until all six requests have been handled.
    await expect.poll(async () => (await app.db.selectFrom('passwordResetTokens').select('id').execute()).length).toBe(3);
    // The links mailed for the tokens the database holds: a late mail of a test before (its token
    // deleted above) or a mail written twice under load is not one more link.
    const resetMails = async () => {
      const held = new Set((await app.db.selectFrom('passwordResetTokens').select('tokenHash').execute()).map((r) => r.tokenHash));
      const tokens = mails()
        .slice(before)
        .map((m) => /reset-password\?token=([\w-]+)/.exec(m)?.[1])
        .filter((token): token is string => !!token && held.has(createHash('sha256').update(token).digest('hex')));
      return new Set(tokens);
    };
    await expect.poll(async () => (await resetMails()).size).toBe(3);
    // An hour later, the owner can have a new one.
    await sql`UPDATE password_reset_tokens SET created_at = now() - interval '61 minutes'`.execute(app.db);
    await requestFrom('127.0.0.40');
    expect((await resetMails()).size).toBe(4);
  });

  it('lets the owner in again once she reset her password or an operator ran admin:create, whatever strangers tried', async () => {
    // Strangers' guesses from many addresses locked the account everywhere but on known devices.
    const lock = async () => {
      await sql`INSERT INTO login_failures (key, failures) VALUES
        ('account:owner@example.com', 24), ('account:owner@example.com|ip:127.0.0.50', 3)
        ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, last_failure_at = now()`.execute(app.db);
      const refused = await postFrom('127.0.0.51', `${app.url}/trpc/auth.login`, ADMIN);
      expect(refused.status).toBe(429);
      // The owner on a new phone is told her way in at once.
      expect(JSON.parse(refused.body).error.message).toContain(ACCOUNT_LOCK_HINT);
    };
    await lock();
    const visitor = httpClient(app.url).client;
    const token = await requestFrom('127.0.0.52');
    await visitor.auth.resetPassword.mutate({ token, password: 'une phrase toute neuve' });
    const after = await postFrom('127.0.0.51', `${app.url}/trpc/auth.login`, { email: ADMIN.email, password: 'une phrase toute neuve' });
    expect(after.status).toBe(200);

    await lock();
    await upsertAdmin(app.db, ADMIN.email, ADMIN.password);
    expect((await postFrom('127.0.0.53', `${app.url}/trpc/auth.login`, ADMIN)).status).toBe(200);
  });
});

describe('logs', () => {
  it('never contain a password or a session token', async () => {
    const { jar, client } = httpClient(app.url);
    await client.auth.login.mutate(ADMIN);
    await client.auth.me.query();
    const session = jar.get('session')!;
    await new Promise((r) => setTimeout(r, 100));
    const text = logs.join('\n');
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toContain(ADMIN.password);
    expect(text).not.toContain('une nouvelle phrase de passe');
    expect(text).not.toContain(session);
  });
});
