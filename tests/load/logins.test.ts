import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { proxyListenCheck } from '../../server/src/config';
import { bcryptStats } from '../../server/src/auth/password';
import { waitMessage } from '../../server/src/auth/throttle';
import { ADMIN, startTestApp, type TestApp } from '../support/app';
import { CACHED_READS, readsUnderAttack, shopperFigures } from '../support/attack';
import { CHILD_HELPERS, runInChild } from '../support/child';
import { LOGINS_AT_ONCE, LOGINS_BUSY } from '../../server/src/http/body-guard';

// Strangers used to keep the owner out: 300 wrong logins queued behind one another for bcrypt, and
// the owner's own sign-in waited 10 to 264 s. On PGlite the burst also froze cached pages.

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

interface Burst {
  statuses: number[];
  owner: { status: number; ms: number };
}

/**
 * 300 concurrent wrong logins (each from its own forged address, or all from 127.0.0.5) and the owner
 * signing in from her browser during them. `marks`: the file it creates as it starts, and the one
 * it creates when every answer is in.
 */
const burst = (url: string, email: string, password: string, ownerCookie: string, forged: boolean, marks: [string, string]) =>
  runInChild<Burst>(
    `${CHILD_HELPERS}
    const [url, email, password, ownerCookie, forged, started, over] = process.argv.slice(1);
    const fs = require('node:fs');
    const post = (body, headers, localAddress) => new Promise((resolve, reject) => {
      const data = JSON.stringify(body);
      const req = http.request(url + '/trpc/auth.login', { method: 'POST', agent: false, localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), ...headers } }, (res) => {
        res.resume(); res.on('end', () => resolve(res.statusCode));
      });
      req.on('error', reject); req.end(data);
    });
    (async () => {
      fs.writeFileSync(started, '');
      const attack = Promise.all(Array.from({ length: 300 }, (_, i) => post({ email, password: 'devine ' + i },
        forged === '1' ? { 'x-forwarded-for': '10.9.' + (i >> 8) + '.' + (i & 255) } : {}, '127.0.0.5')));
      await new Promise((r) => setTimeout(r, 300));
      const start = performance.now();
      const ownerStatus = await post({ email, password }, { cookie: ownerCookie }, '127.0.0.6');
      const owner = { status: ownerStatus, ms: performance.now() - start };
      const statuses = await attack;
      fs.writeFileSync(over, '');
      process.stdout.write(JSON.stringify({ statuses, owner }));
    })().catch((e) => { console.error(e); process.exit(1); });`,
    [url, email, password, ownerCookie, forged ? '1' : '0', ...marks],
  );

const SHOPPER_READS = ['/', '/health/live', '/trpc/products.list?input=' + encodeURIComponent('{"pageSize":20}')];

/**
 * A shopper on another machine (its own process: in the attacker's, its timings would include the
 * attacker's work): each path read in a loop from the burst's start to its end, ten reads at least.
 */
const shopper = (url: string, [started, over]: [string, string]) =>
  runInChild<Record<string, number[]>>(
    `${CHILD_HELPERS}
    const [url, pathsJson, started, over] = process.argv.slice(1);
    const fs = require('node:fs');
    (async () => {
      while (!fs.existsSync(started)) await new Promise((r) => setTimeout(r, 2));
      const reads = {};
      await Promise.all(JSON.parse(pathsJson).map(async (path) => {
        reads[path] = [];
        // Refused at once from one address, the burst can be over before a first page is rendered:
        // ten reads at least, or a p95 of one sample. The body is read as bytes, never decompressed.
        while (!fs.existsSync(over) || reads[path].length < 10) {
          const start = performance.now();
          const status = await new Promise((resolve, reject) =>
            http.get(url + path, { headers: { 'accept-encoding': 'br' } }, (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode));
            }).on('error', reject));
          if (status !== 200) throw new Error(path + ' answered ' + status);
          reads[path].push(performance.now() - start);
          await new Promise((res) => setTimeout(res, 20));
        }
      }));
      process.stdout.write(JSON.stringify(reads));
    })().catch((e) => { console.error(e); process.exit(1); });`,
    [url, JSON.stringify(SHOPPER_READS), started, over],
  );

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1]!;

describe.each([
  { name: 'from 300 forged addresses behind TRUST_PROXY=1', env: { TRUST_PROXY: '1' } as Record<string, string>, forged: true },
  { name: 'from one address', env: {} as Record<string, string>, forged: false },
])('300 wrong logins $name', ({ env, forged }) => {
  it('let the owner in from her browser within 2 s, hash a few dozen passwords, and keep pages answering', async () => {
    const app = await startTestApp({ demo: true, env: { RATE_LIMIT: 'on', ...env } });
    apps.push(app);
    // The owner signed in from this browser before: it holds the device cookie.
    const first = await fetch(`${app.url}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const device = first.headers.getSetCookie().find((c) => c.startsWith('device='));
    expect(device).toBeDefined();
    // The home page is cached from here on (on PostgreSQL, once the server listens for writes), and
    // so is the list the shopper reads: what is measured is cached reads. (A list read for the first
    // time during the burst waited up to 1 s on PostgreSQL for a connection: a miss, not this test's subject.)
    await expect.poll(async () => (await fetch(`${app.url}/`), app.cachedEntries())).toBeGreaterThan(0);
    await fetch(`${app.url}/trpc/products.list?input=${encodeURIComponent('{"pageSize":20}')}`);

    const before = bcryptStats.calls;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logins-'));
    const marks: [string, string] = [path.join(dir, 'started'), path.join(dir, 'over')];
    const [{ statuses, owner }, reads] = await Promise.all([
      burst(app.url, ADMIN.email, ADMIN.password, device!.split(';')[0]!, forged, marks),
      shopper(app.url, marks),
    ]);
    fs.rmSync(dir, { recursive: true });
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(owner.status).toBe(200);
    expect(owner.ms, `the owner's sign-in took ${Math.round(owner.ms)} ms`).toBeLessThan(2_000);
    // The account's budget across all addresses (20), a few retries opened by its doubling wait, the owner.
    expect(bcryptStats.calls - before).toBeLessThanOrEqual(40);
    for (const [read, latencies] of Object.entries(reads)) {
      expect(latencies.length, read).toBeGreaterThanOrEqual(10);
      expect(percentile(latencies, 95), `${read}: p95 of ${latencies.length}`).toBeLessThanOrEqual(200);
    }
  }, 90_000);
});

describe('300 wrong logins sent at once from one address', () => {
  it('are refused before the database past a few, and leave shoppers’ cached reads at p95 ≤ 300 ms', async () => {
    const app = await startTestApp({ demo: true, env: { RATE_LIMIT: 'on' } });
    apps.push(app);
    for (const path of CACHED_READS) await fetch(`${app.url}${path}`);
    const requests = Array.from({ length: 300 }, (_, i) => ({
      path: '/trpc/auth.login',
      body: { email: ADMIN.email, password: `devine ${i}` },
    }));
    const before = bcryptStats.calls;
    const report = await readsUnderAttack(app.url, { requests, connections: 300, once: true, localAddress: '127.0.0.7' }, 2);
    const figures = shopperFigures(report);
    console.log('logins from one address: shopper p95 (ms) before / during', figures, report.messages);
    // All but a few refused on arrival, before their body is read or the database asked: as busy
    // while the first ones hash, or as locked out once their failures have locked the address
    // (both from this server's memory; which of the two depends on how fast the first ones fail).
    const onArrival = Object.entries(report.messages)
      .filter(([message]) => message === LOGINS_BUSY || message.startsWith(waitMessage(1).split('.')[0]!))
      .reduce((sum, [, count]) => sum + count, 0);
    expect(onArrival, JSON.stringify(report.messages)).toBeGreaterThanOrEqual(300 - 2 * LOGINS_AT_ONCE);
    expect(bcryptStats.calls - before).toBeLessThanOrEqual(LOGINS_AT_ONCE * 2);
    // Accepting 300 connections at once costs the event loop some tens of milliseconds by itself:
    // the absolute bound holds, three times a 5 ms p95 cannot (the note of the hardening issue).
    for (const f of figures) expect(f.during, `${f.path}: ${f.before} → ${f.during} ms`).toBeLessThanOrEqual(300);
  }, 60_000);
});

describe('a stranger without the device cookie', () => {
  it('is refused at once when hashes already wait, with a French message', async () => {
    const app = await startTestApp({ env: { RATE_LIMIT: 'off' } });
    apps.push(app);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        fetch(`${app.url}/trpc/auth.login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: `inconnu${i}@example.com`, password: 'x' }),
        }).then(async (r) => ({ status: r.status, text: await r.text() })),
      ),
    );
    // Some are refused by the address's budget ("Trop de tentatives"), the rest of the excess at once.
    expect(answers.some((a) => a.status === 429 && a.text.includes('Trop de connexions en cours'))).toBe(true);
  });

  it('costs no hashing with a made-up reset token', async () => {
    const app = await startTestApp({ env: { RATE_LIMIT: 'off' } });
    apps.push(app);
    const before = bcryptStats.calls;
    for (let i = 0; i < 5; i++) {
      const r = await fetch(`${app.url}/trpc/auth.resetPassword`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: `jeton-invente-${i}-`.padEnd(43, 'x'), password: 'une phrase assez longue' }),
      });
      expect(r.status).toBe(400);
    }
    expect(bcryptStats.calls - before).toBe(0);
  });
});

// Refused or warned before the database opens: once is enough, on the PGlite run.
describe.skipIf(process.env.TEST_DATABASE_URL)('TRUST_PROXY and the listen address', () => {
  const start = (env: Record<string, string>) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const { HOST: _host, ...rest } = process.env;
      const child = execFile(process.execPath, ['server/dist/bin/main.js'], {
        env: { ...rest, LOG_LEVEL: 'silent', DATA_DIR: '.tmp/never-created', ...env },
        timeout: 30_000,
      });
      let stderr = '';
      child.stderr?.on('data', (c: string) => (stderr += c));
      child.on('exit', (code) => resolve({ code, stderr }));
    });

  it('refuses to start when the address is left to its default, and says what to set', async () => {
    const { code, stderr } = await start({ TRUST_PROXY: '1' });
    expect(code).toBe(1);
    expect(stderr).toContain('HOST=127.0.0.1');
  });

  it('warns loudly on a wildcard address, and says nothing on loopback', () => {
    expect(proxyListenCheck({ TRUST_PROXY: '1', HOST: '0.0.0.0' }).warning).toMatch(/^ATTENTION/);
    expect(proxyListenCheck({ TRUST_PROXY: '127.0.0.1', HOST: '127.0.0.1' })).toEqual({});
    expect(proxyListenCheck({ HOST: '0.0.0.0' })).toEqual({});
  });
});
